#include "assertions.hpp"

#include <charconv>
#include <regex>

namespace ck::host::jcz {

namespace {

// JavaScript's \w and \d spelled out, so the host's locale cannot widen them.
const std::regex& has_points_rule() {
    static const std::regex re(R"(([A-Za-z0-9_]+) has (-?[0-9]+) points?)", std::regex::ECMAScript);
    return re;
}
const std::regex& scored_rule() {
    static const std::regex re(R"(([A-Za-z0-9_]+) scored ([A-Za-z0-9_]+) for (-?[0-9]+) points?)",
                               std::regex::ECMAScript);
    return re;
}
const std::regex& phase_rule() {
    static const std::regex re(R"(phase is ([A-Za-z0-9_]+))", std::regex::ECMAScript);
    return re;
}

// An integer too large for long long cannot equal any score: nullopt.
std::optional<long long> to_number(const std::string& text) {
    long long v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return v;
}

int find_player(const AssertionState& s, const std::string& name) {
    for (size_t i = 0; i < s.player_names.size(); ++i)
        if (s.player_names[i] == name) return static_cast<int>(i);
    return -1;
}

std::string player_list(const AssertionState& s) {
    std::string out;
    for (const auto& n : s.player_names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

AssertionResult unknown_player(AssertionResult r, const AssertionState& s, const std::string& name) {
    r.passed = false;
    r.detail = "no player named '" + name + "' (players: " + player_list(s) + ")";
    return r;
}

std::string points_word(long long n) { return std::to_string(n) + (n == 1 || n == -1 ? " point" : " points"); }

// Rule 1: the player's total.
AssertionResult check_total(AssertionResult r, const AssertionState& s, const std::smatch& m) {
    const int p = find_player(s, m[1].str());
    if (p < 0) return unknown_player(std::move(r), s, m[1].str());
    const long long total = p < static_cast<int>(s.totals.size()) ? s.totals[p] : 0;
    r.passed = to_number(m[2].str()) == total;
    r.detail = m[1].str() + " has " + points_word(total);
    return r;
}

// Rule 2: some score entry with that player, points and feature word (the
// entry name's part before its first '.').
AssertionResult check_scored(AssertionResult r, const AssertionState& s, const std::smatch& m) {
    const int p = find_player(s, m[1].str());
    if (p < 0) return unknown_player(std::move(r), s, m[1].str());
    const std::string feature = m[2].str();
    const auto points = to_number(m[3].str());
    std::string entries;
    for (const auto& e : s.score_log) {
        if (e.player != p) continue;
        const std::string word = e.name.substr(0, e.name.find('.'));
        if (word == feature && points == e.points) {
            r.passed = true;
            r.detail = "found entry " + e.name + " " + std::to_string(e.points);
            return r;
        }
        entries += (entries.empty() ? "" : ", ") + e.name + " " + std::to_string(e.points);
    }
    r.passed = false;
    r.detail = entries.empty() ? m[1].str() + " has no score entries" : m[1].str() + "'s entries: " + entries;
    return r;
}

AssertionResult check_pass(AssertionResult r, const AssertionState& s, bool expected) {
    if (!s.can_pass) {
        r.passed = false;
        r.detail = "no pending action in " + s.phase;
        return r;
    }
    r.passed = *s.can_pass == expected;
    r.detail = std::string(*s.can_pass ? "player can pass" : "player can't pass") + " in " + s.phase;
    return r;
}

}  // namespace

AssertionResult evaluate_assertion(const std::string& assertion, const AssertionState& state) {
    AssertionResult r;
    r.text = assertion;
    std::smatch m;
    if (std::regex_search(assertion, m, has_points_rule())) return check_total(std::move(r), state, m);
    if (std::regex_search(assertion, m, scored_rule())) return check_scored(std::move(r), state, m);
    if (assertion == "Player can't pass") return check_pass(std::move(r), state, false);
    if (assertion == "Player can pass") return check_pass(std::move(r), state, true);
    if (std::regex_search(assertion, m, phase_rule())) {
        r.passed = m[1].str() == state.phase;
        r.detail = "phase is " + state.phase;
        return r;
    }
    r.passed = false;
    r.detail = "Unknown assertion";
    return r;
}

std::vector<AssertionResult> evaluate_assertions(const std::vector<std::string>& assertions,
                                                 const AssertionState& state) {
    std::vector<AssertionResult> out;
    out.reserve(assertions.size());
    for (const auto& a : assertions) out.push_back(evaluate_assertion(a, state));
    return out;
}

}  // namespace ck::host::jcz

#include "assertions.hpp"

#include <charconv>
#include <string_view>

namespace ck::host::jcz {

namespace {

// The assertion forms are matched by hand, left to right, without
// std::regex: its backtracking recurses once per character and overflowed
// the stack on a 30,000-character assertion (issue 11, finding 2). A form
// matches only the whole text: "Alice has 4 pointsss" is no assertion.
class Cursor {
public:
    explicit Cursor(std::string_view text) : text_(text) {}

    // JavaScript's \w+ spelled out ([A-Za-z0-9_]+), so the host's locale
    // cannot widen it.
    bool word(std::string& out) {
        const size_t start = pos_;
        while (pos_ < text_.size() && is_word_char(text_[pos_])) ++pos_;
        out.assign(text_.substr(start, pos_ - start));
        return pos_ > start;
    }
    // -?[0-9]+
    bool integer(std::string& out) {
        const size_t start = pos_;
        if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
        const size_t digits = pos_;
        while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
        if (pos_ == digits) {
            pos_ = start;
            return false;
        }
        out.assign(text_.substr(start, pos_ - start));
        return true;
    }
    bool literal(std::string_view s) {
        if (text_.substr(pos_, s.size()) != s) return false;
        pos_ += s.size();
        return true;
    }
    // " point" or " points"
    bool points_word() {
        if (!literal(" point")) return false;
        literal("s");
        return true;
    }
    bool at_end() const { return pos_ == text_.size(); }
    std::string_view rest() const { return text_.substr(pos_); }
    std::string_view done() const { return text_.substr(0, pos_); }

private:
    static bool is_word_char(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }
    std::string_view text_;
    size_t pos_ = 0;
};

// What a form's parse found: the captured words, and whether the whole
// text was the form (`complete`) or only a prefix of it.
struct Match {
    bool prefix = false;    // the text starts with the form
    bool complete = false;  // ... and nothing follows
    std::string a, b, c;
    std::string_view matched, trailing;
};

Match finish(Match m, const Cursor& c) {
    m.prefix = true;
    m.complete = c.at_end();
    m.matched = c.done();
    m.trailing = c.rest();
    return m;
}

// (\w+) has (-?\d+) points?
Match match_has_points(std::string_view text) {
    Cursor c(text);
    Match m;
    if (c.word(m.a) && c.literal(" has ") && c.integer(m.b) && c.points_word()) return finish(std::move(m), c);
    return {};
}

// (\w+) scored (\w+) for (-?\d+) points?
Match match_scored(std::string_view text) {
    Cursor c(text);
    Match m;
    if (c.word(m.a) && c.literal(" scored ") && c.word(m.b) && c.literal(" for ") && c.integer(m.c) &&
        c.points_word())
        return finish(std::move(m), c);
    return {};
}

// phase is (\w+)
Match match_phase(std::string_view text) {
    Cursor c(text);
    Match m;
    if (c.literal("phase is ") && c.word(m.a)) return finish(std::move(m), c);
    return {};
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
AssertionResult check_total(AssertionResult r, const AssertionState& s, const Match& m) {
    const int p = find_player(s, m.a);
    if (p < 0) return unknown_player(std::move(r), s, m.a);
    const long long total = p < static_cast<int>(s.totals.size()) ? s.totals[p] : 0;
    r.passed = to_number(m.b) == total;
    r.detail = m.a + " has " + points_word(total);
    return r;
}

// Rule 2: some score entry with that player, points and feature word (the
// entry name's part before its first '.').
AssertionResult check_scored(AssertionResult r, const AssertionState& s, const Match& m) {
    const int p = find_player(s, m.a);
    if (p < 0) return unknown_player(std::move(r), s, m.a);
    const std::string& feature = m.b;
    const auto points = to_number(m.c);
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
    r.detail = entries.empty() ? m.a + " has no score entries" : m.a + "'s entries: " + entries;
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

// Shown in a detail, so a long assertion does not make a long line.
std::string excerpt(std::string_view text) {
    constexpr size_t kMax = 40;
    return "\"" + std::string(text.substr(0, kMax)) + (text.size() > kMax ? "...\"" : "\"");
}

}  // namespace

AssertionResult evaluate_assertion(const std::string& assertion, const AssertionState& state) {
    AssertionResult r;
    r.text = assertion;
    const Match has = match_has_points(assertion);
    if (has.complete) return check_total(std::move(r), state, has);
    const Match scored = match_scored(assertion);
    if (scored.complete) return check_scored(std::move(r), state, scored);
    if (assertion == "Player can't pass") return check_pass(std::move(r), state, false);
    if (assertion == "Player can pass") return check_pass(std::move(r), state, true);
    const Match phase = match_phase(assertion);
    if (phase.complete) {
        r.passed = phase.a == state.phase;
        r.detail = "phase is " + state.phase;
        return r;
    }
    r.passed = false;
    r.detail = "Unknown assertion";
    for (const Match* m : {&has, &scored, &phase}) {
        if (!m->prefix) continue;
        r.detail += ": text after " + excerpt(m->matched) + ": " + excerpt(m->trailing) +
                    " (an assertion must be exactly one of the forms)";
        break;
    }
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

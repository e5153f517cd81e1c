#include "score_breakdown.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <vector>

namespace ck::host::render {

namespace {

// The plural of a declared label: "inns", "princesses", "ferries".
std::string plural(std::string_view noun) {
    const auto ends = [&](std::string_view e) { return noun.size() >= e.size() && noun.substr(noun.size() - e.size()) == e; };
    if (ends("s") || ends("x") || ends("z") || ends("ch") || ends("sh")) return std::string(noun) + "es";
    if (noun.size() >= 2 && noun.back() == 'y' && std::string_view("aeiou").find(noun[noun.size() - 2]) == std::string_view::npos)
        return std::string(noun.substr(0, noun.size() - 1)) + "ies";
    return std::string(noun) + "s";
}

std::string count_of(int n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// " with an inn", " with 2 cathedrals": the declared segment attributes it has.
std::string attributes_text(const ScoreEntry::Counts& c) {
    std::string s;
    for (const auto& [label, n] : c.attributes) {
        const bool vowel = !label.empty() && std::string_view("aeiou").find(label[0]) != std::string_view::npos;
        s += (s.empty() ? " with " : " and ") + (n == 1 ? std::string(vowel ? "an " : "a ") + label
                                                         : std::to_string(n) + " " + plural(label));
    }
    return s;
}

std::string spaces_text(const ScoreEntry::Counts& c) {
    std::string s = count_of(c.spaces, "space", "spaces");
    if (c.tiles != c.spaces) s += " (" + count_of(c.tiles, "tile", "tiles") + ")";
    return s + attributes_text(c);
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// The engine's count, checked against the points it gave; empty if the
// entry's name is not one the engine scores (then only the base is shown).
std::string base_formula(const ScoreEntry& e, const ScoreEntry::Counts& c) {
    const std::string pennants = count_of(c.pennants, "pennant", "pennants");
    const FeatureKind kind = *e.kind;
    if (kind == FeatureKind::City && e.name == "city" && c.base_points == 2 * c.spaces + 2 * c.pennants)
        return spaces_text(c) + " × 2" + (c.pennants ? " + " + pennants + " × 2" : "");
    if (kind == FeatureKind::City && c.base_points == c.spaces + c.pennants)
        return spaces_text(c) + (c.pennants ? " + " + pennants : "");
    if (kind == FeatureKind::Road && c.base_points == c.spaces) return spaces_text(c);
    if ((kind == FeatureKind::Monastery || kind == FeatureKind::Garden) && c.base_points == c.spaces) {
        std::string s = count_of(c.spaces, "occupied space", "occupied spaces") + " of its 3×3 area";
        if (c.tiles != c.spaces) s += " (" + count_of(c.tiles, "tile", "tiles") + ")";
        return s;
    }
    if (kind == FeatureKind::Field && c.base_points % 3 == 0) {
        const int cities = c.base_points / 3;
        return cities ? count_of(cities, "completed city", "completed cities") + " × 3" : "no completed city borders it";
    }
    return "";
}

// Tokens placed by the time of the entry on the feature's spaces (its tiles;
// a monastery's 3×3 area), by kind in the order first seen.
std::string tokens_on_feature(const Game& game, const ScoreEntry& e) {
    if (game.tokens().empty()) return "";
    std::vector<Position> spaces;
    try {
        const FeatureView v = game.feature_view(e.counts->feature);
        for (const TileRef& r : v.parts) spaces.push_back(r.pos);
        if ((v.kind == FeatureKind::Monastery || v.kind == FeatureKind::Garden) && !v.parts.empty()) {
            const Position c = v.parts.front().pos;
            spaces.clear();
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    spaces.push_back({static_cast<int16_t>(c.x + dx), static_cast<int16_t>(c.y + dy)});
        }
    } catch (const HostError&) {
        return "";
    }
    std::vector<std::pair<std::string, int>> kinds;
    for (const PlacedToken& t : game.tokens()) {
        if (t.turn > e.turn) continue;
        if (std::find(spaces.begin(), spaces.end(), t.at.pos) == spaces.end()) continue;
        auto it = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == t.kind; });
        if (it == kinds.end()) kinds.push_back({t.kind, 1});
        else ++it->second;
    }
    std::string out;
    for (const auto& [kind, n] : kinds) {
        const std::string name = token_name(game, kind);
        out += (out.empty() ? "" : ", ") + (n == 1 ? name : std::to_string(n) + " " + plural(name));
    }
    return out;
}

}  // namespace

std::string token_name(const Game& game, std::string_view kind) {
    return game.hooks() != nullptr ? game.hooks()->token_kind_name(kind) : std::string(kind);
}

std::string score_formula(const Game& game, const ScoreEntry& e) {
    if (!e.counts || !e.kind) return "";
    const ScoreEntry::Counts& c = *e.counts;
    std::string s = base_formula(e, c);
    if (s.empty()) s = "base " + std::to_string(c.base_points) + attributes_text(c);
    const int delta = e.points - c.base_points;
    if (delta != 0) {
        if (starts_with(s, "no completed city")) s = "0 (" + s + ")";
        // Each expansion's change in its own words ("+ 3 pilgrims' road");
        // what none explained (none should be left) as "from expansions".
        int explained = 0;
        const auto term = [](int n, const std::string& why) {
            return (n > 0 ? " + " : " − ") + std::to_string(std::abs(n)) + " " + why;
        };
        for (const PointsAdjustment& a : c.adjustments) {
            s += term(a.delta, a.reason);
            explained += a.delta;
        }
        if (delta != explained) s += term(delta - explained, "from expansions");
        const std::string tokens = tokens_on_feature(game, e);
        if (!tokens.empty()) s += " (buildings on it: " + tokens + ")";
    }
    return s;
}

std::string score_breakdown(const Game& game, const ScoreEntry& e) {
    const std::string formula = score_formula(game, e);
    if (formula.empty()) return e.name + " " + std::to_string(e.points);
    if (e.points == 0 && starts_with(formula, "no completed city")) return e.name + " 0: " + formula;
    return e.name + " " + std::to_string(e.points) + " = " + formula;
}

}  // namespace ck::host::render

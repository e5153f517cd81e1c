#include "figure_kinds.hpp"

#include <algorithm>
#include <charconv>

#include "errors.hpp"

namespace ck::host {

bool FigureKind::may_stand_on(FeatureKind k) const {
    return std::find(stands_on.begin(), stands_on.end(), k) != stands_on.end();
}

FigureKind small_follower_kind(int count, bool farmers) {
    FigureKind k;
    k.id = std::string(kSmallFollowerId);
    k.name = "small follower";
    k.count = count;
    k.stands_on = {FeatureKind::Road, FeatureKind::City, FeatureKind::Monastery};
    if (farmers) k.stands_on.push_back(FeatureKind::Field);
    k.strength = 1;
    k.jcz_type = std::string(kSmallFollowerId);
    return k;
}

namespace {
// Ids and meeple types are one word of [a-z0-9-], so a meeple id has
// exactly three dot-separated parts.
bool is_word(const std::string& s) {
    return !s.empty() && s.size() <= 64 &&
           std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}
}  // namespace

std::string figure_kind_problem(const FigureKind& k) {
    if (!is_word(k.id)) return "figure kind id \"" + k.id + "\" is not a word of a-z, 0-9 and '-' (1 to 64 characters)";
    const std::string what = "figure kind \"" + k.id + "\": ";
    if (!is_word(k.jcz_type)) return what + "JCZ meeple type \"" + k.jcz_type + "\" is not a word of a-z, 0-9 and '-'";
    if (k.name.empty()) return what + "no display name";
    if (k.count < 0 || k.count > kMaxFiguresPerKind)
        return what + "count " + std::to_string(k.count) + " per player (0 to " + std::to_string(kMaxFiguresPerKind) + ")";
    if (k.stands_on.empty()) return what + "stands on no feature kind";
    for (FeatureKind f : k.stands_on)
        if (static_cast<uint8_t>(f) > static_cast<uint8_t>(FeatureKind::Garden))
            return what + "unknown feature kind " + std::to_string(static_cast<int>(f));
    if (k.strength < 0 || k.strength > 8) return what + "strength " + std::to_string(k.strength) + " (0 to 8)";
    return "";
}

std::string format_meeple_id(MeepleId id, const std::vector<FigureKind>& kinds) {
    const std::string type = id.kind < kinds.size() ? kinds[id.kind].jcz_type : "kind" + std::to_string(id.kind);
    return std::to_string(id.player) + "." + type + "." + std::to_string(id.number);
}

MeepleId parse_meeple_id(const std::string& text, const std::vector<FigureKind>& kinds) {
    std::string types;
    for (const FigureKind& k : kinds) types += (types.empty() ? "" : ", ") + k.jcz_type;
    const auto bad = [&](const std::string& why) {
        return HostError("meeple id \"" + text + "\": " + why + " (expected \"<player>.<type>.<n>\" with type " + types +
                         ", e.g. \"0.small.1\")");
    };
    const size_t dot1 = text.find('.');
    const size_t dot2 = dot1 == std::string::npos ? dot1 : text.find('.', dot1 + 1);
    if (dot2 == std::string::npos) throw bad("not three parts");
    const std::string type = text.substr(dot1 + 1, dot2 - dot1 - 1);
    const auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const FigureKind& k) { return k.jcz_type == type; });
    if (kind == kinds.end())
        throw bad(kinds.size() == 1 ? "only small followers exist here" : "no figure of type \"" + type + "\" in this game");
    unsigned player = 0, number = 0;
    const char* b = text.data();
    auto r1 = std::from_chars(b, b + dot1, player);
    auto r2 = std::from_chars(b + dot2 + 1, b + text.size(), number);
    if (r1.ec != std::errc{} || r1.ptr != b + dot1 || dot1 == 0) throw bad("bad player number");
    if (r2.ec != std::errc{} || r2.ptr != b + text.size() || dot2 + 1 == text.size()) throw bad("bad meeple number");
    if (player > 255 || number < 1 || number > 255) throw bad("number out of range");
    return {static_cast<uint8_t>(player), static_cast<uint8_t>(number), static_cast<uint8_t>(kind - kinds.begin())};
}

}  // namespace ck::host

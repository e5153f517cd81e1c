#include "location_names.hpp"

#include <array>
#include <cstdio>
#include <utility>

#include "errors.hpp"

namespace ck::host {
namespace {

using loc::N, loc::E, loc::S, loc::W;

struct NamedLocation {
    std::string_view name;
    Location mask;
};

// Every set of compass sides has exactly one JCZ name (jcz-interop.md §1.3).
constexpr std::array<NamedLocation, 15> kSideSetNames{{
    {"N", N}, {"E", E}, {"S", S}, {"W", W},
    {"NE", N | E}, {"SE", S | E}, {"SW", S | W}, {"NW", N | W},
    {"NS", N | S}, {"WE", W | E},
    {"_N", E | S | W}, {"_E", N | S | W}, {"_S", N | E | W}, {"_W", N | E | S},
    {"NWSE", N | E | S | W},
}};

// Halves in canonical writing order.
constexpr std::array<NamedLocation, 10> kHalfNames{{
    {"NL", loc::NL}, {"NR", loc::NR}, {"EL", loc::EL}, {"ER", loc::ER},
    {"SL", loc::SL}, {"SR", loc::SR}, {"WL", loc::WL}, {"WR", loc::WR},
    {"DL", loc::DL}, {"DR", loc::DR},
}};

constexpr std::array<NamedLocation, 3> kOtherNames{{{"D", loc::D}, {"I", loc::I}, {"II", loc::II}}};

const NamedLocation* find_name(std::string_view part) {
    for (const auto& n : kSideSetNames)
        if (n.name == part) return &n;
    for (const auto& n : kHalfNames)
        if (n.name == part) return &n;
    for (const auto& n : kOtherNames)
        if (n.name == part) return &n;
    return nullptr;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string in_quotes(std::string_view s) { return "\"" + std::string(s) + "\""; }

// Looks `text` up in a small name table; throws naming `what` if absent.
template <typename T, size_t Count>
T lookup(const std::array<std::pair<std::string_view, T>, Count>& table, std::string_view text,
         const char* what) {
    for (const auto& [name, value] : table)
        if (name == text) return value;
    std::string expected;
    for (const auto& [name, value] : table) expected += (expected.empty() ? "" : ", ") + std::string(name);
    throw HostError("unknown " + std::string(what) + " " + in_quotes(text) + " (expected one of " + expected + ")");
}

constexpr std::array<std::pair<std::string_view, FeatureKind>, 5> kFeatureKinds{{
    {"Road", FeatureKind::Road}, {"City", FeatureKind::City}, {"Monastery", FeatureKind::Monastery},
    {"Field", FeatureKind::Field}, {"Garden", FeatureKind::Garden},
}};
constexpr std::array<std::pair<std::string_view, int>, 4> kRotations{{{"R0", 0}, {"R90", 1}, {"R180", 2}, {"R270", 3}}};
constexpr std::array<std::pair<std::string_view, Side>, 4> kSides{{{"N", Side::N}, {"E", Side::E}, {"S", Side::S}, {"W", Side::W}}};
constexpr std::array<std::pair<std::string_view, Corner>, 4> kCorners{
    {{"NE", Corner::NE}, {"SE", Corner::SE}, {"SW", Corner::SW}, {"NW", Corner::NW}}};

}  // namespace

Location parse_location(std::string_view text) {
    Location result = 0;
    bool any = false;
    size_t i = 0;
    while (i < text.size()) {
        if (is_space(text[i])) {
            ++i;
            continue;
        }
        // One whitespace-free token, itself a '.'-joined list of names.
        size_t end = i;
        while (end < text.size() && !is_space(text[end])) ++end;
        std::string_view token = text.substr(i, end - i);
        size_t start = 0;
        while (true) {
            size_t dot = token.find('.', start);
            std::string_view part = token.substr(start, dot == std::string_view::npos ? dot : dot - start);
            if (part.empty()) throw HostError("empty part in location " + in_quotes(text));
            const NamedLocation* named = find_name(part);
            if (!named) throw HostError("unknown location name " + in_quotes(part) + " in " + in_quotes(text));
            result |= named->mask;
            any = true;
            if (dot == std::string_view::npos) break;
            start = dot + 1;
        }
        i = end;
    }
    if (!any) throw HostError("empty location " + in_quotes(text));
    return result;
}

std::string format_location(Location l) {
    std::string out;
    Location rest = l;
    auto append = [&](std::string_view part, Location mask) {
        if (!out.empty()) out += '.';
        out += part;
        rest &= ~mask;
    };
    Location sides = 0;
    for (Side s : {Side::N, Side::E, Side::S, Side::W})
        if ((l & loc::side(s)) == loc::side(s)) sides |= loc::side(s);
    for (const auto& n : kSideSetNames)
        if (sides != 0 && n.mask == sides) append(n.name, n.mask);
    if ((l & loc::D) == loc::D) append("D", loc::D);
    for (const auto& n : kHalfNames)
        if (l & n.mask) append(n.name, n.mask);
    if (l & loc::I) append("I", loc::I);
    if (l & loc::II) append("II", loc::II);
    if (rest != 0) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "0x%X", static_cast<unsigned>(rest));
        append(buf, rest);
    }
    return out;
}

std::string_view feature_kind_name(FeatureKind k) {
    for (const auto& [name, value] : kFeatureKinds)
        if (value == k) return name;
    return "Unknown";
}
FeatureKind parse_feature_kind(std::string_view text) { return lookup(kFeatureKinds, text, "feature kind"); }

std::string_view rotation_name(int quarter_turns) { return kRotations[quarter_turns & 3].first; }
int parse_rotation(std::string_view text) { return lookup(kRotations, text, "rotation"); }

std::string_view side_name(Side s) { return kSides[static_cast<int>(s) & 3].first; }
Side parse_side(std::string_view text) { return lookup(kSides, text, "side"); }

char edge_type_letter(EdgeType e) { return e == EdgeType::City ? 'C' : e == EdgeType::Road ? 'R' : 'F'; }

std::string edge_pattern(const TileDef& tile) {
    std::string out;
    for (EdgeType e : tile.edges) out += edge_type_letter(e);
    return out;
}

std::string_view corner_name(Corner c) {
    return c == Corner::None ? std::string_view("none") : kCorners[rotation_for_corner(c) & 3].first;
}
Corner parse_corner(std::string_view text) { return lookup(kCorners, text, "corner"); }

std::string format_position(Position p) { return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")"; }

std::string format_tile_ref(TileRef r) {
    std::string out = format_position(r.pos);
    if (r.corner != Corner::None) out += " " + std::string(corner_name(r.corner));
    return out;
}

}  // namespace ck::host

#include "rules.hpp"

#include <array>
#include <cstdio>
#include <utility>

namespace ck::wind_roses {

std::string_view rose_name(Rose rose) {
    switch (rose) {
        case Rose::Large: return "NWSE";
        case Rose::NorthWest: return "NW";
        case Rose::NorthEast: return "NE";
        case Rose::SouthEast: return "SE";
        case Rose::SouthWest: return "SW";
    }
    return "?";
}

std::optional<Rose> rose_named(std::string_view name) {
    for (const Rose rose : kRoses)
        if (rose_name(rose) == name) return rose;
    return std::nullopt;
}

std::string_view rose_marker(Rose rose) {
    switch (rose) {
        case Rose::Large: return "wind-rose-large";
        case Rose::NorthWest: return "wind-rose-nw";
        case Rose::NorthEast: return "wind-rose-ne";
        case Rose::SouthEast: return "wind-rose-se";
        case Rose::SouthWest: return "wind-rose-sw";
    }
    return "";
}

std::string_view rose_label(Rose rose) {
    switch (rose) {
        case Rose::Large: return "large wind rose";
        case Rose::NorthWest: return "small wind rose, north-west";
        case Rose::NorthEast: return "small wind rose, north-east";
        case Rose::SouthEast: return "small wind rose, south-east";
        case Rose::SouthWest: return "small wind rose, south-west";
    }
    return "";
}

Rose marked_quarter(Rose small, int reference_rotation) {
    // Clockwise order of the quarters: a quarter turn moves one step.
    static constexpr std::array<Rose, 4> kClockwise{Rose::NorthEast, Rose::SouthEast, Rose::SouthWest,
                                                    Rose::NorthWest};
    for (int i = 0; i < 4; ++i)
        if (kClockwise[static_cast<size_t>(i)] == small)
            return kClockwise[static_cast<size_t>(((i + reference_rotation) % 4 + 4) % 4)];
    return small;  // Rose::Large marks no quarter
}

bool in_quarter(Rose quarter, int x, int y, const Reference& r) {
    switch (quarter) {
        case Rose::NorthWest: return x <= r.x && y <= r.y;
        case Rose::NorthEast: return x >= r.x && y <= r.y;
        case Rose::SouthEast: return x >= r.x && y >= r.y;
        case Rose::SouthWest: return x <= r.x && y >= r.y;
        case Rose::Large: return false;
    }
    return false;
}

int rose_bonus(Rose rose, int x, int y, const std::optional<Reference>& reference) {
    if (rose == Rose::Large || !reference) return 0;
    return in_quarter(marked_quarter(rose, reference->rotation), x, y, *reference) ? kBonus : 0;
}

std::string encode(const Reference& r) {
    return std::to_string(r.x) + " " + std::to_string(r.y) + " " + std::to_string(r.rotation);
}

std::optional<Reference> decode(std::string_view data) {
    if (data.empty() || data.size() > 40) return std::nullopt;
    const std::string text(data);
    Reference r;
    int consumed = 0;
    if (std::sscanf(text.c_str(), "%d %d %d%n", &r.x, &r.y, &r.rotation, &consumed) != 3 ||
        consumed != static_cast<int>(text.size()) || r.rotation < 0 || r.rotation > 3)
        return std::nullopt;
    return r;
}

}  // namespace ck::wind_roses

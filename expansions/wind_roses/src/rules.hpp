// The Wind Roses' rules, free of the SDK (docs/expansions/wind-roses.md,
// rules WR-n): which tile shows which rose, the reference a large rose
// sets, and whether a small rose lies in the quarter it marks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ck::wind_roses {

// A tile's rose: the large one (all four quarters, JCloisterZone's NWSE) or
// a small one marking one quarter as printed at R0.
enum class Rose { Large, NorthWest, NorthEast, SouthEast, SouthWest };

// The quarter as the tile file writes it in <tile wind-rose="...">
// ("NW"), "NWSE" for the large rose; and back (nullopt for any other text).
std::string_view rose_name(Rose rose);
std::optional<Rose> rose_named(std::string_view name);

// Every rose, and the tile marker (an empty element of <tile> in this
// library's tile file) the picture shows it by: "wind-rose-large", ...
inline constexpr Rose kRoses[] = {Rose::Large, Rose::NorthWest, Rose::NorthEast, Rose::SouthEast, Rose::SouthWest};
std::string_view rose_marker(Rose rose);
// For people, in the picture's badge and legend: "small wind rose, north-east".
std::string_view rose_label(Rose rose);

// WR-2: the most recently laid large rose: its space and rotation.
struct Reference {
    int x = 0, y = 0;
    int rotation = 0;  // quarter turns clockwise
    bool operator==(const Reference&) const = default;
};

// WR-4: the quarter a small rose marks once the reference's rotation turns
// it (a quarter turn clockwise takes north-east to south-east). `small` is
// never Rose::Large.
Rose marked_quarter(Rose small, int reference_rotation);

// WR-3: whether the space (x, y) lies in `quarter` of the reference's space
// (north is smaller y; the reference's row and column belong to both
// quarters they border).
bool in_quarter(Rose quarter, int x, int y, const Reference& reference);

// The points for laying a tile showing `rose` at (x, y): 3 for a small rose
// in the quarter it marks (WR-3, WR-4), else 0; 0 without a reference
// (WR-6) and for a large rose.
inline constexpr int kBonus = 3;
int rose_bonus(Rose rose, int x, int y, const std::optional<Reference>& reference);

// The reference as expansion data ("x y rotation") and back; nullopt for
// data that is empty or not this form.
std::string encode(const Reference& reference);
std::optional<Reference> decode(std::string_view data);

}  // namespace ck::wind_roses

// The River's placement rules, free of the SDK (docs/expansions/river.md,
// rules RI-n): where a river tile may be laid, given which spaces hold a
// tile. Sides are bits: 0 north, 1 east, 2 south, 3 west (the SDK's
// edge_kind_sides and rotate_sides).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace ck::river {

// The spaces around (x, y): north is smaller y.
struct Space {
    int x = 0, y = 0;
    bool operator==(const Space&) const = default;
};
Space beside(Space s, int side);  // the neighbour across side 0..3

// RI-5, RI-6: why a tile whose river lies on `river_sides` (as laid) may
// not go at `at`, or nullopt when it may. `occupied` tells whether a space
// holds a tile. The host has already matched the edges (RI-4), so a river
// side facing a tile faces the river.
//  - RI-5: at least one river side must meet the river already laid;
//  - RI-6: for each river side left open, the space it flows into must
//    have room: the two spaces beside that space and the three beyond it
//    are empty, so the river cannot turn back on itself.
std::optional<std::string> river_veto(Space at, uint8_t river_sides, const std::function<bool(Space)>& occupied);

// The rule option choosing the release, and its values: "1" (The River,
// the first) or "2" (The River II, with its fork and volcano lake).
inline constexpr const char* kReleaseRule = "river.release";

}  // namespace ck::river

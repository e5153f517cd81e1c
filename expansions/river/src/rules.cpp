#include "rules.hpp"

namespace ck::river {
namespace {

constexpr const char* kSideNames[4] = {"north", "east", "south", "west"};

}  // namespace

Space beside(Space s, int side) {
    switch (side & 3) {
        case 0: return {s.x, s.y - 1};
        case 1: return {s.x + 1, s.y};
        case 2: return {s.x, s.y + 1};
        default: return {s.x - 1, s.y};
    }
}

std::optional<std::string> river_veto(Space at, uint8_t river_sides, const std::function<bool(Space)>& occupied) {
    bool continues = false;
    for (int side = 0; side < 4; ++side)
        if ((river_sides >> side) & 1u) continues = continues || occupied(beside(at, side));
    if (!continues) return std::string("RI-5: the tile's river does not continue the river already laid");
    for (int side = 0; side < 4; ++side) {
        if (!((river_sides >> side) & 1u)) continue;
        const Space next = beside(at, side);
        if (occupied(next)) continue;  // this end meets the river
        // The spaces the river may flow into from `next`, which must stay free.
        const Space beyond = beside(next, side);
        const Space reserved[] = {beside(next, side + 3), beside(next, side + 1), beyond, beside(beyond, side + 3),
                                  beside(beyond, side + 1)};
        for (const Space r : reserved)
            if (occupied(r))
                return "RI-6: the river flowing " + std::string(kSideNames[side]) + " would turn back on itself (a tile lies at (" +
                       std::to_string(r.x) + "," + std::to_string(r.y) + "))";
    }
    return std::nullopt;
}

}  // namespace ck::river

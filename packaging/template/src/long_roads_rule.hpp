// The rule of Long Roads, without the SDK: a completed road of at least
// `min_tiles` tiles scores one point more per tile.
#pragma once

namespace long_roads {

struct Options {
    int min_tiles = 4;  // rule option longRoads.minTiles
};

// The points a road of `tiles` tiles gains; 0 for an incomplete road (at the
// end of the game) or a short one.
int bonus(int tiles, bool completed, const Options& options);

}  // namespace long_roads

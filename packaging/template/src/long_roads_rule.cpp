#include "long_roads_rule.hpp"

namespace long_roads {

int bonus(int tiles, bool completed, const Options& options) {
    if (!completed || tiles < options.min_tiles) return 0;
    return tiles;
}

}  // namespace long_roads

// JCloisterZone's tile groups (docs/abi.md, "Tile groups"): every tile of
// the pack belongs to a group, named by the <tile group="..."> attribute of
// its tile file ("default" without one) unless a held-back declaration
// claims it; draws pick among the tiles of the active groups only. The
// river is drawn first and its lake last this way, and the dragon's tiles
// wait for a volcano.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tile_def.hpp"

namespace ck::host {

inline constexpr const char* kDefaultTileGroup = "default";

// How an expansion's group is drawn (manifest TileGroupDecl).
struct TileGroupRule {
    std::string group;      // "river", or "default"
    std::string successor;  // activated when `group` is drawn empty; may be empty
    bool leaves_pack = false;  // its tiles leave the pack before the first draw
};

// Fixed for a game, shared by its copies: each tile type's group, and per
// group what activates it.
struct TileGroups {
    static constexpr uint8_t kNoGroup = 255;
    std::vector<std::string> names;      // sorted, as JCloisterZone orders its pack
    std::vector<uint8_t> group_of;       // per tile type: index in names
    std::vector<uint8_t> successor;      // per group: group activated when it is drawn empty, or kNoGroup
    std::vector<uint8_t> leaves_pack;    // per group: 1 if its tiles leave the pack at the start
    std::vector<std::string> released_by;  // per group: a tile marker whose tile activates it (held back), or ""
};

}  // namespace ck::host

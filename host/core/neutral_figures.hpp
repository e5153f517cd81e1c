// Figures of no player's (the dragon, the fairy) and the tile declarations
// of the movement stage, as the enabled expansions declare them (manifest
// revision 6; docs/host.md, "The movement step").
#pragma once

#include <optional>
#include <string>

#include "geometry.hpp"
#include "move_record.hpp"

namespace ck::host {

// A figure of no player's that an enabled expansion declares (the dragon,
// the fairy): the game keeps where it stands, the expansion moves it.
struct NeutralFigureKind {
    std::string name;       // "dragon"
    std::string label;      // "the dragon"
    std::string jcz_id;     // "dragon.1"
    std::string expansion;  // id of the declaring expansion
    bool blocks_figures = false;  // no figure may be put on its space (NeutralFigureDecl.blocks_figures)
};

// Where a neutral figure stands: on a tile as a whole (location 0), or on
// one of its segments, next to the figure `next_to` standing there
// (JCloisterZone's MeeplePointer). When that figure leaves the board, the
// neutral figure stays, next to nobody (JCloisterZone's detached fairy).
struct NeutralFigureSpot {
    TileRef at;
    Location location = 0;
    std::optional<MeepleId> next_to;
    friend bool operator==(const NeutralFigureSpot&, const NeutralFigureSpot&) = default;
};

// An empty child element of <tile> that an enabled expansion's rules read
// (`<volcano/>`), and its name for people.
struct TileMarker {
    std::string name;   // "volcano"
    std::string label;  // "volcano"
    bool wild_edges = false;  // TileMarkerDecl.wild_edges: the abbey's sides
    friend bool operator==(const TileMarker&, const TileMarker&) = default;
};

// Tiles carrying tile marker `held` are not drawn until a tile carrying
// `until_placed` is on the board (JCloisterZone's deactivated tile group).
struct HeldBackTiles {
    std::string held;          // "dragon"
    std::string until_placed;  // "volcano"
    // Only when rule option `rule_key` has one of `rule_values` in the game
    // (its value there, else `rule_default`); empty: always.
    std::string rule_key{};
    std::vector<std::string> rule_values{};
    std::string rule_default{};
};

}  // namespace ck::host

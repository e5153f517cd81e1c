// The Watchtowers' rules, free of the SDK (docs/expansions/watchtowers.md,
// rules WT-n): which tile carries which tower, and how many points a tower
// gives a figure standing on its tile (WT-3, WT-6, WT-8, WT-9).
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace ck::watchtowers {

// What a tower counts in its 3x3 area (JCloisterZone's `bonus` subjects).
enum class Subject { Road, City, CoatOfArms, Monastery, Follower };

struct Tower {
    Subject subject;
    int points;  // per subject counted
};

// The tower of one of the twelve tiles of the expansion, by its
// JCloisterZone id ("WT/FRFR_3C"); nullopt for any other id. The host keeps
// the <watchtower> element as a tile marker but drops its `bonus` value,
// so the module knows the kinds itself.
std::optional<Tower> tower_of(std::string_view tile_id);

// The subject as the tile file's `bonus` writes it ("coat-of-arms").
std::string_view subject_name(Subject subject);

// Halflings' unit for areas (halflings.gridUnit, HF-46): whether "road" and
// "city" towers count the spaces showing one or the tiles (two triangles
// of a space: 1 or 2).
enum class GridUnit { Space, Tile };
std::optional<GridUnit> grid_unit_from(std::string_view value);

struct Space {
    int x = 0, y = 0;
    bool operator==(const Space&) const = default;
};

// Whether `s` is one of the nine spaces around and including `tower`.
bool in_area(Space tower, Space s);

// One tile on the board, as a tower sees it (a triangle of Halflings is one
// tile of its space).
struct BoardTile {
    Space space;
    bool shows_road = false;  // has a road segment (WT-6)
    bool shows_city = false;  // has a city segment
    int pennants = 0;         // printed coats of arms
    bool monastery = false;   // monastery, shrine or church; never a garden
};

// How many of the tower's subject its area holds (WT-3): `board` and
// `figures` (the spaces of every player's figure) may hold anything; only
// what lies in the nine spaces around `tower` counts.
int subject_count(Subject subject, Space tower, std::span<const BoardTile> board, std::span<const Space> figures,
                  GridUnit unit);

// The points a figure standing on the tower's tile earns when its road or
// city is completed (WT-2, WT-3): the tower's points per subject counted;
// 0 when there is none.
int tower_points(const Tower& tower, Space at, std::span<const BoardTile> board, std::span<const Space> figures,
                 GridUnit unit);

}  // namespace ck::watchtowers

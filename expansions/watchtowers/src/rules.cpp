#include "rules.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace ck::watchtowers {

namespace {

struct KnownTower {
    std::string_view tile_id;
    Tower tower;
};

// watchtowers.xml's `bonus` of each tile, as JCloisterZone writes it; the
// id's suffix repeats it (_1R road, _1C city, _2T coat of arms,
// _3C monastery, _2M meeple).
constexpr KnownTower kTowers[] = {
    {"WT/CCRF_2T", {Subject::CoatOfArms, 2}}, {"WT/CFff_3C", {Subject::Monastery, 3}},
    {"WT/CFRF_1C", {Subject::City, 1}},       {"WT/CFRF_2M", {Subject::Follower, 2}},
    {"WT/CRFR_1R", {Subject::Road, 1}},       {"WT/CRRC_2M", {Subject::Follower, 2}},
    {"WT/FCFC_1C", {Subject::City, 1}},       {"WT/FCRC_2T", {Subject::CoatOfArms, 2}},
    {"WT/FfRC_1R", {Subject::Road, 1}},       {"WT/FRFC_1C", {Subject::City, 1}},
    {"WT/FRFR_3C", {Subject::Monastery, 3}},  {"WT/FRRF_1R", {Subject::Road, 1}},
};

// Spaces (GridUnit::Space) or tiles (GridUnit::Tile) of the area that show
// a feature, as `shows` says.
template <class Shows>
int showing(Space tower, std::span<const BoardTile> board, GridUnit unit, Shows shows) {
    std::vector<Space> spaces;  // at most nine
    int tiles = 0;
    for (const BoardTile& t : board) {
        if (!in_area(tower, t.space) || !shows(t)) continue;
        ++tiles;
        if (std::find(spaces.begin(), spaces.end(), t.space) == spaces.end()) spaces.push_back(t.space);
    }
    return unit == GridUnit::Tile ? tiles : static_cast<int>(spaces.size());
}

}  // namespace

std::optional<Tower> tower_of(std::string_view tile_id) {
    for (const KnownTower& k : kTowers)
        if (k.tile_id == tile_id) return k.tower;
    return std::nullopt;
}

std::string_view subject_name(Subject subject) {
    switch (subject) {
        case Subject::Road: return "road";
        case Subject::City: return "city";
        case Subject::CoatOfArms: return "coat-of-arms";
        case Subject::Monastery: return "monastery";
        case Subject::Follower: return "meeple";
    }
    return "?";
}

std::optional<GridUnit> grid_unit_from(std::string_view value) {
    if (value == "space") return GridUnit::Space;
    if (value == "tile") return GridUnit::Tile;
    return std::nullopt;
}

bool in_area(Space tower, Space s) { return std::abs(s.x - tower.x) <= 1 && std::abs(s.y - tower.y) <= 1; }

int subject_count(Subject subject, Space tower, std::span<const BoardTile> board, std::span<const Space> figures,
                  GridUnit unit) {
    int count = 0;
    switch (subject) {
        // WT-8: tiles showing a road or a city, counted by space or by tile.
        case Subject::Road: return showing(tower, board, unit, [](const BoardTile& t) { return t.shows_road; });
        case Subject::City: return showing(tower, board, unit, [](const BoardTile& t) { return t.shows_city; });
        // WT-9: pennants, monasteries and figures one by one, in either unit.
        case Subject::CoatOfArms:
            for (const BoardTile& t : board)
                if (in_area(tower, t.space)) count += t.pennants;
            return count;
        case Subject::Monastery:
            for (const BoardTile& t : board)
                if (in_area(tower, t.space) && t.monastery) ++count;
            return count;
        case Subject::Follower:
            for (const Space& f : figures)
                if (in_area(tower, f)) ++count;
            return count;
    }
    return 0;
}

int tower_points(const Tower& tower, Space at, std::span<const BoardTile> board, std::span<const Space> figures,
                 GridUnit unit) {
    return tower.points * subject_count(tower.subject, at, board, figures, unit);
}

}  // namespace ck::watchtowers

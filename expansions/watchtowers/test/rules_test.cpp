// The Watchtowers' rules alone, without a host: the twelve towers by tile id
// and what each counts in its nine spaces (docs/expansions/watchtowers.md).
#include "rules.hpp"

#include <cstdio>
#include <vector>

namespace {

using namespace ck::watchtowers;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

BoardTile road_at(int x, int y) { return BoardTile{{x, y}, true, false, 0, false}; }
BoardTile city_at(int x, int y, int pennants = 0) { return BoardTile{{x, y}, false, true, pennants, false}; }
BoardTile monastery_at(int x, int y) { return BoardTile{{x, y}, true, false, 0, true}; }

}  // namespace

int main() {
    // WT-1, WT-3: the twelve tiles, each with its tower; no other id has one.
    int road = 0, city = 0, arms = 0, monastery = 0, follower = 0;
    for (const char* id : {"WT/CCRF_2T", "WT/CFff_3C", "WT/CFRF_1C", "WT/CFRF_2M", "WT/CRFR_1R", "WT/CRRC_2M",
                           "WT/FCFC_1C", "WT/FCRC_2T", "WT/FfRC_1R", "WT/FRFC_1C", "WT/FRFR_3C", "WT/FRRF_1R"}) {
        const auto t = tower_of(id);
        expect(t.has_value(), "WT-1: each of the twelve tiles has a tower");
        if (!t) continue;
        switch (t->subject) {
            case Subject::Road: road += t->points == 1; break;
            case Subject::City: city += t->points == 1; break;
            case Subject::CoatOfArms: arms += t->points == 2; break;
            case Subject::Monastery: monastery += t->points == 3; break;
            case Subject::Follower: follower += t->points == 2; break;
        }
    }
    expect(road == 3 && city == 3 && arms == 2 && monastery == 2 && follower == 2,
           "WT-3: three road and city towers (1), two coat of arms (2), monastery (3) and follower (2) towers");
    expect(!tower_of("BA/RCr") && !tower_of("WT/XXXX_9Z") && !tower_of(""), "other ids have no tower");
    expect(subject_name(tower_of("WT/CFRF_2M")->subject) == "meeple", "the subject as the tile file writes it");

    const Space tower{1, 0};
    // WT-3: the tile itself and the eight around it; (3,0) is two spaces away.
    const std::vector<BoardTile> board = {road_at(1, 0), road_at(0, 0), monastery_at(2, 1), monastery_at(0, -1),
                                          monastery_at(3, 0), city_at(1, 1, 1), city_at(2, -1, 2), city_at(1, 3, 5)};
    expect(tower_points(*tower_of("WT/FRFR_3C"), tower, board, {}, GridUnit::Space) == 6,
           "WT-3: 3 per monastery, two in the area (the one two spaces away not): 6 (JCloisterZone's "
           "watchtower-monasteries)");
    expect(subject_count(Subject::Road, tower, board, {}, GridUnit::Space) == 4,
           "WT-3: road: 4 tiles of the area show one (the monasteries' roads included)");
    expect(subject_count(Subject::City, tower, board, {}, GridUnit::Space) == 2, "WT-3: city: two tiles");
    expect(tower_points(*tower_of("WT/CCRF_2T"), tower, board, {}, GridUnit::Space) == 6,
           "WT-3: 2 per coat of arms: 3 pennants in the area, 6");
    const std::vector<Space> figures = {{1, 0}, {1, 0}, {0, 1}, {2, 2}, {-1, 0}};
    expect(tower_points(*tower_of("WT/CFRF_2M"), tower, board, figures, GridUnit::Space) == 6,
           "WT-3, WT-6: 2 per follower, the scoring figure itself included: 3 in the area, 6");
    expect(tower_points(*tower_of("WT/FRFR_3C"), tower, {}, {}, GridUnit::Space) == 0,
           "WT-3: nothing when the count is 0");

    // WT-8: two triangles of one space showing cities: 1 space, 2 tiles.
    const std::vector<BoardTile> halves = {city_at(0, 0, 1), city_at(0, 0, 1), road_at(1, 1), BoardTile{{1, 0}}};
    expect(subject_count(Subject::City, tower, halves, {}, GridUnit::Space) == 1, "WT-8: gridUnit=space counts spaces");
    expect(subject_count(Subject::City, tower, halves, {}, GridUnit::Tile) == 2, "WT-8: gridUnit=tile counts tiles");
    expect(subject_count(Subject::Road, tower, halves, {}, GridUnit::Tile) == 1, "WT-8: one road tile");
    // WT-9: pennants, monasteries and followers one by one, in either unit.
    for (const GridUnit unit : {GridUnit::Space, GridUnit::Tile}) {
        expect(subject_count(Subject::CoatOfArms, tower, halves, {}, unit) == 2, "WT-9: both triangles' pennants");
        expect(subject_count(Subject::Follower, tower, {}, std::vector<Space>{{0, 0}, {0, 0}}, unit) == 2,
               "WT-9: a figure on each triangle of a space: 2");
        expect(subject_count(Subject::Monastery, tower, std::vector<BoardTile>{monastery_at(0, 0), road_at(0, 0)}, {},
                             unit) == 1,
               "WT-9: the monastery of a triangle (HF/I-4) counts");
    }
    expect(grid_unit_from("space") == GridUnit::Space && grid_unit_from("tile") == GridUnit::Tile &&
               !grid_unit_from("spaces"),
           "halflings.gridUnit's two values");

    if (failures == 0) std::puts("watchtowers.rules: all passed");
    return failures == 0 ? 0 : 1;
}

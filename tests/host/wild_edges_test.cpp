// Tiles with wild sides (TileMarker::wild_edges; docs/abi.md §17.9, the
// abbey of Abbey & Mayor): they go only on a space whose four sides face
// tiles, at any rotation, whatever those sides show, and they close the
// roads and cities they meet without joining them to anything. Real boards
// of a small catalogue; no expansion.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/tile_xml.hpp"
#include "game_helpers.hpp"

namespace ck::host::test {
namespace {

constexpr const char* kTiles = R"(<defs><tiles>
  <tile id="S"><road>W E</road><city>N</city><field city="N">EL WR</field><field>ER SL SR WL</field></tile>
  <tile id="F"><field>NL NR EL ER SL SR WL WR</field></tile>
  <tile id="CS"><city>S</city><field city="S">NL NR EL ER WL WR</field></tile>
  <tile id="RE"><road>E</road><field>NL NR EL SR SL WL WR ER</field></tile>
  <tile id="A"><monastery/><abbey/></tile>
</tiles><sets><tile-set id="w:1">
  <ref tile="S" count="1"/><ref tile="F" count="5"/><ref tile="CS" count="1"/><ref tile="RE" count="1"/><ref tile="A" count="1"/>
</tile-set></sets></defs>)";

const TileCatalog& catalog() {
    static const TileCatalog c = [] {
        TileCatalog out;
        load_tile_xml_string(kTiles, "wild_edges_test", out);
        return out;
    }();
    return c;
}

TileRef at(int x, int y) { return {{static_cast<int16_t>(x), static_cast<int16_t>(y)}, Corner::None}; }

// Alice alone: fields around (1,0), a city cap at (1,-1) facing it with her
// follower on it; (1,0) is then a hole: the start tile's road east, the cap's
// city south, fields east and south.
Game around_a_hole(bool wild) {
    GameSetup s;
    s.catalog = &catalog();
    s.tile_sets = {{"w:1", 1}};
    s.start_tiles = {{"S", 0, 0, 0}};
    s.players = {{"Alice"}};
    s.draw_order = {"F", "F", "F", "F", "F", "CS", "A", "RE"};
    s.end_turn = 8;
    s.tile_markers = {{"abbey", "abbey", wild}};
    Game game(s);
    for (const auto& [x, y] : std::vector<std::pair<int, int>>{{0, 1}, {1, 1}, {2, 1}, {2, 0}, {2, -1}}) {
        game.place_tile("F", at(x, y), 0);
        if (game.phase() == Phase::ActionPhase) game.pass();
        game.commit(0.5);
    }
    game.place_tile("CS", at(1, -1), 0);
    game.deploy_meeple(ptr(1, -1, FeatureKind::City, "S"), *game.next_meeple());
    game.commit(0.5);
    return game;
}

TEST(WildEdges, AWildTileGoesOnlyIntoAHoleAtAnyRotation) {
    Game game = around_a_hole(true);
    ASSERT_EQ(game.tile_def(*game.drawn_tile()).id, "A");
    const auto& legal = game.legal_placements();
    ASSERT_EQ(legal.size(), 4u) << "the one hole, four rotations";
    for (const Placement& p : legal) EXPECT_EQ(p.at, at(1, 0));
    const TileTypeId a = static_cast<TileTypeId>(game.catalog().index_of("A"));
    EXPECT_NE(game.placement_problem(a, {at(-1, 0), 0}), "") << "beside the start tile: not a hole";
    EXPECT_NE(game.placement_problem(a, {at(-1, 0), 0}).find("four sides face tiles"), std::string::npos);
}

TEST(WildEdges, WithoutTheDeclarationTheSameTileMeetsEdgesAsAnyOther) {
    Game game = around_a_hole(false);
    const TileTypeId a = static_cast<TileTypeId>(game.catalog().index_of("A"));
    EXPECT_NE(game.placement_problem(a, {at(1, 0), 0}), "") << "its field sides meet a road and a city";
}

TEST(WildEdges, TheRoadsAndCitiesItMeetsCloseAndScoreButJoinNothing) {
    Game game = around_a_hole(true);
    game.place_tile("A", at(1, 0), 0);
    game.pass();
    game.commit(0.5);
    EXPECT_EQ(game.score(0), 2) << "the cap's city, closed by the wild side, scores as a completed 1-tile city";
    EXPECT_EQ(points_named(game, 0, "city"), 2);
    EXPECT_TRUE(game.figures().empty()) << "its follower went home";
    // The start tile's road is closed at its east end only: a road end at
    // (-1,0) completes it, two tiles long, not joined to anything across.
    const int road = game.part_at(ptr(0, 0, FeatureKind::Road, "WE"));
    ASSERT_GE(road, 0);
    EXPECT_FALSE(game.feature_view(game.feature_of(static_cast<uint32_t>(road))).completed);
    game.place_tile("RE", at(-1, 0), 0);
    game.deploy_meeple(ptr(-1, 0, FeatureKind::Road, "E"), *game.next_meeple());
    game.commit(0.5);
    EXPECT_EQ(points_named(game, 0, "road"), 2) << "the road of two tiles, closed by the wild side and the end";
}

}  // namespace
}  // namespace ck::host::test

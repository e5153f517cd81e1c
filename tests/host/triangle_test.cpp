// Triangle tiles in the board geometry and the feature graph
// (halflings-geometry.md): placement into an empty space or the gap of a
// half-filled space, complementary triangles only, hypotenuse to hypotenuse
// joins, sides facing a gap being open, and distinct-space counting.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "game_helpers.hpp"

namespace ck::host::test {
namespace {

using ::testing::HasSubstr;
using ::testing::UnorderedElementsAreArray;

constexpr const char* kTiles = R"(<defs><tiles>
  <tile id="T/road"><road>W E</road><field>NL NR EL WR</field><field>ER SL SR WL</field></tile>
  <tile id="T/road-end"><road>W</road><field>NL NR EL ER SL SR WL WR</field></tile>
  <tile id="T/field"><field>NL NR EL ER SL SR WL WR</field></tile>
  <tile id="T/city"><city>S</city><field city="S">NL NR EL ER WL WR</field></tile>
  <tile id="H/road" shape="triangle"><road>E D</road><field>NL NR EL DR</field><field>ER DL</field></tile>
  <tile id="H/field" shape="triangle"><field>NL NR EL ER DL DR</field></tile>
</tiles><sets><tile-set id="tri:1">
  <ref tile="T/road" count="4"/><ref tile="T/road-end" count="4"/><ref tile="T/field" count="4"/>
  <ref tile="T/city" count="2"/><ref tile="H/road" count="6"/><ref tile="H/field" count="4"/>
</tile-set></sets></defs>)";

const TileCatalog& triangle_catalog() {
    static const TileCatalog catalog = [] {
        TileCatalog c;
        load_tile_xml_string(kTiles, "triangle_test", c);
        return c;
    }();
    return catalog;
}

Game triangle_game(const std::vector<std::string>& draws) {
    GameSetup s;
    s.catalog = &triangle_catalog();
    s.tile_sets = {{"tri:1", 1}};
    s.start_tiles = {{"T/road", 0, 0, 0}};
    s.players = {{"Alice"}, {"Bob"}};
    s.draw_order = draws;
    s.end_turn = static_cast<int>(draws.size());
    return Game(s);
}

TileRef tri(int x, int y, Corner c) { return {{static_cast<int16_t>(x), static_cast<int16_t>(y)}, c}; }
Placement at(int x, int y, Corner c) { return {tri(x, y, c), static_cast<uint8_t>(rotation_for_corner(c))}; }
TileTypeId type_of(const Game& g, const char* id) { return static_cast<TileTypeId>(g.catalog().index_of(id)); }

void place(Game& g, const char* id, Placement p) {
    g.place_tile(type_of(g, id), p);
    if (g.phase() == Phase::ActionPhase) g.pass();
    g.commit(0.5);
}

// A triangle goes into an empty space in any corner whose legs touch a tile
// and match it; a leg beside the gap gives no contact.
TEST(Triangles, PlacementsIntoEmptySpacesAreTheCornersWithMatchingLegs) {
    Game g = triangle_game({"H/road"});
    EXPECT_THAT(g.legal_placements(), UnorderedElementsAreArray({
                                          at(1, 0, Corner::SW),   // leg W (road) meets the start's road
                                          at(-1, 0, Corner::NE),  // leg E (road) meets it from the west
                                          at(0, 1, Corner::NE),   // leg N (field) under the start
                                          at(0, -1, Corner::SW),  // leg S (field) above it
                                      }));
    EXPECT_THAT(error_of([&] { g.place_tile(type_of(g, "H/road"), at(1, 0, Corner::NE)); }),
                HasSubstr("no contact"));
    EXPECT_THAT(error_of([&] { g.place_tile(type_of(g, "H/road"), at(1, 0, Corner::NW)); }),
                HasSubstr("edge W (field) meets road"));
    EXPECT_THAT(error_of([&] { g.place_tile(type_of(g, "H/road"), {tri(1, 0, Corner::NE), 2}); }),
                HasSubstr("lies in corner SW, not NE"));
}

// Two triangles share a space only when complementary; the second one's
// hypotenuse is its contact and must match.
TEST(Triangles, OnlyTheComplementaryTriangleFitsIntoTheGap) {
    Game g = triangle_game({"H/road", "H/road", "H/field"});
    place(g, "H/road", at(1, 0, Corner::SW));
    ASSERT_EQ(g.board().half_filled().size(), 1u);
    EXPECT_THAT(error_of([&] { g.place_tile(type_of(g, "H/road"), at(1, 0, Corner::SW)); }),
                HasSubstr("not complementary"));
    EXPECT_THAT(error_of([&] { g.place_tile(type_of(g, "H/road"), at(1, 0, Corner::NW)); }),
                HasSubstr("not complementary"));
    const auto& legal = g.legal_placements();
    EXPECT_NE(std::find(legal.begin(), legal.end(), at(1, 0, Corner::NE)), legal.end());
    place(g, "H/road", at(1, 0, Corner::NE));
    EXPECT_TRUE(g.board().half_filled().empty());
    // A field hypotenuse cannot face the road hypotenuse, and the space is full.
    EXPECT_THAT(error_of([&] { g.place_tile(type_of(g, "H/field"), at(1, 0, Corner::SE)); }),
                HasSubstr("is full"));
}

TEST(Triangles, HypotenuseMustMatchTheOtherTriangle) {
    Game g = triangle_game({"H/road", "H/field"});
    place(g, "H/road", at(1, 0, Corner::SW));
    EXPECT_THAT(error_of([&] { g.place_tile(type_of(g, "H/field"), at(1, 0, Corner::NE)); }),
                HasSubstr("hypotenuse (field) meets road"));
}

// A road continues from one triangle into its complement across the
// hypotenuse; the engine scores distinct spaces and reports both counts
// (the Halflings plugin scores tiles under featureCount=tiles: tests/hf_games).
TEST(Triangles, RoadContinuesAcrossHypotenusesAndCountsDistinctSpaces) {
    {
        Game g = triangle_game({"H/road", "H/road", "T/road-end", "T/road-end"});
        g.place_tile(type_of(g, "H/road"), at(1, 0, Corner::SW));
        g.deploy_meeple(ptr(1, 0, FeatureKind::Road, "W.D", Corner::SW), "0.small.1");
        g.commit(0.5);
        place(g, "H/road", at(1, 0, Corner::NE));
        const FeatureView road = g.feature_at(ptr(0, 0, FeatureKind::Road, "WE"));
        EXPECT_EQ(road.spaces, 2);
        EXPECT_EQ(road.tiles, 3);
        EXPECT_EQ(road.open_edges, 2);
        EXPECT_EQ(road.id, g.feature_at(ptr(1, 0, FeatureKind::Road, "E.D", Corner::NE)).id);
        place(g, "T/road-end", {tri(2, 0, Corner::None), 0});
        place(g, "T/road-end", {tri(-1, 0, Corner::None), 2});
        ASSERT_TRUE(g.is_over());
        EXPECT_EQ(points_named(g, 0, "road"), 4);
    }
}

// Fields join across facing hypotenuse halves: DL meets DR.
TEST(Triangles, FieldsJoinAcrossHypotenuseHalves) {
    Game g = triangle_game({"H/road", "H/road"});
    place(g, "H/road", at(1, 0, Corner::SW));
    place(g, "H/road", at(1, 0, Corner::NE));
    // North of the road: SW's WR+DL (board), NE's NL+NR+EL+DR, and the start's north field.
    const FeatureView north = g.feature_at(ptr(1, 0, FeatureKind::Field, "WR.DL", Corner::SW));
    EXPECT_EQ(north.id, g.feature_at(ptr(1, 0, FeatureKind::Field, "NL.NR.EL.DR", Corner::NE)).id);
    EXPECT_EQ(north.id, g.feature_at(ptr(0, 0, FeatureKind::Field, "NL.NR.EL.WR")).id);
    EXPECT_EQ(north.spaces, 2);
    EXPECT_EQ(north.tiles, 3);
    const FeatureView south = g.feature_at(ptr(1, 0, FeatureKind::Field, "SL.SR.WL.DR", Corner::SW));
    EXPECT_EQ(south.id, g.feature_at(ptr(1, 0, FeatureKind::Field, "ER.DL", Corner::NE)).id);
    EXPECT_NE(south.id, north.id);
}

// A side facing a triangular gap is open: no contact, no matching, and a
// road or city ending there stays incomplete.
TEST(Triangles, SideFacingAGapIsOpenAndNotContact) {
    Game g = triangle_game({"H/road", "T/field", "T/field", "T/city", "T/city"});
    place(g, "H/road", at(1, 0, Corner::SW));  // gap in the NE half of (1,0)
    // (2,0) only touches (1,0) through the gap.
    EXPECT_THAT(error_of([&] { g.place_tile(type_of(g, "T/field"), {tri(2, 0, Corner::None), 0}); }),
                HasSubstr("no contact"));
    place(g, "T/field", {tri(0, -1, Corner::None), 0});
    place(g, "T/field", {tri(0, -2, Corner::None), 0});
    // T/city at (1,-1) has its city south, facing the gap: allowed (nothing to match).
    g.place_tile(type_of(g, "T/city"), {tri(1, -1, Corner::None), 0});
    g.deploy_meeple(ptr(1, -1, FeatureKind::City, "S"), "1.small.1");
    g.commit(0.5);
    const FeatureView city = g.feature_at(ptr(1, -1, FeatureKind::City, "S"));
    EXPECT_FALSE(city.completed);
    EXPECT_EQ(city.open_edges, 1);
    EXPECT_EQ(g.score(1), 0);
}

// A monastery counts occupied spaces: a half-filled space is occupied, and
// the second triangle there adds nothing.
TEST(Triangles, HalfFilledSpaceCountsAsOccupiedOnce) {
    Game g = triangle_game({"H/road", "H/road"});
    place(g, "H/road", at(1, 0, Corner::SW));
    EXPECT_TRUE(g.board().occupied({1, 0}));
    EXPECT_EQ(g.board().occupied_around({1, 1}), 2);  // (0,0) and (1,0)
    place(g, "H/road", at(1, 0, Corner::NE));
    EXPECT_EQ(g.board().occupied_around({1, 1}), 2);
}

// The enumeration reads a per-tile-type table of fitting rotations; the
// rule checker (placement_problem) tests edges and contact one by one. On
// every turn of seeded games mixing squares and triangles they must agree
// for every tile type and every space near the tiles, and
// has_legal_placement must say whether the list is empty.
TEST(Triangles, EnumeratedPlacementsAreExactlyThoseTheRuleCheckerAccepts) {
    // The whole pack but the start tile, interleaved.
    std::vector<std::pair<const char*, int>> left = {{"H/road", 6},     {"T/road", 3}, {"H/field", 4},
                                                     {"T/road-end", 4}, {"T/city", 2}, {"T/field", 4}};
    std::vector<std::string> draws;
    for (int round = 0; round < 6; ++round)
        for (auto& [id, count] : left)
            if (count-- > 0) draws.push_back(id);
    size_t checked = 0;
    for (uint32_t seed = 1; seed <= 4; ++seed) {
        Game g = triangle_game(draws);
        uint32_t pick = seed;
        while (g.phase() == Phase::TilePhase && !g.legal_placements().empty()) {
            for (size_t t = 0; t < g.catalog().tile_count(); ++t) {
                const auto type = static_cast<TileTypeId>(t);
                std::vector<Placement> listed;
                g.legal_placements_of(type, listed);
                std::vector<Placement> accepted;
                for (int y = -8; y <= 8; ++y)
                    for (int x = -8; x <= 8; ++x)
                        for (uint8_t r = 0; r < 4; ++r) {
                            const bool triangle = g.catalog().tile(type).is_triangle();
                            const Placement p{tri(x, y, triangle ? corner_for_rotation(r) : Corner::None), r};
                            if (g.placement_problem(type, p).empty()) accepted.push_back(p);
                        }
                EXPECT_THAT(listed, UnorderedElementsAreArray(accepted)) << "tile " << t << ", turn " << g.turn_number();
                EXPECT_EQ(g.board().has_legal_placement(g.tile_table()[type]), !listed.empty());
                ++checked;
            }
            pick = pick * 1103515245u + 12345u;  // a fixed sequence per seed
            const Placement chosen = g.legal_placements()[(pick >> 8) % g.legal_placements().size()];
            g.place_tile(*g.drawn_tile(), chosen);
            if (g.phase() == Phase::ActionPhase) g.pass();
            g.commit(0.5);
        }
    }
    EXPECT_GT(checked, 100u);
}

}  // namespace
}  // namespace ck::host::test

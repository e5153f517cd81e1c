// BONUS_POINTS: what buildings add to a scored feature (LB-2, LB-9, LB-12,
// LB-14, LB-15, LB-17, LB-20, LB-23, LB-EX-1).
#include <gtest/gtest.h>

#include "abi_harness.hpp"

namespace lbtest {
namespace {

// The bonus a feature gets in `state` (0 when the plugin adds nothing).
int bonus(const TestState& state, const Feature& feature) {
    const HookResult r = call(CK_HOOK_BONUS_POINTS, state, bonus_points(feature));
    EXPECT_TRUE(CK_SUCCEEDED(r.status)) << r.error;
    if (r.status == CK_OK) {
        // One AdjustFeaturePoints and nothing else: the host gives it to every scorer.
        EXPECT_EQ(r.response.effects.size(), 1u);
        EXPECT_EQ(count_effects(r, fb::Effect::AdjustFeaturePoints), 1);
        EXPECT_NE(bonus_delta(r), 0) << "an effect that adds nothing";
    }
    return bonus_delta(r);
}

Feature road(std::vector<fb::TileRef> parts, int points) {
    return {fb::FeatureKind::Road, std::move(parts), {}, points};
}
Feature city(std::vector<fb::TileRef> parts, int points) {
    return {fb::FeatureKind::City, std::move(parts), {}, points};
}
Feature monastic(fb::FeatureKind kind, int x, int y, int points) {
    return {kind, {at(x, y)}, area_around(x, y), points};
}

// A straight road of five tiles from (-2, 0) to (2, 0).
std::vector<fb::TileRef> five_tile_road() { return {at(-2, 0), at(-1, 0), at(0, 0), at(1, 0), at(2, 0)}; }

// LB-12: +1 per building on the feature's tiles; tiles elsewhere do not count.
TEST(LittleBuildingsBonus, LB12_RoadCountsBuildingsOnItsTilesOnly) {
    TestState state = make_state(2);
    put_building(state, kShed, at(1, 0));
    put_building(state, kTower, at(1, 1));  // next to the road, not on it
    EXPECT_EQ(bonus(state, road(five_tile_road(), 5)), 1);
}

TEST(LittleBuildingsBonus, LB12_NoBuildingsNoEffect) {
    TestState state = make_state(2);
    put_building(state, kShed, at(9, 9));
    const HookResult r = call(CK_HOOK_BONUS_POINTS, state, bonus_points(road(five_tile_road(), 5)));
    EXPECT_EQ(r.status, CK_NOTHING_TO_DO);
}

// LB-9, LB-12: a building affects its whole tile, so it counts for the road
// and the city on that tile, and for a field there too.
TEST(LittleBuildingsBonus, LB9_LB12_BuildingOnASharedTileCountsForEveryFeature) {
    TestState state = make_state(2);
    put_building(state, kHouse, at(0, 0));
    EXPECT_EQ(bonus(state, road(five_tile_road(), 5)), 1);
    EXPECT_EQ(bonus(state, city({at(0, 0), at(0, -1)}, 4)), 1);
    EXPECT_EQ(bonus(state, {fb::FeatureKind::Field, {at(0, 0), at(0, 1)}, {}, 3, false, true}), 1);
}

// LB-12: once per feature, however often its tile appears in the parts.
TEST(LittleBuildingsBonus, LB12_EachBuildingCountsOncePerFeature) {
    TestState state = make_state(2);
    put_building(state, kShed, at(0, 0));
    EXPECT_EQ(bonus(state, city({at(0, 0), at(0, 0), at(0, -1)}, 6)), 1);
}

// LB-2: a monastery counts its own tile and the 8 around it, diagonals
// included, and nothing two spaces away.
TEST(LittleBuildingsBonus, LB2_MonasteryCountsItsThreeByThreeArea) {
    TestState state = make_state(2);
    put_building(state, kShed, at(3, 3));   // the monastery's own tile
    put_building(state, kShed, at(4, 4));   // diagonal
    put_building(state, kHouse, at(2, 4));  // diagonal
    put_building(state, kTower, at(3, 2));  // orthogonal
    put_building(state, kTower, at(5, 3));  // two spaces away
    put_building(state, kTower, at(3, 1));  // two spaces away
    put_building(state, kTower, at(1, 1));  // two spaces away, diagonal
    EXPECT_EQ(bonus(state, monastic(fb::FeatureKind::Monastery, 3, 3, 9)), 4);
}

// LB-12, LB-20: under 3/2/1 a tower adds 3, a house 2, a shed 1.
TEST(LittleBuildingsBonus, LB20_ThreeTwoOneValues) {
    TestState state = make_state(2);
    put_building(state, kTower, at(-2, 0));
    put_building(state, kHouse, at(0, 0));
    put_building(state, kShed, at(2, 0));
    EXPECT_EQ(bonus(state, road(five_tile_road(), 5)), 3);
    set_rule(state, "littleBuildings.values", "321");
    EXPECT_EQ(bonus(state, road(five_tile_road(), 5)), 6);
    // The options are derived once per setup (setup_facts.hpp): each change
    // of the setup between calls on this thread is seen.
    set_rule(state, "littleBuildings.values", "flat");
    EXPECT_EQ(bonus(state, road(five_tile_road(), 5)), 3);
    set_rule(state, "littleBuildings.values", "321");
    EXPECT_EQ(bonus(state, road(five_tile_road(), 5)), 6);
}

// LB-14: gardens benefit only under `extended`; the four official features
// benefit under both.
TEST(LittleBuildingsBonus, LB14_GardenOnlyUnderExtendedScope) {
    TestState state = make_state(2);
    put_building(state, kShed, at(0, 1));
    EXPECT_EQ(bonus(state, monastic(fb::FeatureKind::Garden, 0, 0, 9)), 1);  // extended is the default
    set_rule(state, "littleBuildings.scope", "official");
    const HookResult r = call(CK_HOOK_BONUS_POINTS, state, bonus_points(monastic(fb::FeatureKind::Garden, 0, 0, 9)));
    EXPECT_EQ(r.status, CK_NOTHING_TO_DO);
    EXPECT_EQ(bonus(state, monastic(fb::FeatureKind::Monastery, 0, 0, 9)), 1);
    EXPECT_EQ(bonus(state, road({at(0, 1), at(1, 1)}, 2)), 1);
    EXPECT_EQ(bonus(state, city({at(0, 1), at(0, 2)}, 4)), 1);
    EXPECT_EQ(bonus(state, {fb::FeatureKind::Field, {at(0, 1)}, {}, 3, false, true}), 1);
}

// LB-15: bonusOnZeroScore=false gives nothing to a feature modifiers made
// worth 0; the default (true) still adds the buildings.
TEST(LittleBuildingsBonus, LB15_BonusOnZeroScore) {
    TestState state = make_state(2);
    put_building(state, kShed, at(0, 0));
    Feature inn_road = road(five_tile_road(), 0);
    inn_road.completed = false;
    inn_road.final_scoring = true;
    EXPECT_EQ(bonus(state, inn_road), 1);
    set_rule(state, "littleBuildings.bonusOnZeroScore", "false");
    EXPECT_EQ(call(CK_HOOK_BONUS_POINTS, state, bonus_points(inn_road)).status, CK_NOTHING_TO_DO);
    inn_road.points = 5;  // a feature with points keeps its bonus
    EXPECT_EQ(bonus(state, inn_road), 1);
}

// LB-15: the bonus is added to the points after modifiers, never multiplied:
// the plugin answers a delta that does not depend on the points.
TEST(LittleBuildingsBonus, LB15_BonusDoesNotDependOnThePointsSoFar) {
    TestState state = make_state(2);
    put_building(state, kTower, at(0, 0));
    set_rule(state, "littleBuildings.values", "321");
    EXPECT_EQ(bonus(state, city({at(0, 0), at(0, -1)}, 4)), 3);
    EXPECT_EQ(bonus(state, city({at(0, 0), at(0, -1)}, 12)), 3);  // tripled by a cathedral
}

// LB-17: incomplete features and fields at final scoring get the bonus too.
TEST(LittleBuildingsBonus, LB17_FinalScoringOfIncompleteFeatures) {
    TestState state = make_state(2);
    put_building(state, kHouse, at(0, 0));
    put_building(state, kShed, at(1, 1));
    set_rule(state, "littleBuildings.values", "321");
    Feature unfinished_road = road({at(0, 0), at(1, 0)}, 2);
    unfinished_road.completed = false;
    unfinished_road.final_scoring = true;
    EXPECT_EQ(bonus(state, unfinished_road), 2);
    Feature unfinished_monastery = monastic(fb::FeatureKind::Monastery, 0, 1, 4);
    unfinished_monastery.completed = false;
    unfinished_monastery.final_scoring = true;
    EXPECT_EQ(bonus(state, unfinished_monastery), 3);
    EXPECT_EQ(bonus(state, {fb::FeatureKind::Field, {at(0, 0), at(1, 1), at(2, 2)}, {}, 6, false, true}), 3);
}

// LB-23 / HF-60: a building on one triangle affects its whole space, so it
// counts for a road on the other triangle; under gridUnit=tile it does not.
TEST(LittleBuildingsBonus, LB23_HalflingBuildingAffectsItsWholeSpace) {
    TestState state = make_state(2);
    put_building(state, kShed, at(3, 0, fb::Corner::NE));
    const Feature road_on_other_triangle = road({at(2, 0), at(3, 0, fb::Corner::SW)}, 2);
    EXPECT_EQ(bonus(state, road_on_other_triangle), 1);
    set_rule(state, "halflings.gridUnit", "tile");
    EXPECT_EQ(call(CK_HOOK_BONUS_POINTS, state, bonus_points(road_on_other_triangle)).status, CK_NOTHING_TO_DO);
    EXPECT_EQ(bonus(state, road({at(2, 0), at(3, 0, fb::Corner::NE)}, 2)), 1);  // its own triangle still counts
}

// LB-23: two buildings in one space (one per triangle) both count, once each,
// even when both triangles carry the feature.
TEST(LittleBuildingsBonus, LB23_BuildingsOnBothTrianglesCountOnceEach) {
    TestState state = make_state(2);
    put_building(state, kShed, at(3, 0, fb::Corner::NE));
    put_building(state, kHouse, at(3, 0, fb::Corner::SW));
    const Feature through_both = city({at(3, 0, fb::Corner::NE), at(3, 0, fb::Corner::SW), at(3, 1)}, 6);
    EXPECT_EQ(bonus(state, through_both), 2);
    const Feature on_one = city({at(3, 0, fb::Corner::SW), at(3, 1)}, 4);
    EXPECT_EQ(bonus(state, on_one), 2);
    set_rule(state, "halflings.gridUnit", "tile");
    EXPECT_EQ(bonus(state, on_one), 1);
    EXPECT_EQ(bonus(state, through_both), 2);
}

// LB-23: a monastery counts buildings on any tile of its 9 spaces,
// triangles included, whatever the grid unit.
TEST(LittleBuildingsBonus, LB23_MonasteryCountsBuildingsOnTrianglesInItsArea) {
    TestState state = make_state(2);
    put_building(state, kShed, at(1, 1, fb::Corner::SW));
    put_building(state, kShed, at(-1, 0, fb::Corner::NW));
    put_building(state, kShed, at(2, 1, fb::Corner::NE));  // outside
    EXPECT_EQ(bonus(state, monastic(fb::FeatureKind::Monastery, 0, 0, 9)), 2);
    set_rule(state, "halflings.gridUnit", "tile");
    EXPECT_EQ(bonus(state, monastic(fb::FeatureKind::Monastery, 0, 0, 9)), 2);
}

// LB-EX-1: RED puts a shed on the tile that completes a road and a city.
// Road: 5 tiles + 2 buildings = 7. City: (3 tiles + 1 pennant) x 2 = 8,
// + 2 buildings = 10. BLACK's field holds 3 buildings, BLUE's monastery 2.
TEST(LittleBuildingsBonus, LBEX1_ShedCompletingARoadAndACity) {
    TestState state = make_state(3);
    const fb::TileRef new_tile = at(0, 0);
    put_building(state, kHouse, at(-2, 0));  // on the road only
    put_building(state, kTower, at(1, -1));  // in the city only
    put_building(state, kShed, new_tile);    // RED's new shed: road and city
    const Feature red_road = road(five_tile_road(), 5);
    const Feature red_city = city({new_tile, at(0, -1), at(1, -1)}, 8);
    EXPECT_EQ(red_road.points + bonus(state, red_road), 7);
    EXPECT_EQ(red_city.points + bonus(state, red_city), 10);

    const Feature black_field{fb::FeatureKind::Field, {at(-2, 0), at(-2, 1), at(1, -1), new_tile}, {}, 6, false, true};
    EXPECT_EQ(bonus(state, black_field), 3);
    // BLUE's monastery at (-1, -1): the house at (-2, 0) and the shed at (0, 0).
    EXPECT_EQ(bonus(state, monastic(fb::FeatureKind::Monastery, -1, -1, 7)), 2);
}

// LB-11: buildings belong to nobody; tokens of other expansions are not buildings.
TEST(LittleBuildingsBonus, OnlyLittleBuildingsCountWhoeverPlacedThem) {
    TestState state = make_state(3);
    put_building(state, kShed, at(0, 0), /*placed_by=*/2);
    put_building(state, "OTHER_TOKEN", at(1, 0), 0);
    EXPECT_EQ(bonus(state, road(five_tile_road(), 5)), 1);
}

TEST(LittleBuildingsBonus, MonasteryWithoutAreaIsAClearError) {
    TestState state = make_state(2);
    Feature no_area = monastic(fb::FeatureKind::Monastery, 0, 0, 9);
    no_area.area.clear();
    const HookResult r = call(CK_HOOK_BONUS_POINTS, state, bonus_points(no_area));
    EXPECT_EQ(r.status, CK_E_INTERNAL);
    EXPECT_NE(r.error.find("area"), std::string::npos) << r.error;
}

TEST(LittleBuildingsBonus, UnknownScopeValueIsAClearError) {
    TestState state = make_state(2, {{"littleBuildings.scope", "everything"}});
    const HookResult r = call(CK_HOOK_BONUS_POINTS, state, bonus_points(road(five_tile_road(), 5)));
    EXPECT_EQ(r.status, CK_E_SETUP_REFUSED);
    EXPECT_NE(r.error.find("littleBuildings.scope"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace lbtest

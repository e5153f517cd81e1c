// FEATURE_SCORING: counting in tiles instead of the host's occupied spaces
// (HF-29, HF-31, HF-32, HF-33, HF-34, HF-47, docs/expansions/halflings.md "Scoring in tiles"). The
// host scores by spaces; Halflings answers the difference.
#include <gtest/gtest.h>

#include "hf_harness.hpp"

namespace hftest {
namespace {

using Rules = std::map<std::string, std::string>;

const Rules kFeatureTiles{{"halflings.featureCount", "tiles"}};
const Rules kMonasteryTiles{{"halflings.monasteryCount", "tiles"}};

HookResult score(const Rules& rules, const Feature& f) {
    return call(CK_HOOK_FEATURE_SCORING, make_state(2, rules), feature_scoring(f));
}

// The points after Halflings: base_points + its delta. Also checks the
// answer is exactly one AdjustFeaturePoints, or nothing at all.
int points(const Rules& rules, const Feature& f) {
    const HookResult r = score(rules, f);
    EXPECT_TRUE(r.status == CK_OK || r.status == CK_NOTHING_TO_DO) << r.error;
    if (r.status == CK_OK) {
        EXPECT_EQ(r.response.effects.size(), 1u);
        EXPECT_EQ(count_effects(r, fb::Effect::AdjustFeaturePoints), 1);
        EXPECT_NE(feature_points_delta(r), 0) << "a zero adjustment should not be sent";
    }
    return f.base_points + feature_points_delta(r);
}

// HF-EX-1: a completed city over 3 spaces, 4 tiles (two triangles share a
// space), 1 pennant. The host scores 2x3 + 2 = 8.
Feature ex1_city() {
    Feature f;
    f.kind = fb::FeatureKind::City;
    f.spaces = 3, f.tiles = 4, f.pennants = 1, f.base_points = 8;
    return f;
}
// HF-EX-2: a completed road over 4 spaces, 5 tiles. The host scores 4.
Feature ex2_road() {
    Feature f;
    f.kind = fb::FeatureKind::Road;
    f.spaces = 4, f.tiles = 5, f.base_points = 4;
    return f;
}
// HF-EX-4: a completed monastery on a square tile, its 8 surrounding spaces
// holding 15 triangles (7 pairs and one single): 9 spaces, 16 tiles.
Feature ex4_monastery() {
    Feature f;
    f.kind = fb::FeatureKind::Monastery;
    f.spaces = 9, f.tiles = 16, f.base_points = 9;
    return f;
}

// HF-29, HF-31 defaults: spaces, so the host's points stand and nothing is sent.
TEST(HalflingsScoring, HF29_HF31_DefaultSpacesLeaveTheHostsPoints) {
    for (const Feature& f : {ex1_city(), ex2_road(), ex4_monastery()}) {
        const HookResult r = score({}, f);
        EXPECT_EQ(r.status, CK_NOTHING_TO_DO) << r.error;
    }
    for (const Feature& f : {ex1_city(), ex2_road(), ex4_monastery()})
        EXPECT_EQ(points({{"halflings.featureCount", "spaces"}, {"halflings.monasteryCount", "spaces"}}, f),
                  f.base_points);
}

// HF-EX-1: 8 by spaces, 10 by tiles (2x4 + 2).
TEST(HalflingsScoring, HFEX1_CityOfThreeSpacesAndFourTilesScoresTenInTiles) {
    EXPECT_EQ(points({}, ex1_city()), 8);
    EXPECT_EQ(points(kFeatureTiles, ex1_city()), 10);
    const HookResult r = score(kFeatureTiles, ex1_city());
    ASSERT_EQ(r.response.effects.size(), 1u);
    EXPECT_EQ(r.response.effects[0]->effect.AsAdjustFeaturePoints()->delta, 2);
    EXPECT_FALSE(r.response.effects[0]->effect.AsAdjustFeaturePoints()->reason.empty());
}

// HF-EX-2: 4 by spaces, 5 by tiles.
TEST(HalflingsScoring, HFEX2_RoadOfFourSpacesAndFiveTilesScoresFiveInTiles) {
    EXPECT_EQ(points({}, ex2_road()), 4);
    EXPECT_EQ(points(kFeatureTiles, ex2_road()), 5);
}

// HF-EX-4: 9 by spaces, 16 by tiles (1 + 15 triangles).
TEST(HalflingsScoring, HFEX4_MonasteryWithFifteenTrianglesAroundScoresSixteenInTiles) {
    EXPECT_EQ(points({}, ex4_monastery()), 9);
    EXPECT_EQ(points(kMonasteryTiles, ex4_monastery()), 16);
}

// Section 3.1: the 10/2015 maximum, a monastery triangle sharing its space
// and 8 surrounding spaces of two triangles each: 18.
TEST(HalflingsScoring, HF31_MonasteryMaximumInTilesIsEighteen) {
    Feature f = ex4_monastery();
    f.tiles = 18;
    EXPECT_EQ(points(kMonasteryTiles, f), 18);
}

// HF-EX-5 (HF-34): incomplete monasteries at final scoring, BLUE 6 / RED 5
// by spaces, 7 / 6 by tiles.
TEST(HalflingsScoring, HFEX5_IncompleteMonasteriesAtFinalScoring) {
    Feature blue;
    blue.kind = fb::FeatureKind::Monastery;
    blue.completed = false, blue.final_scoring = true;
    blue.spaces = 6, blue.tiles = 7, blue.base_points = 6;
    Feature red = blue;
    red.spaces = 5, red.tiles = 6, red.base_points = 5;
    EXPECT_EQ(points({}, blue), 6);
    EXPECT_EQ(points({}, red), 5);
    EXPECT_EQ(points(kMonasteryTiles, blue), 7);
    EXPECT_EQ(points(kMonasteryTiles, red), 6);
}

// HF-33: incomplete roads and cities at final scoring use the same size:
// city n + p, road n.
TEST(HalflingsScoring, HF33_IncompleteRoadsAndCitiesCountTilesToo) {
    Feature city;
    city.kind = fb::FeatureKind::City;
    city.completed = false, city.final_scoring = true;
    city.spaces = 2, city.tiles = 3, city.pennants = 1, city.base_points = 3;
    EXPECT_EQ(points(kFeatureTiles, city), 4);
    Feature road;
    road.kind = fb::FeatureKind::Road;
    road.completed = false, road.final_scoring = true;
    road.spaces = 3, road.tiles = 4, road.base_points = 3;
    EXPECT_EQ(points(kFeatureTiles, road), 4);
}

// HF-32: pennants count as printed, whatever the unit: 2 tiles of one
// space with 2 pennants is 2x2 + 2x2 = 8 in tiles (host: 2x1 + 2x2 = 6).
TEST(HalflingsScoring, HF32_PennantsCountAsPrinted) {
    Feature f;
    f.kind = fb::FeatureKind::City;
    f.spaces = 1, f.tiles = 2, f.pennants = 2, f.base_points = 6;
    EXPECT_EQ(points(kFeatureTiles, f), 8);
}

// The tiny-city rule (tiny-city-scoring=2, a completed city of size 2 scores
// n + p) uses the size in force: two tiles under featureCount=tiles.
TEST(HalflingsScoring, TinyCityRuleUsesTheTileCountUnderTiles) {
    const Rules tiny_tiles{{"halflings.featureCount", "tiles"}, {"tiny-city-scoring", "2"}};
    // Two triangles of one space: the host saw 1 space (2x1 + 2 = 4); two tiles make it tiny: 2 + 1.
    Feature pair;
    pair.kind = fb::FeatureKind::City;
    pair.spaces = 1, pair.tiles = 2, pair.pennants = 1, pair.base_points = 4;
    EXPECT_EQ(points(tiny_tiles, pair), 3);
    // Tiny for the host (2 spaces: 2 + 0), not in tiles (3 tiles: 2x3).
    Feature three;
    three.kind = fb::FeatureKind::City;
    three.spaces = 2, three.tiles = 3, three.base_points = 2, three.name = "city.tiny";
    EXPECT_EQ(points(tiny_tiles, three), 6);
    // The alias base.tinyCity=on means the same.
    EXPECT_EQ(points({{"halflings.featureCount", "tiles"}, {"base.tinyCity", "on"}}, pair), 3);
    // Without the rule (tiny-city-scoring=4, the default), 2 tiles score 2x2 + 2.
    EXPECT_EQ(points({{"halflings.featureCount", "tiles"}, {"tiny-city-scoring", "4"}}, pair), 6);
    EXPECT_EQ(points(kFeatureTiles, pair), 6);
}

// HF-47: gardens follow the monastery counting.
TEST(HalflingsScoring, HF47_GardensCountLikeMonasteries) {
    Feature garden = ex4_monastery();
    garden.kind = fb::FeatureKind::Garden;
    EXPECT_EQ(points(kMonasteryTiles, garden), 16);
    EXPECT_EQ(points(kFeatureTiles, garden), 9);
}

// Section 3.2: each key changes only its own features; fields never change.
TEST(HalflingsScoring, EachCountOptionChangesOnlyItsFeatures) {
    EXPECT_EQ(points(kFeatureTiles, ex4_monastery()), 9);
    EXPECT_EQ(points(kMonasteryTiles, ex1_city()), 8);
    EXPECT_EQ(points(kMonasteryTiles, ex2_road()), 4);
    Feature field;
    field.kind = fb::FeatureKind::Field;
    field.spaces = 3, field.tiles = 5, field.base_points = 6;
    EXPECT_EQ(score({{"halflings.featureCount", "tiles"}, {"halflings.monasteryCount", "tiles"}}, field).status,
              CK_NOTHING_TO_DO);
}

// The delta is relative to base_points, so modifiers other expansions
// applied before (points != base_points) are kept.
TEST(HalflingsScoring, AdjustmentIsRelativeToTheBasePoints) {
    Feature f = ex1_city();
    f.points = 13;  // another expansion added 5 already
    const HookResult r = score(kFeatureTiles, f);
    EXPECT_EQ(feature_points_delta(r), 2);
}

// The presets (docs/expansions/halflings.md "Presets"), with only halflings.ruleset in the state.
TEST(HalflingsScoring, HF3_3_RulesetPresetsSetTheCounting) {
    const auto with = [](const char* ruleset) { return Rules{{"halflings.ruleset", ruleset}}; };
    EXPECT_EQ(points(with("2021"), ex1_city()), 8);
    EXPECT_EQ(points(with("2021"), ex4_monastery()), 9);
    EXPECT_EQ(points(with("2020"), ex1_city()), 10);
    EXPECT_EQ(points(with("2020"), ex2_road()), 5);
    EXPECT_EQ(points(with("2020"), ex4_monastery()), 9);
    EXPECT_EQ(points(with("2015"), ex1_city()), 10);
    EXPECT_EQ(points(with("2015"), ex4_monastery()), 16);
    EXPECT_EQ(points(with("2014"), ex1_city()), 8);
    EXPECT_EQ(points(with("2014"), ex4_monastery()), 9);
    // Keys given explicitly win over the preset.
    EXPECT_EQ(points({{"halflings.ruleset", "2015"}, {"halflings.featureCount", "spaces"}}, ex1_city()), 8);
    EXPECT_EQ(points({{"halflings.ruleset", "2015"}, {"halflings.featureCount", "spaces"}}, ex4_monastery()), 16);
    EXPECT_EQ(points({{"halflings.ruleset", "2014"}, {"halflings.monasteryCount", "tiles"}}, ex4_monastery()), 16);
}

TEST(HalflingsScoring, MissingTileCountIsAClearError) {
    Feature f = ex2_road();
    f.tiles = 0;
    const HookResult r = score(kFeatureTiles, f);
    EXPECT_EQ(r.status, CK_E_INTERNAL);
    EXPECT_NE(r.error.find("tile count of 0"), std::string::npos) << r.error;
    EXPECT_EQ(score({}, f).status, CK_NOTHING_TO_DO);  // not needed under spaces
}

TEST(HalflingsScoring, UnknownCountValueIsAClearError) {
    const HookResult r = score({{"halflings.featureCount", "triangles"}}, ex2_road());
    EXPECT_EQ(r.status, CK_E_SETUP_REFUSED);  // the user's choice (issue #29), not a bug
    EXPECT_NE(r.error.find("halflings.featureCount has unknown value 'triangles' (allowed: spaces, tiles)"),
              std::string::npos)
        << r.error;
}

}  // namespace
}  // namespace hftest

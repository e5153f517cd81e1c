// Halflings rules in real game situations: ck::host::Game with the shipped
// module loaded through PluginRegistry and called through the C ABI by
// PluginHooks. Hands are fixed (as a saved game's halflingHands) and draws
// forced; the start tile is BA/RCr at (0,0): city N, road W-E, fields north
// and south of the road. Rule IDs are those of docs/expansions/halflings.md.
// Triangle rotations: R0 = NE (legs N, E), R90 = SE, R180 = SW, R270 = NW.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "hf_game.hpp"

namespace ck::host::test {
namespace {

using testing::ElementsAre;
using testing::HasSubstr;

constexpr auto Road = FeatureKind::Road;
constexpr auto City = FeatureKind::City;
constexpr auto Monastery = FeatureKind::Monastery;
constexpr auto Field = FeatureKind::Field;

const Rules kTiles{{"halflings.featureCount", "tiles"}};
const Rules kMonasteryTiles{{"halflings.monasteryCount", "tiles"}};

// ---------------------------------------------------------------- HF-16: the tile step

TEST(HfGames, HF16_NothingIsDrawnBeforeThePlayerChooses) {
    auto hooks = hf_hooks();
    Game game(hf_setup(*hooks, {"BA/RFr"}, {{"TT/road"}, {}}));
    const uint32_t pack = game.tiles_left();
    EXPECT_TRUE(game.awaiting_tile_choice());
    EXPECT_FALSE(game.drawn_tile().has_value());
    ASSERT_EQ(game.tile_step_options().size(), 1u);
    EXPECT_EQ(game.tile_step_options()[0].action, "play-halfling");
    EXPECT_EQ(game.tile_step_options()[0].tile_type, type_of(game, "TT/road"));
    EXPECT_EQ(game.tile_step_options()[0].label, "play halfling TT/road");  // the host fills in "{tile}"
    EXPECT_THAT(error_of([&] { game.place_tile("BA/RFr", space(1, 0), 0); }),
                HasSubstr("first draw or choose one of the 1 tile-step options offered"));

    game.draw();  // (a): a regular tile, drawn only now
    EXPECT_FALSE(game.awaiting_tile_choice());
    EXPECT_EQ(game.tile_def(*game.drawn_tile()).id, "BA/RFr");
    EXPECT_FALSE(game.tile_from_hand());
    EXPECT_EQ(game.tiles_left(), pack - 1);
    EXPECT_THAT(hand_of(game, 0), ElementsAre("TT/road"));
}

TEST(HfGames, HF16_PlayingAHalflingDrawsNothingAndTakesItFromTheHand) {
    auto hooks = hf_hooks();
    Game game(hf_setup(*hooks, {"BA/RFr"}, {{"TT/road"}, {}}));
    const uint32_t pack = game.tiles_left();
    game.choose_tile_step_option(0);  // (b): instead of drawing
    EXPECT_EQ(game.tile_def(*game.drawn_tile()).id, "TT/road");
    EXPECT_TRUE(game.tile_from_hand());
    EXPECT_TRUE(game.player(0).hand.empty());
    EXPECT_EQ(game.tiles_left(), pack);
    game.place_tile("TT/road", space(1, 0, Corner::SW), 2);
    EXPECT_TRUE(game.moves().back().from_hand);
    if (game.phase() == Phase::ActionPhase) game.pass();
    game.commit(0.5);
    // Bob holds no halfling: his tile is drawn at once (HF-16 [Inference]).
    EXPECT_FALSE(game.awaiting_tile_choice());
    EXPECT_EQ(game.tile_def(*game.drawn_tile()).id, "BA/RFr");
}

TEST(HfGames, HF16_OneOptionPerDistinctHalflingThatFitsAndNoneForOneThatFitsNowhere) {
    auto hooks = hf_hooks();
    {
        Game game(hf_setup(*hooks, {}, {{"TT/road", "TT/field", "TT/city"}, {}}));
        std::set<std::string> offered;
        for (const auto& o : game.tile_step_options()) offered.insert(game.tile_def(o.tile_type).id);
        EXPECT_EQ(offered, (std::set<std::string>{"TT/road", "TT/field", "TT/city"}));
    }
    // Around the all-city start tile an all-field triangle fits nowhere: it is
    // not offered, so the player draws, and it stays in the hand.
    Game game(hf_setup(*hooks, {"BA/C"}, {{"TT/field"}, {}}, 2, 0, {}, "BA/Cccc+"));
    EXPECT_FALSE(game.awaiting_tile_choice());
    EXPECT_EQ(game.tile_def(*game.drawn_tile()).id, "BA/C");
    EXPECT_THAT(hand_of(game, 0), ElementsAre("TT/field"));
}

// ---------------------------------------------------------------- HF-17 to HF-22: placement

// HF-3, HF-17: the second triangle only goes into the complementary half;
// HF-21: a square never into a half-filled space; HF-18: the hypotenuse
// facing the partner is contact enough.
TEST(HfGames, HF17_HF21_HalfFilledSpaceTakesOnlyTheComplementaryTriangle) {
    auto hooks = hf_hooks();
    Game game(hf_setup(*hooks, {"BA/RFr"}, {{"TT/road"}, {"TT/road"}}));
    hf_play(game, from_hand("TT/road", 1, 0, 2));  // (1,0) SW
    // Bob: the halfling's placements in (1,0) are the NE half only.
    game.choose_tile_step_option(0);
    std::vector<Corner> in_space;
    for (const Placement& p : game.legal_placements())
        if (p.at.pos == Position{1, 0}) in_space.push_back(p.at.corner);
    EXPECT_THAT(in_space, ElementsAre(Corner::NE));
    EXPECT_THAT(error_of([&] { game.place_tile("TT/road", space(1, 0, Corner::NW), 3); }), HasSubstr("not complementary"));
    game.place_tile("TT/road", space(1, 0, Corner::NE), 0);
    game.pass();
    game.commit(0.5);
    // Alice draws a square: (1,0) is full, and no square goes into a half space.
    ASSERT_EQ(game.tile_def(*game.drawn_tile()).id, "BA/RFr");
    for (const Placement& p : game.legal_placements()) EXPECT_FALSE(p.at.pos == (Position{1, 0}));
}

TEST(HfGames, HF21_SquareNeverGoesIntoAHalfFilledSpace) {
    auto hooks = hf_hooks();
    Game game(hf_setup(*hooks, {"BA/L"}, {{"TT/field"}, {}}));
    hf_play(game, from_hand("TT/field", 0, 1, 0));  // (0,1) NE: gap in the SW half
    ASSERT_EQ(game.tile_def(*game.drawn_tile()).id, "BA/L");
    for (const Placement& p : game.legal_placements()) EXPECT_FALSE(p.at.pos == (Position{0, 1}));
    EXPECT_THAT(error_of([&] { game.place_tile("BA/L", space(0, 1), 0); }), HasSubstr("(0,1)"));
}

// HF-19, HF-22: every facing edge must match, legs and hypotenuse alike.
TEST(HfGames, HF19_HF22_EveryFacingEdgeMustMatch) {
    auto hooks = hf_hooks();
    Game game(hf_setup(*hooks, {}, {{"TT/road"}, {"TT/city-d", "TT/road"}}));
    hf_play(game, from_hand("TT/road", 1, 0, 2));  // (1,0) SW, road W.D
    const size_t city_d = [&] {
        for (size_t i = 0; i < game.tile_step_options().size(); ++i)
            if (game.tile_def(game.tile_step_options()[i].tile_type).id == "TT/city-d") return i;
        return size_t{99};
    }();
    ASSERT_LT(city_d, game.tile_step_options().size());
    game.choose_tile_step_option(city_d);
    // Its city hypotenuse would face the road hypotenuse.
    EXPECT_THAT(error_of([&] { game.place_tile("TT/city-d", space(1, 0, Corner::NE), 0); }),
                HasSubstr("hypotenuse (city) meets road"));
    // (2,0) SW: its W leg faces the gap of (1,0), so nothing there counts as contact.
    EXPECT_THAT(error_of([&] { game.place_tile("TT/city-d", space(2, 0, Corner::SW), 2); }), HasSubstr("no contact"));
    // A leg on a road side must be road: the city-d's legs are fields.
    EXPECT_THAT(error_of([&] { game.place_tile("TT/city-d", space(-1, 0, Corner::NE), 0); }),
                HasSubstr("meets road"));
}

// HF-22: a triangle with two legs against tiles must match both.
TEST(HfGames, HF22_TwoLegsAgainstTilesMustBothMatch) {
    auto hooks = hf_hooks();
    Game game(hf_setup(*hooks, {"BA/RFr", "BA/C"}, {{"TT/road", "TT/field"}, {}}));
    hf_play(game, drawn("BA/RFr", 1, 0, 0));   // fields N and S of its road
    hf_play(game, drawn("BA/C", 0, -1, 2));    // city S onto the start's; field on its E side
    // (1,-1) SW: leg S faces BA/RFr's north field, leg W faces BA/C's east field.
    const Placement sw{space(1, -1, Corner::SW), 2};
    EXPECT_EQ(game.placement_problem(type_of(game, "TT/field"), sw), "") << "both legs match";
    EXPECT_THAT(game.placement_problem(type_of(game, "TT/road"), sw), HasSubstr("edge W (road) meets field"))
        << "leg S matches, leg W does not";
    game.choose_tile_step_option(0);  // TT/road
    EXPECT_THAT(error_of([&] { game.place_tile(type_of(game, "TT/road"), sw); }), HasSubstr("meets field"));
}

// HF-23: a halfling is a tile like any other for placement effects: another
// expansion's TILE_PLACED sees it, flagged as played from the hand (the
// scripted test expansion gives 10 points for a hand tile, 1 for a drawn one).
TEST(HfGames, HF23_OtherExpansionsSeeAHalflingPlacedLikeAnyTile) {
    static PluginRegistry scripted;
    static const bool loaded =
        scripted.load(std::filesystem::path(CK_TEST_MODULE_DIR) / "test_scripted.so").status == ModuleStatus::Loaded;
    ASSERT_TRUE(loaded);
    std::vector<const PluginExpansion*> expansions = shipped_registry().resolve({"halflings"});
    for (const PluginExpansion* e : scripted.resolve({"test.tile-placed"})) expansions.push_back(e);
    PluginHooks hooks(expansions);
    Game game(hf_setup(hooks, {"BA/RFr"}, {{"TT/road"}, {}}));
    hf_play(game, from_hand("TT/road", 1, 0, 2));
    hf_play(game, drawn("BA/RFr", -1, 0, 0));
    EXPECT_EQ(points_named(game, 0, "test.tile"), 10);
    EXPECT_EQ(points_named(game, 1, "test.tile"), 1);
}

// ---------------------------------------------------------------- HF-24, HF-25: figures

TEST(HfGames, HF24_HF25_MeeplesOnTwoTrianglesOfOneSpaceAndTheOccupiedRoadAcrossTheHypotenuse) {
    auto hooks = hf_hooks();
    Game game(hf_setup(*hooks, {}, {{"TT/road"}, {"TT/road"}}));
    hf_play(game, from_hand("TT/road", 1, 0, 2).meeple(Road, "W"));
    take_and_place(game, from_hand("TT/road", 1, 0, 0));  // NE: its road joins Alice's across D
    ASSERT_EQ(game.phase(), Phase::ActionPhase);
    for (const MeepleOption& o : game.meeple_options()) {
        EXPECT_EQ(o.pointer.at, space(1, 0, Corner::NE)) << "only the tile just placed (HF-24)";
        EXPECT_NE(o.pointer.kind, Road) << "the road is Alice's through the hypotenuse (HF-25)";
    }
    const size_t farmer = meeple_option(game, Field, "ER");
    ASSERT_LT(farmer, game.meeple_options().size());
    game.deploy_meeple(game.meeple_options()[farmer].pointer, *game.next_meeple());
    game.commit(0.5);
    ASSERT_EQ(game.figures().size(), 2u);
    EXPECT_EQ(game.figures()[0].pointer.at, space(1, 0, Corner::SW));
    EXPECT_EQ(game.figures()[1].pointer.at, space(1, 0, Corner::NE));
}

// ---------------------------------------------------------------- HF-27 to HF-29, HF-32: roads and cities

// HF-7: a road runs across two triangles of one space. 4 spaces, 5 tiles.
std::vector<HfStep> road_across_a_space(bool with_meeple = true) {
    HfStep first = from_hand("TT/road", 1, 0, 2);
    if (with_meeple) first.meeple(Road, "W");
    return {first, from_hand("TT/road", 1, 0, 0), drawn("BA/LR", 2, 0, 1), drawn("BA/LR", -1, 0, 3)};
}

TEST(HfGames, HF29_RoadCountsOccupiedSpacesByDefaultAndTilesUnderFeatureCountTiles) {
    for (const auto& [rules, expected] : {std::pair{Rules{}, 4}, std::pair{kTiles, 5}}) {
        auto hooks = hf_hooks();
        Game game(hf_setup(*hooks, {"BA/LR", "BA/LR"}, {{"TT/road"}, {"TT/road"}}, 2, 2, rules));
        hf_play_all(game, road_across_a_space());
        ASSERT_TRUE(game.is_over());
        EXPECT_EQ(points_named(game, 0, "road"), expected) << (rules.empty() ? "spaces" : "tiles");
        EXPECT_EQ(game.score(0), expected);
    }
}

// HF-EX-1: a city of 3 spaces, one holding two triangles that both carry it,
// and 1 pennant: 8 points (2 x 3 + 2), 10 under featureCount=tiles.
// Also HF-9: while the first triangle's city hypotenuse faces its gap the
// city is open there; HF-27: filling the gap is what lets the cap complete it.
TEST(HfGames, HFEX1_HF9_HF27_CityCompletedThroughTwoTrianglesOfOneSpace) {
    for (const auto& [rules, expected] : {std::pair{Rules{}, 8}, std::pair{kTiles, 10}}) {
        auto hooks = hf_hooks();
        Game game(hf_setup(*hooks, {"BA/C"}, {{"TT/city-nd+"}, {"TT/city-nd"}}, 2, 1, rules));
        hf_play(game, from_hand("TT/city-nd+", 0, -1, 2).meeple(City, "S"));  // (0,-1) SW: city S.D
        FeatureView city = game.feature_at(ptr(0, 0, City, "N"));
        EXPECT_FALSE(city.completed);
        EXPECT_EQ(city.open_edges, 1) << "the hypotenuse faces the gap";
        hf_play(game, from_hand("TT/city-nd", 0, -1, 0));  // (0,-1) NE: city N.D
        city = game.feature_at(ptr(0, 0, City, "N"));
        EXPECT_FALSE(city.completed);
        EXPECT_EQ(city.spaces, 2);
        EXPECT_EQ(city.tiles, 3);
        hf_play(game, drawn("BA/C", 0, -2, 2));
        ASSERT_TRUE(game.is_over());
        EXPECT_EQ(points_named(game, 0, "city"), expected);
        EXPECT_EQ(game.score(0), expected);
        EXPECT_EQ(game.score(1), 0);
    }
}

// HF-33: an incomplete road at final scoring, spaces or tiles.
TEST(HfGames, HF33_IncompleteRoadAtFinalScoringCountsSpacesOrTiles) {
    for (const auto& [rules, expected] : {std::pair{Rules{}, 2}, std::pair{kTiles, 3}}) {
        auto hooks = hf_hooks();
        Game game(hf_setup(*hooks, {"BA/L"}, {{"TT/road"}, {"TT/road"}}, 2, 1, rules));
        hf_play(game, from_hand("TT/road", 1, 0, 2).meeple(Road, "W"));
        hf_play(game, from_hand("TT/road", 1, 0, 0));
        hf_play(game, drawn("BA/L", 0, 1, 0));
        ASSERT_TRUE(game.is_over());
        EXPECT_EQ(points_named(game, 0, "road.incomplete"), expected);
    }
}

// ---------------------------------------------------------------- HF-30, HF-31, HF-34: monasteries

// HF-EX-4: a monastery on a square completed by the last of 15 triangles
// around it (7 spaces with two, one space with one): 9, or 16 by tiles.
std::vector<HfStep> monastery_with_fifteen_triangles() {
    return {
        from_hand("TT/field", 0, 1, 0),   from_hand("TT/field", 0, 1, 2),
        drawn("BA/L", 0, 2, 0).meeple(Monastery, "I"),
        from_hand("TT/field", -1, 1, 0),  from_hand("TT/field", -1, 1, 2),
        from_hand("TT/field", 1, 1, 3),   from_hand("TT/field", 1, 1, 1),
        from_hand("TT/field", -1, 2, 0),  from_hand("TT/field", -1, 2, 2),
        from_hand("TT/field", 1, 2, 3),   from_hand("TT/field", 1, 2, 1),
        from_hand("TT/field", 0, 3, 0),   from_hand("TT/field", 0, 3, 2),
        from_hand("TT/field", -1, 3, 0),  from_hand("TT/field", -1, 3, 2),
        from_hand("TT/field", 1, 3, 3),   // the last space: one triangle, a gap beside it
    };
}

TEST(HfGames, HFEX4_HF30_HF31_MonasteryCompletedWithATriangularGapScoresSpacesOrTiles) {
    for (const auto& [rules, expected] : {std::pair{Rules{}, 9}, std::pair{kMonasteryTiles, 16}}) {
        auto hooks = hf_hooks();
        const Hands hands{std::vector<std::string>(7, "TT/field"), std::vector<std::string>(8, "TT/field")};
        Game game(hf_setup(*hooks, {"BA/L", "BA/RFr"}, hands, 2, 2, rules));
        const auto steps = monastery_with_fifteen_triangles();
        hf_play_all(game, std::vector<HfStep>(steps.begin(), steps.end() - 1));
        EXPECT_EQ(points_named(game, 0, "monastery"), 0) << "one space around is still empty";
        hf_play(game, steps.back());
        EXPECT_EQ(points_named(game, 0, "monastery"), expected);
        EXPECT_TRUE(game.figures().empty()) << "the monk went home";
    }
}

// HF-30: a second triangle in an occupied space completes nothing.
TEST(HfGames, HF30_SecondTriangleInAnOccupiedSpaceNeverCompletesAMonastery) {
    auto hooks = hf_hooks();
    const Hands hands{std::vector<std::string>(7, "TT/field"), std::vector<std::string>(8, "TT/field")};
    Game game(hf_setup(*hooks, {"BA/L", "BA/RFr"}, hands, 2, 2, kMonasteryTiles));
    auto steps = monastery_with_fifteen_triangles();
    steps.erase(steps.end() - 2);  // (-1,3) keeps one triangle for now
    // (1,3) completes it on turn 15; (-1,3)'s second triangle comes after.
    hf_play_all(game, steps);
    EXPECT_EQ(points_named(game, 0, "monastery"), 15);  // 1 + 14 triangles when completed
    hf_play(game, from_hand("TT/field", -1, 3, 2));
    EXPECT_EQ(points_named(game, 0, "monastery"), 15) << "scored once, when completed";
}

// HF-34: an incomplete monastery at the end: 1 for its space plus 1 per
// occupied surrounding space (tiles under monasteryCount=tiles).
TEST(HfGames, HF34_IncompleteMonasteryAtFinalScoring) {
    for (const auto& [rules, expected] : {std::pair{Rules{}, 3}, std::pair{kMonasteryTiles, 5}}) {
        auto hooks = hf_hooks();
        const Hands hands{{"TT/field", "TT/field"}, {"TT/field", "TT/field"}};
        Game game(hf_setup(*hooks, {"BA/L", "BA/RFr"}, hands, 2, 2, rules));
        // (0,1) two triangles, monastery at (0,2), (-1,1) two triangles, then the last draw.
        hf_play_all(game, {from_hand("TT/field", 0, 1, 0), from_hand("TT/field", 0, 1, 2),
                           drawn("BA/L", 0, 2, 0).meeple(Monastery, "I"), from_hand("TT/field", -1, 1, 0),
                           from_hand("TT/field", -1, 1, 2), drawn("BA/RFr", 1, 0, 0)});
        ASSERT_TRUE(game.is_over());
        // Around (0,2) only (0,1) and (-1,1) are occupied: 1 + 2 spaces, or 1 + 4 triangles.
        EXPECT_EQ(points_named(game, 0, "monastery.incomplete"), expected);
    }
}

// ---------------------------------------------------------------- HF-37, HF-38: end of the game

TEST(HfGames, HF37_HF38_GameEndsWithTheLastRegularTileAndHandsAreLost) {
    auto hooks = hf_hooks();
    Game game(hf_setup(*hooks, {"BA/RFr"}, {{"TT/field", "TT/road"}, {"TT/field"}}, 2, 1));
    hf_play(game, from_hand("TT/field", 0, 1, 0));
    EXPECT_FALSE(game.is_over()) << "a halfling is no regular tile";
    hf_play(game, drawn("BA/RFr", 1, 0, 0));  // Bob draws the last regular tile
    ASSERT_TRUE(game.is_over());
    EXPECT_EQ(game.turn_number(), 2u);
    EXPECT_THAT(hand_of(game, 0), ElementsAre("TT/road"));  // never played (HF-38)
    EXPECT_THAT(hand_of(game, 1), ElementsAre("TT/field"));
    EXPECT_EQ(game.score(0) + game.score(1), 0);
}

// ---------------------------------------------------------------- HF-60: Little Buildings

// A shed on one triangle counts for the road on the other triangle of its
// space (gridUnit=space), not under gridUnit=tile (the 1st-edition rule).
TEST(HfGames, HF60_BuildingOnOneTriangleCountsForTheOtherTriangleOfItsSpace) {
    for (const auto& [rules, expected] :
         {std::pair{Rules{}, 4}, std::pair{Rules{{"halflings.gridUnit", "tile"}}, 3}}) {
        auto hooks = hf_hooks(true);
        Game game(hf_setup(*hooks, {"BA/LR", "BA/LR"}, {{"TT/field"}, {"HF/I-2"}}, 2, 2, rules));
        hf_play(game, from_hand("TT/field", 0, 1, 0).build("LB_SHED"));
        ASSERT_EQ(game.tokens().size(), 1u);
        EXPECT_EQ(game.tokens()[0].at, space(0, 1, Corner::NE));
        hf_play(game, from_hand("HF/I-2", 0, 1, 2).meeple(Road, "S"));  // road S.W, no part in the NE triangle
        hf_play(game, drawn("BA/LR", 0, 2, 2));
        hf_play(game, drawn("BA/LR", -1, 1, 3));
        ASSERT_TRUE(game.is_over());
        EXPECT_EQ(points_named(game, 1, "road"), expected);
    }
}

// ---------------------------------------------------------------- HF-12 to HF-14, HF-39, HF-40: setup

std::vector<std::vector<std::string>> dealt(const Game& game) {
    std::vector<std::vector<std::string>> out;
    for (uint8_t p = 0; p < game.player_count(); ++p) out.push_back(hand_of(game, p));
    return out;
}

bool is_symbol_tile(const std::string& id) {
    return id == "HF/II-1" || id == "HF/II-2" || id == "HF/II-3" || id == "HF/II-4";
}

TEST(HfGames, HF12_HF40_RandomDealGivesEachPlayerThreeDistinctHalflingsWithoutSymbolTiles) {
    auto hooks = hf_hooks();
    for (int players = 2; players <= 6; ++players)
        for (uint64_t seed = 1; seed <= 20; ++seed) {
            GameSetup s = hf_setup(*hooks, {}, {}, players);
            s.seed = seed;
            const Game game(s);
            std::set<std::string> all;
            for (const auto& hand : dealt(game)) {
                EXPECT_EQ(hand.size(), 3u);
                for (const auto& id : hand) {
                    EXPECT_EQ(id.rfind("HF/", 0), 0u) << id;
                    EXPECT_FALSE(is_symbol_tile(id)) << id << " (HF-12: symbol tiles leave the pool)";
                    all.insert(id);
                }
            }
            EXPECT_EQ(all.size(), static_cast<size_t>(3 * players)) << "one copy of each tile (HF-11)";
            EXPECT_EQ(game.dealt_hands().size(), static_cast<size_t>(players));
        }
}

TEST(HfGames, HF12_DealIsFixedByTheSeed) {
    auto hooks = hf_hooks();
    std::set<std::vector<std::vector<std::string>>> deals;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        GameSetup s = hf_setup(*hooks, {}, {}, 3);
        s.seed = seed;
        const auto first = dealt(Game(s));
        EXPECT_EQ(dealt(Game(s)), first);
        deals.insert(first);
    }
    EXPECT_GT(deals.size(), 4u) << "different seeds deal differently";
}

TEST(HfGames, HF39_DraftDealsHandSizeEachAndMayIncludeTheSymbolTiles) {
    auto hooks = hf_hooks();
    bool symbol_seen = false;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
        GameSetup s = hf_setup(*hooks, {}, {}, 4, 0, {{"halflings.setup", "draft"}});
        s.seed = seed;
        const Game game(s);
        for (const auto& hand : dealt(game)) {
            EXPECT_EQ(hand.size(), 3u);
            for (const auto& id : hand) symbol_seen = symbol_seen || is_symbol_tile(id);
        }
    }
    EXPECT_TRUE(symbol_seen) << "the draft lays out all 24 tiles (excludeSymbolTiles=auto)";
}

TEST(HfGames, HF14_HandsLargerThanThePoolAreRefusedWithAClearError) {
    auto hooks = hf_hooks();
    // 7 x 3 = 21 > 20 tiles without the symbol tiles.
    const std::string error =
        error_of([&] { Game game(hf_setup(*hooks, {}, {}, 3, 0, {{"halflings.handSize", "7"}})); });
    EXPECT_THAT(error, HasSubstr("HF-14"));
    EXPECT_THAT(error, HasSubstr("21"));
    EXPECT_THAT(error, HasSubstr("20"));
    // With the symbol tiles the pool is 24: 8 x 3 fits.
    Game game(hf_setup(*hooks, {}, {}, 3, 0, {{"halflings.handSize", "8"}, {"halflings.excludeSymbolTiles", "false"}}));
    EXPECT_EQ(game.player(2).hand.size(), 8u);
    EXPECT_THAT(error_of([&] { Game bad(hf_setup(*hooks, {}, {}, 2, 0, {{"halflings.handSize", "0"}})); }),
                HasSubstr("handSize"));
}

TEST(HfGames, PresetHandsMustBeDealtExactlyAndNeedHalflings) {
    auto hooks = hf_hooks();
    const Game game(hf_setup(*hooks, {}, {{"HF/II-1", "TT/road"}, {}}));
    EXPECT_THAT(hand_of(game, 0), ElementsAre("HF/II-1", "TT/road"));
    EXPECT_TRUE(game.player(1).hand.empty());
    // Without an expansion that deals hands the fixed hands cannot be honoured.
    GameSetup s = hf_setup(*hooks, {}, {{"TT/road"}, {}});
    s.hooks = nullptr;
    s.expansions.clear();
    EXPECT_THAT(error_of([&] { Game g(s); }), HasSubstr("no expansion is enabled"));
    EXPECT_THAT(error_of([&] { Game g(hf_setup(*hooks, {}, {{"TT/road"}})); }), HasSubstr("hands are given for 1 players"));
}

// ---------------------------------------------------------------- presets (docs/expansions/halflings.md "Presets")

TEST(HfGames, PresetsSetTheirKeysAndExplicitKeysWin) {
    auto hooks = hf_hooks();
    const std::map<std::string, std::map<std::string, std::string>> presets{
        {"2021", {{"featureCount", "spaces"}, {"monasteryCount", "spaces"}, {"gridUnit", "space"}, {"handSize", "auto"}}},
        {"2020",
         {{"featureCount", "tiles"}, {"monasteryCount", "spaces"}, {"gridUnit", "tile"}, {"handSize", "auto"},
          {"barnPlacement", "noEmptyQuarter"}}},
        {"2015",
         {{"featureCount", "tiles"}, {"monasteryCount", "tiles"}, {"gridUnit", "tile"}, {"handSize", "2"},
          {"barnPlacement", "noEmptyQuarter"}, {"bridgeCount", "perTile"}}},
        {"2014", {{"featureCount", "spaces"}, {"monasteryCount", "spaces"}, {"gridUnit", "space"}, {"handSize", "2"}}},
    };
    for (const auto& [preset, keys] : presets) {
        const Game game(hf_setup(*hooks, {}, {}, 2, 0, {{"halflings.ruleset", preset}}));
        for (const auto& [key, value] : keys) EXPECT_EQ(game.rules().at("halflings." + key), value) << preset << " " << key;
        const std::string size = keys.at("handSize");  // auto: 3 for two players (HF-14)
        EXPECT_EQ(game.player(0).hand.size(), static_cast<size_t>(size == "auto" ? 3 : std::stoi(size))) << preset;
    }
    const Game game(hf_setup(*hooks, {}, {}, 2, 0, {{"halflings.ruleset", "2015"}, {"halflings.handSize", "4"}}));
    EXPECT_EQ(game.rules().at("halflings.handSize"), "4");
    EXPECT_EQ(game.player(1).hand.size(), 4u);
}

TEST(HfGames, Preset2015CountsTilesForRoadsAndMonasteries) {
    {
        auto hooks = hf_hooks();
        const Hands hands{{"TT/field", "TT/field"}, {"TT/field", "TT/field"}};
        Game game(hf_setup(*hooks, {"BA/L", "BA/RFr"}, hands, 2, 2, {{"halflings.ruleset", "2015"}}));
        hf_play_all(game, {from_hand("TT/field", 0, 1, 0), from_hand("TT/field", 0, 1, 2),
                           drawn("BA/L", 0, 2, 0).meeple(Monastery, "I"), from_hand("TT/field", -1, 1, 0),
                           from_hand("TT/field", -1, 1, 2), drawn("BA/RFr", 1, 0, 0)});
        EXPECT_EQ(points_named(game, 0, "monastery.incomplete"), 5) << "1 + 4 triangles, as in HF34 under tiles";
    }
    auto hooks = hf_hooks();
    Game game(hf_setup(*hooks, {"BA/LR", "BA/LR"}, {{"TT/road"}, {"TT/road"}}, 2, 2, {{"halflings.ruleset", "2015"}}));
    hf_play_all(game, road_across_a_space());
    EXPECT_EQ(points_named(game, 0, "road"), 5);
    auto hooks2 = hf_hooks();
    Game g2(hf_setup(*hooks2, {"BA/LR", "BA/LR"}, {{"TT/road"}, {"TT/road"}}, 2, 2, {{"halflings.ruleset", "2014"}}));
    hf_play_all(g2, road_across_a_space());
    EXPECT_EQ(points_named(g2, 0, "road"), 4);
}

// ---------------------------------------------------------------- hook filters

// Halflings' hook filters (manifest HookFilterDecl): a player whose hand is
// empty is not asked about the tile step (HF-16: nothing to play), and
// FEATURE_SCORING is asked only when a count option is "tiles". The game is
// the same either way; only the calls go. The tile-step hooks are called by
// a host that does not implement the declared hand play, as here.
TEST(HfGames, HookFiltersSkipCallsThatCannotChangeTheGame) {
    auto hooks = hf_hooks(false, HandPlayBy::Hooks);
    Game game(hf_setup(*hooks, {"BA/RFr", "BA/RFr"}, {{"TT/road"}, {}}));
    // GAME_START, then TILE_STEP_OPTIONS as Alice's turn began (she holds one).
    const uint64_t before = hooks->stats().hook_calls;
    EXPECT_EQ(before, 2u);
    hf_play(game, from_hand("TT/road", 1, 0, 2));  // APPLY_TILE_STEP_OPTION; then Ben's turn begins
    const uint64_t after_alice = hooks->stats().hook_calls;
    EXPECT_EQ(after_alice - before, 1u);
    ASSERT_TRUE(game.awaiting_tile_choice() || game.drawn_tile().has_value());
    EXPECT_TRUE(game.tile_step_options().empty()) << "Ben holds no halfling";
    EXPECT_EQ(hooks->stats().hook_calls, after_alice) << "Ben's empty hand: no TILE_STEP_OPTIONS";

    Rules tiles{{"halflings.featureCount", "tiles"}};
    auto counting = hf_hooks();
    Game by_tiles(hf_setup(*counting, {}, {{"TT/road"}, {}}, 2, 0, tiles));
    auto spaces = hf_hooks();
    Game by_spaces(hf_setup(*spaces, {}, {{"TT/road"}, {}}, 2, 0));
    ScoredFeatureInfo road;
    road.kind = FeatureKind::Road;
    road.completed = true;
    road.parts = {space(1, 0, Corner::SW)};
    road.base_points = road.points = 1;
    road.scorers = {0};
    road.name = "road";
    road.spaces = road.tiles = 1;
    const uint64_t c0 = counting->stats().hook_calls, s0 = spaces->stats().hook_calls;
    counting->score_feature(by_tiles, road, nullptr);
    spaces->score_feature(by_spaces, road, nullptr);
    EXPECT_EQ(counting->stats().hook_calls - c0, 1u) << "featureCount=tiles: FEATURE_SCORING is asked";
    EXPECT_EQ(spaces->stats().hook_calls - s0, 0u) << "default spaces: nothing to count differently";

    // One bridge serving both games in turn: RuleIs is decided per game.
    const uint64_t c1 = counting->stats().hook_calls;
    Game by_spaces_too(hf_setup(*counting, {}, {{"TT/road"}, {}}, 2, 0));
    const uint64_t c2 = counting->stats().hook_calls;  // its GAME_START
    counting->score_feature(by_spaces_too, road, nullptr);
    EXPECT_EQ(counting->stats().hook_calls, c2) << "a game under spaces after one under tiles";
    counting->score_feature(by_tiles, road, nullptr);
    EXPECT_EQ(counting->stats().hook_calls, c2 + 1) << "and back to the game under tiles";
    EXPECT_GT(c2, c1);
}

}  // namespace
}  // namespace ck::host::test

// Base-game scoring in real game situations (jcz-interop.md §5). The start
// tile is BA/RCr at (0,0): city N, road W-E, field north of the road
// (touching the city) and field south of it.
#include <gtest/gtest.h>

#include "game_helpers.hpp"

namespace ck::host::test {
namespace {

constexpr auto Road = FeatureKind::Road;
constexpr auto City = FeatureKind::City;
constexpr auto Monastery = FeatureKind::Monastery;
constexpr auto Field = FeatureKind::Field;

// §5.4: a completed road scores 1 per tile for the follower on it, at the
// commit of the turn that completes it; the follower then goes home.
TEST(Scoring, RoadCompletedScoresOnePerTileAndReturnsFollower) {
    Game game(base_setup({"BA/RRR", "BA/RRR", "BA/Rr"}));
    play(game, {"BA/RRR", 1, 0, 0, Road, "W"});
    EXPECT_EQ(game.player(0).followers_in_supply(), 6);
    EXPECT_EQ(game.score(0), 0) << "nothing scores before the road is complete";
    play(game, {"BA/RRR", -1, 0, 2});
    EXPECT_EQ(game.score(0), 3);
    EXPECT_EQ(game.score(1), 0);
    EXPECT_EQ(points_named(game, 0, "road"), 3);
    EXPECT_EQ(game.player(0).followers_in_supply(), 7) << "the follower returns after scoring";
    EXPECT_TRUE(game.figures().empty());
    ASSERT_EQ(game.score_log().size(), 1u);
    EXPECT_EQ(game.score_log()[0].kind, Road);
    EXPECT_FALSE(game.score_log()[0].final_scoring);
}

// §4.5: a returned follower is reused, lowest number first.
TEST(Scoring, ReturnedFollowerIsReusedLowestFirst) {
    Game game(base_setup({"BA/RRR", "BA/RRR", "BA/RFr"}));
    play(game, {"BA/RRR", 1, 0, 0, Road, "W"});
    ASSERT_EQ(game.figures().at(0).meeple, (MeepleId{0, 1}));
    play(game, {"BA/RRR", -1, 0, 2});
    play(game, {"BA/RFr", 2, 0, 0, Road, "WE"});  // continues the RRR's east road
    ASSERT_EQ(game.figures().size(), 1u);
    EXPECT_EQ(game.figures()[0].meeple, (MeepleId{0, 1}));
    EXPECT_EQ(format_meeple_id(game.figures()[0].meeple), "0.small.1");
}

// §5.3: completed city 2 points per tile and per pennant.
TEST(Scoring, CityWithPennantScoresTwicePerTileAndPennant) {
    Game game(base_setup({"BA/CFc+", "BA/C"}));
    play(game, {"BA/CFc+", 0, -1, 1, City, "NS"});
    play(game, {"BA/C", 0, -2, 2});
    EXPECT_EQ(points_named(game, 0, "city"), 2 * 3 + 2);
    const FeatureView city = game.feature_at(ptr(0, 0, City, "N"));
    EXPECT_TRUE(city.completed);
    EXPECT_EQ(city.tiles, 3);
    EXPECT_EQ(city.pennants, 1);
}

TEST(Scoring, TwoTileCityScoresFourByDefault) {
    Game game(base_setup({"BA/C"}));
    play(game, {"BA/C", 0, -1, 2, City, "S"});
    EXPECT_EQ(points_named(game, 0, "city"), 4);
    EXPECT_EQ(entries_named(game, "city.tiny"), 0);
}

// §5.3 tiny-city rule: a completed city of two tiles scores 1 per tile and pennant.
TEST(Scoring, TinyCityRuleScoresTwoForTwoTileCity) {
    GameSetup setup = base_setup({"BA/C"});
    setup.rules["tiny-city-scoring"] = "2";
    Game game(setup);
    play(game, {"BA/C", 0, -1, 2, City, "S"});
    EXPECT_EQ(points_named(game, 0, "city.tiny"), 2);
    EXPECT_EQ(game.score(0), 2);
}

TEST(Scoring, TinyCityAliasAndThreeTileCitiesUnaffected) {
    GameSetup setup = base_setup({"BA/CFc+", "BA/C"});
    setup.rules["base.tinyCity"] = "on";
    Game game(setup);
    EXPECT_EQ(game.rules().at("tiny-city-scoring"), "2");
    play(game, {"BA/CFc+", 0, -1, 1, City, "NS"});
    play(game, {"BA/C", 0, -2, 2});
    EXPECT_EQ(points_named(game, 0, "city"), 8);
    // The alias acts, not only its spelling: a two-tile city is tiny.
    GameSetup two = base_setup({"BA/C"});
    two.rules["base.tinyCity"] = "on";
    Game tiny(two);
    play(tiny, {"BA/C", 0, -1, 2, City, "S"});
    EXPECT_EQ(points_named(tiny, 0, "city.tiny"), 2);
    EXPECT_EQ(tiny.score(0), 2);
}

TEST(Scoring, ConflictingTinyCityOptionsAreRejected) {
    GameSetup setup = base_setup({});
    setup.rules["base.tinyCity"] = "on";
    setup.rules["tiny-city-scoring"] = "4";
    EXPECT_THROW(Game{setup}, HostError);
}

// §5.5: a monastery completed during play scores 9.
TEST(Scoring, MonasteryCompletedDuringPlayScoresNine) {
    Game game(base_setup({"BA/L", "BA/RFr", "BA/RFr", "BA/L", "BA/L", "BA/RFr", "BA/RFr", "BA/RFr"}));
    play_all(game, {{"BA/L", 0, 1, 0, Monastery, "I"},
                    {"BA/RFr", -1, 0, 0},
                    {"BA/RFr", 1, 0, 0},
                    {"BA/L", -1, 1, 0},
                    {"BA/L", 1, 1, 0},
                    {"BA/RFr", -1, 2, 0},
                    {"BA/RFr", 0, 2, 0}});
    EXPECT_EQ(game.score(0), 0);
    EXPECT_EQ(game.feature_at(ptr(0, 1, Monastery, "I")).occupied_around, 7);
    play(game, {"BA/RFr", 1, 2, 0});  // Bob completes Alice's monastery
    EXPECT_EQ(points_named(game, 0, "monastery"), 9);
    EXPECT_EQ(game.score(1), 0);
    EXPECT_EQ(game.player(0).followers_in_supply(), 7);
}

// §5.8: at the end, an incomplete monastery scores 1 + occupied neighbours,
// an incomplete road 1 per tile, an incomplete city 1 per tile and pennant.
TEST(Scoring, IncompleteFeaturesScoreAtGameEnd) {
    Game game(base_setup({"BA/L", "BA/RFr", "BA/CFc+"}, 2, 3));
    play_all(game, {{"BA/L", 0, 1, 0, Monastery, "I"},
                    {"BA/RFr", 1, 0, 0, Road, "WE"},
                    {"BA/CFc+", 0, -1, 1, City, "NS"}});
    ASSERT_EQ(game.phase(), Phase::GameOverPhase);
    EXPECT_EQ(points_named(game, 0, "monastery.incomplete"), 1 + 2);  // start tile and (1,0)
    EXPECT_EQ(points_named(game, 1, "road.incomplete"), 2);
    EXPECT_EQ(points_named(game, 0, "city.incomplete"), 2 + 1);
    EXPECT_EQ(game.score(0), 6);
    EXPECT_EQ(game.score(1), 2);
    for (const ScoreEntry& e : game.score_log()) EXPECT_TRUE(e.final_scoring);
}

// §5.2: tied players each receive the full points.
TEST(Scoring, TiedFollowersEachScoreFullPoints) {
    Game game(base_setup({"BA/RFr", "BA/RFr", "BA/RFr", "BA/Rr", "BA/Rr"}, 2, 5));
    play_all(game, {{"BA/RFr", 1, 0, 0, Road, "WE"},
                    {"BA/RFr", 0, 1, 0, Road, "WE"},
                    {"BA/RFr", 1, 1, 0},
                    {"BA/Rr", 2, 0, 0},
                    {"BA/Rr", 2, 1, 1}});
    ASSERT_TRUE(game.is_over());
    const FeatureView road = game.feature_at(ptr(0, 0, Road, "WE"));
    EXPECT_EQ(road.tiles, 6);
    EXPECT_EQ(road.followers[0], 1);
    EXPECT_EQ(road.followers[1], 1);
    EXPECT_EQ(points_named(game, 0, "road.incomplete"), 6);
    EXPECT_EQ(points_named(game, 1, "road.incomplete"), 6);
}

// §5.2: only the majority scores when roads with different owners join.
TEST(Scoring, MajorityTakesAllWhenRoadsJoin) {
    Game game(base_setup({"BA/RFr", "BA/Rr", "BA/Rr", "BA/Rr", "BA/Rr", "BA/Rr", "BA/Rr"}, 2, 7));
    play_all(game, {{"BA/RFr", 1, 0, 0, Road, "WE"},
                    {"BA/Rr", 0, 1, 0, Road, "SW"},
                    {"BA/Rr", 1, 1, 3, Road, "SE"},
                    {"BA/Rr", 2, 0, 0},
                    {"BA/Rr", 2, 1, 1},
                    {"BA/Rr", 0, 2, 2},
                    {"BA/Rr", 1, 2, 1}});
    ASSERT_TRUE(game.is_over());
    const FeatureView road = game.feature_at(ptr(0, 1, Road, "SW"));
    EXPECT_EQ(road.tiles, 8);
    EXPECT_EQ(road.followers[0], 2);
    EXPECT_EQ(road.followers[1], 1);
    EXPECT_EQ(points_named(game, 0, "road.incomplete"), 8);
    EXPECT_EQ(game.score(1), 0);
    EXPECT_EQ(entries_named(game, "road.incomplete"), 1) << "one entry for the feature, for the majority only";
}

// §5.6: a farmer scores 3 per distinct completed city its field touches,
// a city reached through several tiles counting once.
TEST(Scoring, FieldScoresThreePerDistinctCompletedCity) {
    Game game(base_setup({"BA/C", "BA/RFr", "BA/L", "BA/C", "BA/C"}, 2, 5));
    play_all(game, {{"BA/C", 0, -1, 2, City, "S"},              // completes the start city: Alice 4
                    {"BA/RFr", 1, 0, 0, Field, "NL.NR.EL.WR"},  // Bob's farmer north of the road
                    {"BA/L", 1, -1, 0},                         // joins Bob's field to BA/C's field
                    {"BA/C", 2, -1, 1},
                    {"BA/C", 3, -1, 3, City, "W"}});            // second city, closed: Alice 4
    ASSERT_TRUE(game.is_over());
    EXPECT_EQ(points_named(game, 0, "city"), 8);
    EXPECT_EQ(points_named(game, 1, "field"), 6) << "start city once (two tiles border it) + the new city";
    EXPECT_EQ(game.score(1), 6);
}

TEST(Scoring, FieldNextToIncompleteCityScoresNothing) {
    Game game(base_setup({"BA/RFr"}, 2, 1));
    play(game, {"BA/RFr", 1, 0, 0, Field, "NL.NR.EL.WR"});
    ASSERT_TRUE(game.is_over());
    EXPECT_EQ(points_named(game, 0, "field"), 0);
    EXPECT_EQ(entries_named(game, "field"), 1) << "zero-point entries are kept";
}

TEST(Scoring, WithoutFarmersNoFieldIsOffered) {
    GameSetup setup = base_setup({"BA/RFr"});
    setup.farmers = false;
    Game game(setup);
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    ASSERT_FALSE(game.meeple_options().empty()) << "the road is still offered";
    for (const MeepleOption& o : game.meeple_options()) EXPECT_NE(o.pointer.kind, Field);
    EXPECT_THROW(game.deploy_meeple(ptr(1, 0, Field, "NL.NR.EL.WR"), "0.small.1"), HostError);
}

// Followers on several features scored the same turn all go home after
// everything is scored (§5.1).
TEST(Scoring, EachCompletedFeatureScoresForItsOwnFollower) {
    // Bob closes the start city, then Alice's road is closed by Bob's tile.
    Game game(base_setup({"BA/RRR", "BA/C", "BA/RRR"}));
    play(game, {"BA/RRR", 1, 0, 0, Road, "W"});
    play(game, {"BA/C", 0, -1, 2, City, "S"});
    EXPECT_EQ(points_named(game, 1, "city"), 4);
    play(game, {"BA/RRR", -1, 0, 2});
    EXPECT_EQ(points_named(game, 0, "road"), 3);
    EXPECT_EQ(game.player(0).followers_in_supply(), 7);
    EXPECT_EQ(game.player(1).followers_in_supply(), 7);
}

TEST(Scoring, ScoreEntriesCarryKindAndTurn) {
    Game game(base_setup({"BA/C"}));
    play(game, {"BA/C", 0, -1, 2, City, "S"});
    ASSERT_EQ(game.score_log().size(), 1u);
    const ScoreEntry& e = game.score_log()[0];
    EXPECT_EQ(e.player, 0);
    EXPECT_EQ(e.points, 4);
    EXPECT_EQ(e.kind, City);
    EXPECT_EQ(e.turn, 1u);
}

}  // namespace
}  // namespace ck::host::test

// Little Buildings rules in real game situations: ck::host::Game with the
// shipped module loaded through PluginRegistry and called through the C ABI
// by PluginHooks. Forced draw orders; the start tile is BA/RCr at (0,0)
// (city N, road W-E) unless a test says otherwise. Rule IDs are those of the
// Little Buildings rule specification (docs/expansions/little-buildings.md).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>

#include "lb_game.hpp"

namespace ck::host::test {
namespace {

using testing::ElementsAre;
using testing::HasSubstr;
using testing::Pair;

constexpr auto Road = FeatureKind::Road;
constexpr auto City = FeatureKind::City;
constexpr auto Monastery = FeatureKind::Monastery;
constexpr auto Field = FeatureKind::Field;

const Rules kFlat{{"littleBuildings.values", "flat"}};
const Rules k321{{"littleBuildings.values", "321"}};

TileRef at(int x, int y) { return {{static_cast<int16_t>(x), static_cast<int16_t>(y)}, Corner::None}; }

void place_first_legal(Game& game) { game.place_tile(*game.drawn_tile(), game.legal_placements().front()); }

// ---------------------------------------------------------------- LB-4, LB-21: dealing

TEST(LbGames, LB4_LB21_TokensDealtForTwoToSixPlayersUnderBothSplitsAndValues) {
    auto hooks = lb_hooks();
    for (const std::string split : {"rules", "jcz"})
        for (const std::string values : {"flat", "321"})
            for (int n = 2; n <= 6; ++n) {
                SCOPED_TRACE(split + "/" + values + " with " + std::to_string(n) + " players");
                const Rules rules{{"littleBuildings.split", split}, {"littleBuildings.values", values}};
                const Game game(lb_setup(*hooks, {}, n, 0, rules));
                std::array<int, 3> dealt_of_type{};
                for (int p = 0; p < n; ++p) {
                    const PlayerState& player = game.players()[static_cast<size_t>(p)];
                    const auto want = expected_deal(split, values, n, p);
                    // Tokens are sorted by kind and zero counts are never stored.
                    std::vector<std::pair<std::string, int>> expected;
                    if (want[1]) expected.emplace_back(kHouse, want[1]);
                    if (want[2]) expected.emplace_back(kShed, want[2]);
                    if (want[0]) expected.emplace_back(kTower, want[0]);
                    EXPECT_EQ(player.tokens, expected) << "player " << p;
                    for (size_t t = 0; t < 3; ++t) dealt_of_type[t] += player.token_count(kBuildingKinds[t]);
                }
                if (split == "rules" && values == "flat") {
                    EXPECT_EQ(buildings_in_supply(game.players()[0]), 18 / n) << "LB-4: floor(18/N) each";
                }
                for (int d : dealt_of_type) EXPECT_LE(d, 6) << "LB-3: only 6 of each type in the box";
                EXPECT_TRUE(game.tokens().empty());
            }
}

TEST(LbGames, LB21_FourPlayersUnder321GetThreeNotFour) {
    auto hooks = lb_hooks();
    const Game flat(lb_setup(*hooks, {}, 4, 0, kFlat));
    const Game variant(lb_setup(*hooks, {}, 4, 0, k321));
    for (uint8_t p = 0; p < 4; ++p) {
        EXPECT_EQ(buildings_in_supply(flat.player(p)), 4);
        EXPECT_EQ(buildings_in_supply(variant.player(p)), 3);
        for (const std::string& kind : kBuildingKinds) EXPECT_EQ(variant.player(p).token_count(kind), 1);
    }
}

// One PluginHooks serves games one after another; a new game built where
// the last one lived (same address) must be dealt by its own setup, even
// when the previous game's GAME_START gave nothing (7 players under jcz).
TEST(LbGames, LB4_HooksServingGamesOneAfterAnotherDealEachByItsOwnSetup) {
    auto hooks = lb_hooks();
    std::optional<Game> slot;  // every game at the same address
    slot.emplace(lb_setup(*hooks, {}, 7, 0, {{"littleBuildings.split", "jcz"}}));
    for (const PlayerState& p : slot->players()) EXPECT_EQ(buildings_in_supply(p), 0) << "jcz: none for 7+";
    slot.reset();
    slot.emplace(lb_setup(*hooks, {}, 7, 0, {{"littleBuildings.split", "rules"}}));
    for (const PlayerState& p : slot->players()) EXPECT_EQ(buildings_in_supply(p), 18 / 7) << "LB-4 with 7 players";
    slot.reset();
    slot.emplace(lb_setup(*hooks, {}, 7, 0, {{"littleBuildings.split", "jcz"}}));
    slot.reset();
    slot.emplace(lb_setup(*hooks, {}, 2, 0, {}));
    for (const PlayerState& p : slot->players()) EXPECT_EQ(buildings_in_supply(p), 9) << "LB-4 with 2 players";
}

// ---------------------------------------------------------------- LB-6: the option

TEST(LbGames, LB6_EachTypeInSupplyIsOfferedOnTheTileJustPlacedOnly) {
    auto hooks = lb_hooks();
    Game game(lb_setup(*hooks, {"BA/RFr", "BA/RFr"}));
    for (int turn = 0; turn < 2; ++turn) {
        place_first_legal(game);
        const TileRef placed = *game.placed_this_turn();
        const auto& options = game.expansion_options();
        ASSERT_EQ(options.size(), 3u) << "turn " << turn + 1;
        for (size_t i = 0; i < 3; ++i) {
            EXPECT_EQ(options[i].action, "place-token");
            EXPECT_EQ(options[i].token_kind, kBuildingKinds[i]) << "tower, house, shed order";
            EXPECT_EQ(options[i].at, placed) << "LB-6: only on the tile just placed";
        }
        EXPECT_FALSE(game.meeple_options().empty()) << "meeples stay offered beside the buildings";
        game.pass();
        game.commit(0.5);
    }
}

// 5 players under rules/flat get 3 buildings each; once Alice has placed
// hers, nothing more is offered to her, while the others still get theirs.
TEST(LbGames, LB6_NothingOfferedOnceTheSupplyIsEmpty) {
    auto hooks = lb_hooks();
    GameSetup setup = lb_setup(*hooks, {}, 5, 0, kFlat);
    setup.seed = 3;
    Game game(setup);
    ASSERT_EQ(buildings_in_supply(game.player(0)), 3);
    int placed_by_alice = 0;
    for (int turn = 1; turn <= 20; ++turn) {
        ASSERT_EQ(game.phase(), Phase::TilePhase);
        const uint8_t p = game.active_player();
        place_first_legal(game);
        if (p == 0) {
            if (placed_by_alice < 3) {
                ASSERT_EQ(game.phase(), Phase::ActionPhase);
                ASSERT_FALSE(game.expansion_options().empty()) << "turn " << turn;
                game.apply_expansion_option(0);
                ++placed_by_alice;
            } else {
                EXPECT_TRUE(game.expansion_options().empty()) << "turn " << turn << ": no buildings left";
                EXPECT_EQ(buildings_in_supply(game.player(0)), 0);
                // The rest of the step is the base game's.
                if (game.phase() == Phase::ActionPhase) {
                    EXPECT_FALSE(game.meeple_options().empty());
                }
            }
        } else {
            EXPECT_EQ(game.expansion_options().size(), 3u) << "turn " << turn << ", player " << int(p);
        }
        if (game.phase() == Phase::ActionPhase) game.pass();
        game.commit(0.5);
    }
    EXPECT_EQ(game.tokens().size(), 3u);
}

TEST(LbGames, LB6_OptionNotOfferedIsRefusedAndTheGameUnchanged) {
    auto hooks = lb_hooks();
    Game game(lb_setup(*hooks, {"BA/RFr", "BA/RFr"}));
    // Before any tile is placed: no figure step yet.
    EXPECT_THAT(error_of([&] { game.apply_expansion_option(0); }), HasSubstr("apply an expansion action"));
    game.place_tile("BA/RFr", at(1, 0), 0);
    ASSERT_EQ(game.expansion_options().size(), 3u);
    const auto before = snapshot(game);

    // An index the engine never offered.
    EXPECT_THAT(error_of([&] { game.apply_expansion_option(3); }), HasSubstr("does not exist (3 offered)"));
    EXPECT_EQ(snapshot(game), before);

    // Options forged past the engine reach the bridge, which applies the
    // declared placement (TokenPlacement::InsteadOfFigure) only when it is
    // legal, and applies nothing otherwise.
    ExpansionOption away = game.expansion_options()[0];
    away.at = at(0, 0);  // the start tile, not the tile just placed
    EXPECT_THAT(error_of([&] { hooks->apply_figure_action(game, 0, away); }),
                HasSubstr("cloisterkit.little-buildings: cannot place LB_TOWER at (0,0): it goes on the tile just "
                          "placed, (1,0)"));
    EXPECT_EQ(snapshot(game), before);

    // Not a declared kind: it would need the expansion's APPLY_FIGURE_ACTION,
    // which Little Buildings does not implement.
    ExpansionOption unknown = game.expansion_options()[0];
    unknown.token_kind = "LB_CASTLE";
    EXPECT_THAT(error_of([&] { hooks->apply_figure_action(game, 0, unknown); }),
                HasSubstr("does not implement APPLY_FIGURE_ACTION"));
    EXPECT_EQ(snapshot(game), before);

    const ExpansionOption for_bob = game.expansion_options()[0];
    EXPECT_THAT(error_of([&] { hooks->apply_figure_action(game, 1, for_bob); }),
                HasSubstr("player 1 is not the active player 0"));
    EXPECT_EQ(snapshot(game), before);

    EXPECT_TRUE(game.tokens().empty());
    EXPECT_EQ(buildings_in_supply(game.player(0)), 9);
    EXPECT_EQ(game.phase(), Phase::ActionPhase);
    // The real option still works afterwards.
    game.apply_expansion_option(building_option(game, kHouse));
    ASSERT_EQ(game.tokens().size(), 1u);
    EXPECT_EQ(game.tokens()[0].at, at(1, 0));
}

// ---------------------------------------------------------------- LB-8: one figure action

TEST(LbGames, LB8_AfterABuildingNoMeepleThisTurn) {
    auto hooks = lb_hooks();
    Game game(lb_setup(*hooks, {"BA/RFr", "BA/RFr"}));
    game.place_tile("BA/RFr", at(1, 0), 0);
    ASSERT_FALSE(game.meeple_options().empty());
    const FeaturePointer road = game.meeple_options()[meeple_option(game, Road, "W")].pointer;
    game.apply_expansion_option(building_option(game, kShed));
    EXPECT_TRUE(game.figure_action_taken());
    EXPECT_EQ(game.phase(), Phase::CommitActionPhase);
    const auto after_building = snapshot(game);

    EXPECT_THROW(game.deploy_meeple(road, *game.next_meeple()), HostError);
    EXPECT_THROW(game.apply_expansion_option(0), HostError) << "not a second building either";
    std::vector<ExpansionOption> offered;
    hooks->figure_options(game, 0, at(1, 0), offered);
    EXPECT_TRUE(offered.empty()) << "the plugin offers nothing once the figure action is taken";
    EXPECT_EQ(snapshot(game), after_building);

    game.commit(0.5);
    EXPECT_EQ(game.player(0).followers_in_supply(), 7);
    EXPECT_TRUE(game.figures().empty());
    EXPECT_EQ(game.tokens().size(), 1u);
}

TEST(LbGames, LB8_AfterAMeepleNoBuildingThisTurn) {
    auto hooks = lb_hooks();
    Game game(lb_setup(*hooks, {"BA/RFr", "BA/RFr"}));
    game.place_tile("BA/RFr", at(1, 0), 0);
    ASSERT_EQ(game.expansion_options().size(), 3u);
    const ExpansionOption shed = game.expansion_options()[building_option(game, kShed)];
    game.deploy_meeple(game.meeple_options()[meeple_option(game, Road, "W")].pointer, *game.next_meeple());
    const auto after_meeple = snapshot(game);

    EXPECT_THROW(game.apply_expansion_option(0), HostError);
    // Even straight through the bridge, the figure step is seen as used.
    EXPECT_THAT(error_of([&] { hooks->apply_figure_action(game, 0, shed); }),
                HasSubstr("cannot place LB_SHED at (1,0): the figure step of this turn is already used"));
    EXPECT_EQ(snapshot(game), after_meeple);

    game.commit(0.5);
    EXPECT_TRUE(game.tokens().empty());
    EXPECT_EQ(buildings_in_supply(game.player(0)), 9);
    EXPECT_EQ(game.player(0).followers_in_supply(), 6);
}

// ---------------------------------------------------------------- LB-9, LB-12, LB-10, LB-11, LB-13

// Alice owns a road (-1,0)..(2,0) and a city (1,-1)+(1,0); Bob's last tile,
// BA/RCr at (1,0), completes both, with Bob's building on it. Alice's house
// at (2,0) lies on the road only. Bob's first tile completes the start city
// with nobody on it.
Game shared_tile_game(PluginHooks& hooks, const Rules& rules, const std::string& bobs_last) {
    Game game(lb_setup(hooks, {"BA/RRR", "BA/C", "BA/C", "BA/L", "BA/RRR", "BA/RCr"}, 2, 6, rules));
    play_all(game, {meeple("BA/RRR", -1, 0, 0, Road, "E"),
                    building("BA/C", 0, -1, 2, kShed),  // completes the start city: nobody scores
                    meeple("BA/C", 1, -1, 2, City, "S"),
                    pass("BA/L", 2, -1, 0),
                    building("BA/RRR", 2, 0, 0, kHouse)});
    EXPECT_TRUE(game.score_log().empty()) << "LB-13: an empty city scores for nobody, buildings or not";
    EXPECT_TRUE(game.feature_at(ptr(0, 0, City, "N")).completed);
    play(game, building("BA/RCr", 1, 0, 0, bobs_last));
    return game;
}

TEST(LbGames, LB9_LB12_BuildingOnARoadAndCityTileCountsForBothCompletedInOneTurn) {
    auto hooks = lb_hooks();
    const Game game = shared_tile_game(*hooks, kFlat, kTower);
    // Road: 4 tiles + house (2,0) + tower (1,0); city: 2 tiles x 2 + tower (1,0).
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("road", 4 + 2), Pair("city", 4 + 1)));
    EXPECT_TRUE(entries_of(game, 1).empty()) << "LB-11: Bob placed the tower, Alice scores it";
    EXPECT_EQ(game.score(0), 11);
    EXPECT_EQ(game.score(1), 0);
}

TEST(LbGames, LB20_ThreeTwoOneValuesOnARoadAndCity) {
    auto hooks = lb_hooks();
    const Game game = shared_tile_game(*hooks, k321, kTower);
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("road", 4 + 2 + 3), Pair("city", 4 + 3)));
    const Game with_shed = shared_tile_game(*hooks, k321, kShed);
    EXPECT_THAT(entries_of(with_shed, 0), ElementsAre(Pair("road", 4 + 2 + 1), Pair("city", 4 + 1)));
}

TEST(LbGames, LB10_BuildingsStayAfterScoringAndToTheEnd) {
    auto hooks = lb_hooks();
    const Game game = shared_tile_game(*hooks, kFlat, kTower);
    ASSERT_TRUE(game.is_over()) << "endTurn 6";
    EXPECT_TRUE(game.figures().empty()) << "the followers went home";
    EXPECT_EQ(game.player(0).followers_in_supply(), 7);
    ASSERT_EQ(game.tokens().size(), 3u);
    EXPECT_EQ(game.tokens()[0].kind, kShed);
    EXPECT_EQ(game.tokens()[0].at, at(0, -1));
    EXPECT_EQ(game.tokens()[0].placed_by, 1);
    EXPECT_EQ(game.tokens()[1].kind, kHouse);
    EXPECT_EQ(game.tokens()[1].at, at(2, 0));
    EXPECT_EQ(game.tokens()[2].kind, kTower);
    EXPECT_EQ(game.tokens()[2].at, at(1, 0));
    EXPECT_EQ(game.tokens()[2].turn, 6u);
    // Supplies: 9 each (rules/flat, 2 players), minus what each placed.
    EXPECT_EQ(buildings_in_supply(game.player(0)), 8);
    EXPECT_EQ(buildings_in_supply(game.player(1)), 7);
}

// Alice's road from (-1,0) and Bob's from (0,1) join at (1,0) and (1,1);
// Alice closes the loop's last end at (0,2). Both have one follower: both
// get the full 6 tiles plus every building, whoever placed it.
Game tied_road_game(PluginHooks& hooks, const Rules& rules) {
    Game game(lb_setup(hooks, {"BA/RRR", "BA/Rr", "BA/Rr", "BA/Rr", "BA/LR"}, 2, 5, rules));
    play_all(game, {meeple("BA/RRR", -1, 0, 0, Road, "E"),
                    meeple("BA/Rr", 0, 1, 3, Road, "S"),
                    building("BA/Rr", 1, 1, 1, kShed),
                    building("BA/Rr", 1, 0, 0, kTower)});
    EXPECT_TRUE(game.score_log().empty());
    EXPECT_FALSE(game.feature_at(ptr(0, 0, Road, "WE")).completed);
    play(game, building("BA/LR", 0, 2, 2, kHouse));
    return game;
}

TEST(LbGames, LB11_LB13_TiedPlayersBothGetTheBonus) {
    auto hooks = lb_hooks();
    const Game flat = tied_road_game(*hooks, kFlat);
    EXPECT_THAT(entries_of(flat, 0), ElementsAre(Pair("road", 6 + 3)));
    EXPECT_THAT(entries_of(flat, 1), ElementsAre(Pair("road", 6 + 3)));
    const Game variant = tied_road_game(*hooks, k321);
    EXPECT_THAT(entries_of(variant, 0), ElementsAre(Pair("road", 6 + 1 + 3 + 2)));
    EXPECT_THAT(entries_of(variant, 1), ElementsAre(Pair("road", 6 + 1 + 3 + 2)));
    EXPECT_EQ(variant.score(0), variant.score(1));
}

// ---------------------------------------------------------------- LB-12: monastery area

// Alice's monastery at (0,1), completed on turn 9. Bob's tower at (-1,0)
// (diagonal) and house at (1,1) (side) are in its area; his shed at (2,0),
// two spaces away, is not.
Game monastery_game(PluginHooks& hooks, const Rules& rules) {
    Game game(lb_setup(hooks, {"BA/L", "BA/RFr", "BA/RFr", "BA/RFr", "BA/L", "BA/L", "BA/RFr", "BA/RFr", "BA/RFr"},
                       2, 9, rules));
    play_all(game, {meeple("BA/L", 0, 1, 0, Monastery, "I"),
                    building("BA/RFr", -1, 0, 0, kTower),
                    pass("BA/RFr", 1, 0, 0),
                    building("BA/RFr", 2, 0, 0, kShed),
                    pass("BA/L", -1, 1, 0),
                    building("BA/L", 1, 1, 0, kHouse),
                    pass("BA/RFr", -1, 2, 0),
                    pass("BA/RFr", 0, 2, 0)});
    EXPECT_TRUE(game.score_log().empty());
    play(game, pass("BA/RFr", 1, 2, 0));
    return game;
}

TEST(LbGames, LB12_MonasteryCountsBuildingsInItsThreeByThreeArea) {
    auto hooks = lb_hooks();
    const Game game = monastery_game(*hooks, kFlat);
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("monastery", 9 + 2)));
    EXPECT_TRUE(entries_of(game, 1).empty());
}

TEST(LbGames, LB20_MonasteryUnder321) {
    auto hooks = lb_hooks();
    const Game game = monastery_game(*hooks, k321);
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("monastery", 9 + 3 + 2)));
}

// ---------------------------------------------------------------- LB-15: after tiny-city reduction

// Start BA/RFr; Alice's city (0,-1) is closed by Bob's BA/C at (0,-2) with a house.
int tiny_city_points(const Rules& rules, std::string& name) {
    auto hooks = lb_hooks();
    GameSetup setup = lb_setup(*hooks, {"BA/C", "BA/C"}, 2, 2, rules);
    setup.start_tiles = {StartTile{"BA/RFr", 0, 0, 0}};
    Game game(setup);
    play_all(game, {meeple("BA/C", 0, -1, 0, City, "N"), building("BA/C", 0, -2, 2, kHouse)});
    const auto entries = entries_of(game, 0);
    EXPECT_EQ(entries.size(), 1u);
    if (entries.empty()) return -1;
    name = entries[0].first;
    return entries[0].second;
}

TEST(LbGames, LB15_BonusAddedAfterTheTinyCityReduction) {
    std::string name;
    EXPECT_EQ(tiny_city_points({{"tiny-city-scoring", "2"}, {"littleBuildings.values", "321"}}, name), 2 + 2);
    EXPECT_EQ(name, "city.tiny");
    EXPECT_EQ(tiny_city_points({{"tiny-city-scoring", "2"}, {"littleBuildings.values", "flat"}}, name), 2 + 1);
    EXPECT_EQ(name, "city.tiny");
    EXPECT_EQ(tiny_city_points({{"tiny-city-scoring", "4"}, {"littleBuildings.values", "321"}}, name), 4 + 2);
    EXPECT_EQ(name, "city");
}

// ---------------------------------------------------------------- LB-17: final scoring

// End after 6 turns with Alice on an incomplete monastery (0,1) and city
// (0,0)-(0,-2), Bob on an incomplete road (-1,0)..(2,0) and on the field
// south of it (no completed city: 0 base points). Bob's tower at (-1,0)
// lies in the monastery's area, the road and the field; Alice's shed at
// (0,-2) in the city.
Game final_scoring_game(PluginHooks& hooks, const Rules& rules) {
    Game game(lb_setup(hooks, {"BA/L", "BA/RFr", "BA/CFc+", "BA/RFr", "BA/CFc.1", "BA/RFr"}, 2, 6, rules));
    play_all(game, {meeple("BA/L", 0, 1, 0, Monastery, "I"),
                    meeple("BA/RFr", 1, 0, 0, Road, "W"),
                    meeple("BA/CFc+", 0, -1, 1, City, "N"),
                    building("BA/RFr", -1, 0, 0, kTower),
                    building("BA/CFc.1", 0, -2, 1, kShed),
                    meeple("BA/RFr", 2, 0, 0, Field, "SL")});
    EXPECT_TRUE(game.is_over());
    for (const ScoreEntry& e : game.score_log()) EXPECT_TRUE(e.final_scoring) << e.name;
    return game;
}

TEST(LbGames, LB17_FinalScoringOfIncompleteFeaturesAndFieldsWithBuildings) {
    auto hooks = lb_hooks();
    const Game game = final_scoring_game(*hooks, kFlat);
    // Monastery 1 + 3 occupied neighbours + tower; city 3 tiles + pennant + shed.
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("monastery.incomplete", 4 + 1), Pair("city.incomplete", 4 + 1)));
    // Road 4 tiles + tower; field 0 + tower.
    EXPECT_THAT(entries_of(game, 1), ElementsAre(Pair("road.incomplete", 4 + 1), Pair("field", 0 + 1)));
    EXPECT_EQ(game.score(0), 10);
    EXPECT_EQ(game.score(1), 6);
}

TEST(LbGames, LB17_LB20_FinalScoringUnder321) {
    auto hooks = lb_hooks();
    const Game game = final_scoring_game(*hooks, k321);
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("monastery.incomplete", 4 + 3), Pair("city.incomplete", 4 + 1)));
    EXPECT_THAT(entries_of(game, 1), ElementsAre(Pair("road.incomplete", 4 + 3), Pair("field", 0 + 3)));
}

TEST(LbGames, LB15_NoBonusOnAZeroFieldWhenBonusOnZeroScoreIsFalse) {
    auto hooks = lb_hooks();
    const Game game = final_scoring_game(*hooks, {{"littleBuildings.bonusOnZeroScore", "false"}});
    EXPECT_THAT(entries_of(game, 1), ElementsAre(Pair("road.incomplete", 4 + 1), Pair("field", 0)));
}

// ---------------------------------------------------------------- LB-EX-1

// Alice (RED) owns a road (-2,0)..(1,1) and a city (-1,1)..(1,1) with a
// pennant; Bob (BLACK) put a shed at (-1,0) (road) and a house at (-1,1)
// (city). Alice's last tile, BA/CRRR at (1,1) with a shed, completes both.
Game worked_example(PluginHooks& hooks, const Rules& rules) {
    Game game(lb_setup(hooks, {"BA/Rr", "BA/RFr", "BA/CFc+", "BA/C", "BA/LR", "BA/L", "BA/CRRR"}, 2, 7, rules));
    play_all(game, {meeple("BA/Rr", 1, 0, 0, Road, "W"),
                    building("BA/RFr", -1, 0, 0, kShed),
                    meeple("BA/CFc+", 0, 1, 0, City, "W"),
                    building("BA/C", -1, 1, 1, kHouse),
                    pass("BA/LR", -2, 0, 3),
                    pass("BA/L", 2, 0, 0)});
    EXPECT_TRUE(game.score_log().empty());
    play(game, building("BA/CRRR", 1, 1, 3, kShed));
    return game;
}

TEST(LbGames, LBEX1_ShedCompletingARoadOfFiveAndACityOfThreeWithAPennant) {
    auto hooks = lb_hooks();
    const Game game = worked_example(*hooks, kFlat);
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("road", 5 + 2), Pair("city", 8 + 2)));
    EXPECT_EQ(game.score(0), 17);
    EXPECT_EQ(game.score(1), 0);
    EXPECT_EQ(game.feature_at(ptr(1, 1, Road, "N")).tiles, 5);
    EXPECT_EQ(game.feature_at(ptr(1, 1, City, "W")).tiles, 3);
    EXPECT_EQ(buildings_in_supply(game.player(0)), 8);
    EXPECT_EQ(buildings_in_supply(game.player(1)), 7);
    EXPECT_EQ(game.player(0).token_count(kShed), 2);
}

TEST(LbGames, LBEX1_Under321TheOtherBuildingsAddTheirValues) {
    auto hooks = lb_hooks();
    const Game game = worked_example(*hooks, k321);
    // Road: shed (-1,0) + new shed; city: house (-1,1) + new shed.
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("road", 5 + 1 + 1), Pair("city", 8 + 2 + 1)));
}

}  // namespace
}  // namespace ck::host::test

// The abbot and gardens in real game situations: ck::host::Game with the
// shipped module loaded through PluginRegistry, the abbot's figure kind read
// from its manifest through the C ABI. Forced draw orders on basic:2; the
// start tile is BA/RCr at (0,0). Rule IDs are those of
// docs/expansions/abbot.md; the tile moves are JCloisterZone's
// basic/garden-scoring test (abbot_game.cpp).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "abbot_game.hpp"

namespace ck::host::test {
namespace {

using testing::ElementsAre;
using testing::HasSubstr;
using testing::Pair;

constexpr auto Road = FeatureKind::Road;
constexpr auto City = FeatureKind::City;
constexpr auto Monastery = FeatureKind::Monastery;
constexpr auto Field = FeatureKind::Field;
constexpr auto Garden = FeatureKind::Garden;

// The game of the garden-scoring moves for `players`, before any move.
Game garden_game(Expansions& e, int players) {
    const auto& moves = garden_scoring_moves();
    return Game(abbot_setup(e, tiles_of(moves), players, static_cast<int>(moves.size())));
}

void deploy_abbot_on_garden(Game& game) {
    const size_t i = figure_option(game, kAbbot, Garden, "I");
    ASSERT_LT(i, game.meeple_options().size()) << "no abbot offered on the garden";
    game.deploy_meeple(game.meeple_options()[i].pointer, *game.next_meeple(kAbbot));
}

void pass_and_commit(Game& game) {
    if (game.phase() == Phase::ActionPhase) game.pass();
    game.commit(0.5);
}

// ---------------------------------------------------------------- the declaration

TEST(AbbotRules, AB1_TheManifestDeclaresOneAbbotPerPlayerReadThroughTheAbi) {
    Expansions e = enable({"abbot"});
    ASSERT_EQ(e.enabled.size(), 1u);
    const PluginExpansion& x = *e.enabled[0];
    EXPECT_EQ(x.id, "cloisterkit.abbot");
    EXPECT_EQ(x.short_name(), "abbot");
    EXPECT_EQ(x.hooks, 0u) << "the abbot needs no hook: its figure kind says everything";
    EXPECT_THAT(x.jcz_extra_elements, ElementsAre("garden"));
    ASSERT_EQ(x.figure_kinds.size(), 1u);
    const FigureKind& k = x.figure_kinds[0];
    EXPECT_EQ(k.id, "abbot");
    EXPECT_EQ(k.count, 1);
    EXPECT_THAT(k.stands_on, ElementsAre(Monastery, Garden));
    EXPECT_EQ(k.strength, 1);
    EXPECT_EQ(k.jcz_type, "abbot");
    EXPECT_EQ(k.jcz_return_source, "ABBOT_RETURN");
    EXPECT_TRUE(k.tile_just_placed);
    EXPECT_TRUE(k.returnable);
}

TEST(AbbotRules, AB1_EachPlayerStartsWithOneAbbotBesidesSevenFollowers) {
    Expansions e = enable({"abbot"});
    for (int n = 2; n <= 6; ++n) {
        const Game game = garden_game(e, n);
        EXPECT_THAT(game.figure_kind_ids(), ElementsAre("small", "abbot"));
        for (const PlayerState& p : game.players()) {
            EXPECT_EQ(p.figures_in_supply(kSmall), 7);
            EXPECT_EQ(p.figures_in_supply(kAbbot), 1);
        }
    }
}

// ---------------------------------------------------------------- placement

TEST(AbbotRules, AB3_AB4_OnAGardenTileOnlyTheAbbotMayTakeTheGarden) {
    Expansions e = enable({"abbot"});
    Game game = garden_game(e, 2);
    place_move(game, garden_scoring_moves()[0]);  // BA/RFrG: road W-E, two fields, a garden
    ASSERT_EQ(game.phase(), Phase::ActionPhase);
    std::vector<std::pair<uint8_t, FeatureKind>> offered;
    for (const MeepleOption& o : game.meeple_options()) offered.emplace_back(o.kind, o.pointer.kind);
    EXPECT_THAT(offered, ElementsAre(Pair(kSmall, Road), Pair(kSmall, Field), Pair(kSmall, Field), Pair(kAbbot, Garden)))
        << "small followers on road and fields, never the garden (AB-4); the abbot only on the garden (AB-3)";
    EXPECT_THAT(error_of([&] { game.deploy_meeple(ptr(1, 0, Garden, "I"), *game.next_meeple(kSmall)); }),
                HasSubstr("the small follower cannot stand on a garden"));
    EXPECT_THAT(error_of([&] { game.deploy_meeple(ptr(1, 0, Road, "W.E"), *game.next_meeple(kAbbot)); }),
                HasSubstr("the abbot cannot stand on a road"));
    EXPECT_THAT(error_of([&] { game.deploy_meeple(ptr(1, 0, Field, "NL.NR.EL.WR"), *game.next_meeple(kAbbot)); }),
                HasSubstr("the abbot cannot stand on a field"));
    deploy_abbot_on_garden(game);
    EXPECT_EQ(game.player(0).figures_in_supply(kAbbot), 0);
    EXPECT_EQ(game.player(0).figures_in_supply(kSmall), 7) << "the abbot is placed instead of a meeple (AB-2)";
    EXPECT_EQ(game.phase(), Phase::CommitActionPhase) << "one figure per figure step (AB-2)";
    ASSERT_EQ(game.figures().size(), 1u);
    EXPECT_EQ(game.meeple_text(game.figures()[0].meeple), "0.abbot.1");
}

TEST(AbbotRules, AB3_TheAbbotGoesOnAMonasteryAndNeverOnACity) {
    Expansions e = enable({"abbot"});
    Game game(abbot_setup(e, {"BA/L", "BA/C"}, 2));
    game.place_tile("BA/L", {{0, 1}, Corner::None}, 0);  // below the start tile's fields
    ASSERT_LT(figure_option(game, kAbbot, Monastery, "I"), game.meeple_options().size());
    ASSERT_LT(figure_option(game, kSmall, Monastery, "I"), game.meeple_options().size()) << "a monk may go there too";
    pass_and_commit(game);
    game.place_tile("BA/C", {{0, -1}, Corner::None}, 2);  // a city closing the start tile's
    for (const MeepleOption& o : game.meeple_options()) EXPECT_NE(o.kind, kAbbot) << "no abbot on a city";
    EXPECT_THAT(error_of([&] { game.deploy_meeple(ptr(0, -1, City, "S"), *game.next_meeple(kAbbot)); }),
                HasSubstr("the abbot cannot stand on a city"));
}

TEST(AbbotRules, AB2_OnlyOnTheTileJustPlacedAndOnlyWhileInSupply) {
    Expansions e = enable({"abbot"});
    Game game = garden_game(e, 1);  // one player takes every turn
    const auto& moves = garden_scoring_moves();
    place_move(game, moves[0]);
    deploy_abbot_on_garden(game);
    game.commit(0.5);
    place_move(game, moves[1]);  // BA/RrG: another garden, but the abbot is out
    EXPECT_EQ(figure_option(game, kAbbot, Garden, "I"), game.meeple_options().size());
    EXPECT_THAT(error_of([&] { game.deploy_meeple(ptr(0, 1, Garden, "I"), MeepleId{0, 1, kAbbot}); }),
                HasSubstr("0.abbot.1 is not in the player's supply"));
    game.pass();
    game.commit(0.5);
    place_move(game, moves[2]);  // BA/RFr, no garden; nothing offered on earlier tiles
    for (const MeepleOption& o : game.meeple_options()) EXPECT_EQ(o.pointer.at, *game.placed_this_turn());
}

// ---------------------------------------------------------------- scoring

TEST(AbbotRules, AB6_AGardenScoresNineWhenCompletedAndItsTilesAtTheEnd) {
    Expansions e = enable({"abbot"});
    Game game = garden_game(e, 2);
    const auto& moves = garden_scoring_moves();
    for (size_t i = 0; i < moves.size(); ++i) {
        place_move(game, moves[i]);
        if (i < 2) deploy_abbot_on_garden(game);  // Alice at (1,0), Bob at (0,1)
        pass_and_commit(game);
    }
    ASSERT_TRUE(game.is_over());
    // Alice's garden is surrounded by the last tile: "garden" for 9 at that
    // commit, and her abbot came home. Bob's has 3 neighbours at the end.
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("garden", 9)));
    EXPECT_THAT(entries_of(game, 1), ElementsAre(Pair("garden.incomplete", 4)));
    EXPECT_FALSE(game.score_log()[0].final_scoring);
    EXPECT_TRUE(game.score_log()[1].final_scoring);
    EXPECT_EQ(game.score(0), 9);
    EXPECT_EQ(game.score(1), 4);
    EXPECT_EQ(game.player(0).figures_in_supply(kAbbot), 1) << "the abbot returns from a completed garden";
}

// ---------------------------------------------------------------- taking the abbot back

TEST(AbbotRules, AB7_TakingTheAbbotBackScoresItsGardenAtOnceAsAtTheEnd) {
    Expansions e = enable({"abbot"});
    Game game = garden_game(e, 2);
    const auto& moves = garden_scoring_moves();
    place_move(game, moves[0]);
    deploy_abbot_on_garden(game);
    game.commit(0.5);
    place_move(game, moves[1]);  // Bob
    EXPECT_TRUE(game.return_options().empty()) << "only the owner, on their own turn";
    pass_and_commit(game);
    place_move(game, moves[2]);  // Alice: BA/RFr at (2,0)
    ASSERT_EQ(game.return_options().size(), 1u);
    EXPECT_EQ(game.meeple_text(game.return_options()[0].meeple), "0.abbot.1");
    game.return_figure(0);
    // (1,0) has (0,0), (2,0) and (0,1) around it: 1 + 3.
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("garden.incomplete", 4)));
    EXPECT_FALSE(game.score_log().back().final_scoring);
    EXPECT_EQ(game.score(0), 4);
    EXPECT_EQ(game.player(0).figures_in_supply(kAbbot), 1);
    EXPECT_TRUE(game.figures().empty());
    EXPECT_EQ(game.phase(), Phase::CommitActionPhase) << "taking back is the turn's figure action";
    EXPECT_EQ(game.moves().back().type, MoveType::ReturnFigure);
    game.commit(0.5);
    EXPECT_EQ(game.score(0), 4) << "nothing more for that garden";
}

TEST(AbbotRules, AB8_NotFromACompletedGardenWhichScoresAtTheCommitInstead) {
    Expansions e = enable({"abbot"});
    Game game = garden_game(e, 1);
    const auto& moves = garden_scoring_moves();
    place_move(game, moves[0]);
    deploy_abbot_on_garden(game);
    game.commit(0.5);
    for (size_t i = 1; i + 1 < moves.size(); ++i) {
        place_move(game, moves[i]);
        EXPECT_EQ(game.return_options().size(), 1u) << "turn " << i + 1 << ": the garden is still open";
        pass_and_commit(game);
    }
    place_move(game, moves.back());  // the eighth neighbour
    EXPECT_TRUE(game.return_options().empty());
    EXPECT_THAT(error_of([&] { game.return_figure(MeepleId{0, 1, kAbbot}); }), HasSubstr("cannot be taken back now"));
    pass_and_commit(game);
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("garden", 9)));
}

TEST(AbbotRules, AB7_WithNoFigureToPlaceTheReturnStillOpensTheFigureStep) {
    Expansions e = enable({"abbot"});
    GameSetup setup = abbot_setup(e, tiles_of(garden_scoring_moves()), 1);
    setup.followers_per_player = 0;  // nothing but the abbot
    Game game(setup);
    place_move(game, garden_scoring_moves()[0]);
    deploy_abbot_on_garden(game);
    game.commit(0.5);
    place_move(game, garden_scoring_moves()[1]);
    EXPECT_EQ(game.phase(), Phase::ActionPhase) << "the abbot may be taken back, so the step is not skipped";
    EXPECT_TRUE(game.meeple_options().empty());
    EXPECT_EQ(game.return_options().size(), 1u);
}

TEST(AbbotRules, AB9_TheReturnScoresTheFeatureWithoutTheLittleBuildingsBonus) {
    Expansions e = enable({"abbot", "little-buildings"});
    Game game = garden_game(e, 1);
    const auto& moves = garden_scoring_moves();
    place_move(game, moves[0]);
    deploy_abbot_on_garden(game);
    game.commit(0.5);
    place_move(game, moves[1]);
    game.apply_expansion_option(building_option(game, kShed));  // a shed in the garden's area
    game.commit(0.5);
    place_move(game, moves[2]);
    ASSERT_EQ(game.return_options().size(), 1u);
    game.return_figure(0);
    // JCloisterZone scores a returned abbot with the feature's structure
    // points only (ActionPhase.handleReturnMeeple): 1 + 3, no +1 for the shed.
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("garden.incomplete", 4)));
}

}  // namespace
}  // namespace ck::host::test

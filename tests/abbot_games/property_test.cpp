// Properties of whole seeded games with the abbot and Little Buildings
// loaded from the shipped module on basic:2: 500 games (fewer under the
// sanitizers: tests/support/game_count.hpp), 2 to 6 players,
// random and greedy players. Each turn is played step by step so every
// invariant is checked after every move (rules of docs/expansions/abbot.md).
#include <gtest/gtest.h>

#include <numeric>

#include "abbot_game.hpp"
#include "game_count.hpp"
#include "core/players.hpp"

namespace ck::host::test {
namespace {

struct Tally {
    int abbots_placed = 0, abbots_returned = 0, gardens_scored = 0;
};

bool monastic(FeatureKind k) { return k == FeatureKind::Monastery || k == FeatureKind::Garden; }

// Every player's figures of each kind: in supply plus on the board = dealt.
void check_figures(const Game& game, const std::string& where) {
    for (size_t p = 0; p < game.player_count(); ++p)
        for (size_t k = 0; k < game.figure_kinds().size(); ++k) {
            int on_board = 0;
            for (const PlacedFigure& f : game.figures()) on_board += f.meeple.player == p && f.meeple.kind == k;
            const int supply = game.player(static_cast<uint8_t>(p)).figures_in_supply(k);
            EXPECT_GE(supply, 0) << where;
            EXPECT_EQ(supply + on_board, game.figure_kinds()[k].count) << where << ", player " << p << ", kind " << k;
        }
    for (const PlacedFigure& f : game.figures()) {
        if (f.meeple.kind == kAbbot) { EXPECT_TRUE(monastic(f.pointer.kind)) << where << ": AB-3 abbot off a monastery/garden"; }
        if (f.meeple.kind == kSmall) { EXPECT_NE(f.pointer.kind, FeatureKind::Garden) << where << ": AB-4 follower on a garden"; }
    }
}

void play_checked(Expansions& e, int players, uint64_t seed, Tally& tally) {
    GameSetup setup = abbot_setup(e, {}, players);
    setup.seed = seed;
    Game game(setup);
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    for (int p = 0; p < players; ++p)
        agents.push_back(make_player(seed % 5 == 0 ? "greedy" : "random", seed * 31 + static_cast<uint64_t>(p)));
    const std::string game_name = std::to_string(players) + " players, seed " + std::to_string(seed);
    std::vector<int> scores(static_cast<size_t>(players), 0);
    while (!game.is_over()) {
        const std::string where = game_name + ", turn " + std::to_string(game.turn_number());
        PlayerAgent& agent = *agents[game.active_player()];
        game.place_tile(*game.drawn_tile(), game.legal_placements().at(agent.choose_placement(game)));
        for (const MeepleOption& o : game.meeple_options()) {
            EXPECT_EQ(o.pointer.at, *game.placed_this_turn()) << where << ": AB-2";
            if (o.kind == kAbbot) { EXPECT_TRUE(monastic(o.pointer.kind)) << where << ": AB-3"; }
        }
        for (const ReturnOption& r : game.return_options()) {
            EXPECT_EQ(r.meeple.player, game.active_player()) << where;
            EXPECT_FALSE(game.feature_view(r.feature).completed) << where << ": AB-8";
        }
        const size_t log_before = game.score_log().size();
        const size_t moves_before = game.moves().size();
        if (game.phase() == Phase::ActionPhase) apply_figure_choice(game, agent.choose_figure(game));
        const Move* figure_move = game.moves().size() > moves_before ? &game.moves().back() : nullptr;
        if (figure_move && figure_move->type == MoveType::DeployMeeple && figure_move->meeple.kind == kAbbot)
            ++tally.abbots_placed;
        if (figure_move && figure_move->type == MoveType::ReturnFigure) {
            ++tally.abbots_returned;
            // AB-7: exactly one entry, for the owner, the feature's end-of-game points.
            EXPECT_EQ(game.score_log().size(), log_before + 1) << where;
            const ScoreEntry& s = game.score_log().back();
            EXPECT_EQ(s.player, figure_move->meeple.player) << where;
            EXPECT_TRUE(s.name == "monastery.incomplete" || s.name == "garden.incomplete") << where << ": " << s.name;
            EXPECT_GE(s.points, 1) << where;
            EXPECT_LE(s.points, 8) << where << ": an incomplete monastic feature has at most 7 neighbours";
        }
        check_figures(game, where);
        game.commit();
        check_figures(game, where + " after the commit");
        for (int p = 0; p < players; ++p) {
            const int s = game.score(static_cast<uint8_t>(p));
            EXPECT_GE(s, scores[static_cast<size_t>(p)]) << where << ": a score went down";
            scores[static_cast<size_t>(p)] = s;
        }
        if (::testing::Test::HasFailure()) return;  // one report per broken game is enough
    }
    for (int p = 0; p < players; ++p) {
        int sum = 0;
        for (const ScoreEntry& s : game.score_log()) sum += s.player == p ? s.points : 0;
        EXPECT_EQ(sum, game.score(static_cast<uint8_t>(p))) << game_name << ": entries add up to the score";
    }
    for (const ScoreEntry& s : game.score_log()) tally.gardens_scored += s.kind == FeatureKind::Garden;
}

TEST(AbbotProperties, FiveHundredGamesWithLittleBuildingsKeepEveryInvariant) {
    Expansions e = enable({"abbot", "little-buildings"});
    ASSERT_EQ(e.enabled.size(), 2u);
    Tally tally;
    const int games = ck::test::games_for_this_build(500);
    for (uint64_t seed = 1; seed <= static_cast<uint64_t>(games); ++seed) {
        play_checked(e, 2 + static_cast<int>(seed % 5), seed, tally);
        if (HasFailure()) return;
    }
    // The games did use the abbot, both ways, and gardens scored.
    EXPECT_GT(tally.abbots_placed, games);
    EXPECT_GT(tally.abbots_returned, games / 5);
    EXPECT_GT(tally.gardens_scored, games / 5);
}

}  // namespace
}  // namespace ck::host::test

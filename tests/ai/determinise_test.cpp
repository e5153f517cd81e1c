// Game::determinise: what a searching player may assume about what it
// cannot see (HF-13: other players' hands are private; the order of the
// pack and the draws to come are unknown to everybody). Everything the
// observer sees stays; the hidden parts are sampled again, and the sample
// depends only on what the observer sees and the seed.
#include <gtest/gtest.h>

#include <algorithm>

#include "ai_game.hpp"

namespace ck::host::test {
namespace {

std::vector<TileTypeId> sorted(std::vector<TileTypeId> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// A 3-player game with every expansion, a few turns in, at a placement.
Game mid_game(const AiTable& table, PluginHooks* hooks, uint64_t seed) {
    Game game(table.setup(seed, 3, hooks));
    int decisions = 0;
    play_until(game, seed, [&](const Game& g) { return g.phase() == Phase::TilePhase && g.drawn_tile() && ++decisions > 12; });
    return game;
}

TEST(Determinise, HF13_KeepsWhatTheObserverSeesAndDrawsTheRestAgain) {
    const AiTable table(kAllExpansions);
    const auto hooks = table.hooks();
    const Game game = mid_game(table, hooks.get(), 11);
    ASSERT_FALSE(game.is_over());
    const uint8_t me = game.active_player();
    std::vector<int> hands_changed(game.player_count());
    int pack_order_changed = 0;
    for (uint64_t s = 1; s <= 20; ++s) {
        Game seen = game;
        seen.determinise(me, s);
        SCOPED_TRACE("seed " + std::to_string(s));
        EXPECT_EQ(seen.player(me).hand, game.player(me).hand) << "the observer's own hand";
        EXPECT_EQ(seen.drawn_tile(), game.drawn_tile()) << "this turn's tile";
        EXPECT_EQ(seen.legal_placements(), game.legal_placements());
        EXPECT_EQ(sorted(seen.pack()), sorted(game.pack())) << "the pack's contents are public";
        EXPECT_EQ(seen.placed_tiles().size(), game.placed_tiles().size());
        for (uint8_t p = 0; p < game.player_count(); ++p) {
            EXPECT_EQ(seen.score(p), game.score(p));
            EXPECT_EQ(seen.player(p).hand.size(), game.player(p).hand.size()) << "hand sizes are public";
            for (const TileTypeId t : seen.player(p).hand) EXPECT_TRUE(seen.tile_def(t).is_triangle());
            if (seen.player(p).hand != game.player(p).hand) ++hands_changed[p];
        }
        pack_order_changed += seen.pack() != game.pack();
        // Nothing the observer has seen can be in another hand.
        for (uint8_t p = 0; p < game.player_count(); ++p)
            if (p != me)
                for (const TileTypeId t : seen.player(p).hand) {
                    EXPECT_EQ(std::count(game.player(me).hand.begin(), game.player(me).hand.end(), t), 0);
                    for (const PlacedTile& placed : game.placed_tiles()) EXPECT_NE(placed.type, t);
                }
    }
    int sampled_hands = 0;
    for (uint8_t p = 0; p < game.player_count(); ++p) {
        if (p == me || game.player(p).hand.empty()) continue;
        EXPECT_GE(hands_changed[p], 15) << "player " << int(p) << "'s hand is sampled, not kept";
        ++sampled_hands;
    }
    EXPECT_GT(sampled_hands, 0) << "the game tried has no hand to sample";
    EXPECT_EQ(pack_order_changed, 20) << "the pack is shuffled";
}

// The sample is a function of what the observer sees: a game that differs
// only in what it cannot see gives the same sample.
TEST(Determinise, HF13_TheSampleDoesNotDependOnTheHiddenParts) {
    const AiTable table(kAllExpansions);
    const auto hooks = table.hooks();
    const Game game = mid_game(table, hooks.get(), 5);
    const uint8_t me = game.active_player();
    Game other = game;
    other.determinise(me, 77);  // other hands and pack order changed
    ASSERT_TRUE(other.pack() != game.pack());
    for (uint64_t s : {1u, 2u, 3u}) {
        Game a = game, b = other;
        a.determinise(me, s);
        b.determinise(me, s);
        EXPECT_EQ(a.pack(), b.pack());
        for (uint8_t p = 0; p < game.player_count(); ++p) EXPECT_EQ(a.player(p).hand, b.player(p).hand);
        // And they play on alike: the next draws and what follows.
        RandomPlayer pa(s), pb(s);
        while (!a.is_over()) play_turn(a, pa);
        while (!b.is_over()) play_turn(b, pb);
        for (uint8_t p = 0; p < game.player_count(); ++p) EXPECT_EQ(a.score(p), b.score(p));
    }
}

}  // namespace
}  // namespace ck::host::test

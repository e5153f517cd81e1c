// The mcts player through the reference host and the shipped module:
// reproducible with a playout count (one thread and two), blind to what its
// player cannot see (HF-13, the pack), finding the move that wins on the
// last tile, choosing an expansion's own option (a building, a halfling
// from the hand) when only that wins, keeping its node budget, and keeping
// its tree from one decision to the next.
#include <gtest/gtest.h>

#include <limits>
#include <optional>

#include "ai/action_keys.hpp"
#include "ai/agents.hpp"
#include "ai_game.hpp"
#include "core/errors.hpp"

namespace ck::host::test {
namespace {

using ai::MctsOptions;
using ai::MctsPlayer;

MctsOptions with_playouts(uint32_t playouts, uint32_t threads = 1) {
    MctsOptions o;
    o.playouts = playouts;
    o.threads = threads;
    return o;
}

struct Played {
    std::vector<ai::ActionKey> path;
    std::vector<int> scores;
};

// mcts (seat 0) against greedy, to the end.
Played play_game(const AiTable& table, uint64_t seed, const MctsOptions& options) {
    const auto hooks = table.hooks();
    Game game(table.setup(seed, 2, hooks.get()));
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    agents.push_back(std::make_unique<MctsPlayer>(seed * 3 + 1, options, table.environment()));
    agents.push_back(make_player("greedy", seed * 3 + 2));
    play_to_end(game, agents);
    return {ai::path_of(game).keys, {game.score(0), game.score(1)}};
}

TEST(Mcts, TheSameGameSeedAndPlayoutCountGiveTheSameMoves) {
    const AiTable base, all(kAllExpansions);
    for (const AiTable* table : {&base, &all}) {
        const Played a = play_game(*table, 4, with_playouts(60));
        const Played b = play_game(*table, 4, with_playouts(60));
        EXPECT_EQ(a.path, b.path);
        EXPECT_EQ(a.scores, b.scores);
        const Played c = play_game(*table, 5, with_playouts(60));
        EXPECT_NE(a.path, c.path) << "another seed, another game";
    }
}

TEST(Mcts, TwoThreadsGiveTheSameMovesEveryTimeToo) {
    const AiTable all(kAllExpansions);
    const Played a = play_game(all, 6, with_playouts(80, 2));
    const Played b = play_game(all, 6, with_playouts(80, 2));
    EXPECT_EQ(a.path, b.path);
    EXPECT_EQ(a.scores, b.scores);
}

// HF-13 and the pack: the choice is the same for every game that differs
// from this one only in what the player cannot see (others' hands, the
// pack's order and its draws to come), at every kind of decision.
TEST(Mcts, HF13_TheChoiceIsTheSameWhateverTheHiddenHandsAndThePackOrder) {
    const AiTable table(kAllExpansions);
    const auto hooks = table.hooks();
    int checked_tile_steps = 0, checked_placements = 0, checked_figures = 0;
    for (uint64_t seed = 1; seed <= 12; ++seed) {
        Game game(table.setup(seed, 3, hooks.get()));
        int decisions = 0;
        const int stop_at = 6 + static_cast<int>(seed % 5) * 4;
        play_until(game, seed, [&](const Game&) { return ++decisions >= stop_at; });
        if (game.is_over()) continue;
        const uint8_t me = game.active_player();
        SCOPED_TRACE("seed " + std::to_string(seed) + ", turn " + std::to_string(game.turn_number()));
        const auto choose = [&](const Game& g) -> std::string {
            MctsPlayer player(99, with_playouts(120), table.environment());
            if (g.awaiting_tile_choice()) return "tile step " + std::to_string(player.choose_tile_step(g));
            if (g.phase() == Phase::TilePhase) return "placement " + std::to_string(player.choose_placement(g));
            const FigureChoice f = player.choose_figure(g);
            return "figure " + std::to_string(static_cast<int>(f.kind)) + "/" + std::to_string(f.index);
        };
        const std::string chosen = choose(game);
        for (uint64_t hidden = 1; hidden <= 3; ++hidden) {
            Game other = game;
            other.determinise(me, hidden * 1000 + seed);  // others' hands and the pack: another sample
            ASSERT_NE(other.pack(), game.pack());
            EXPECT_EQ(choose(other), chosen) << "hidden sample " << hidden;
        }
        checked_tile_steps += chosen.starts_with("tile step");
        checked_placements += chosen.starts_with("placement");
        checked_figures += chosen.starts_with("figure");
    }
    EXPECT_GT(checked_placements, 0);
    EXPECT_GT(checked_figures + checked_tile_steps, 0);
}

// ------------------------------------------------------------ the last tile

bool wins(const Game& g, uint8_t me) {
    for (uint8_t p = 0; p < g.player_count(); ++p)
        if (p != me && g.score(p) >= g.score(me)) return false;
    return true;
}

// Every (placement, figure) of the turn of `g` (a tile ready to place).
template <class Visit>
void each_line(const Game& g, Visit visit) {
    for (size_t i = 0; i < g.legal_placements().size(); ++i) {
        Game placed = g;
        placed.place_tile(*placed.drawn_tile(), g.legal_placements()[i]);
        std::vector<ai::Choice> figures;
        ai::figure_choices(placed, figures);
        for (const ai::Choice& f : figures) {
            Game done = placed;
            if (done.phase() == Phase::ActionPhase) apply_figure_choice(done, f.figure);
            done.commit();
            visit(i, f.figure, done);
        }
    }
}

struct LastTile {
    Game game;
    size_t placements = 0, winning_placements = 0;
    bool only_buildings_win = false;  // every winning line places a building
};

// The first game from `first_seed` on that reaches its last tile with a
// move that wins for the player to move, but from few placements.
std::optional<LastTile> find_last_tile(const AiTable& table, PluginHooks* hooks, uint64_t first_seed,
                                       bool need_buildings) {
    for (uint64_t seed = first_seed; seed < first_seed + 1500; ++seed) {
        Game game(table.setup(seed, 2, hooks));
        // Followers at random, but no building before the last tile: random
        // players would have placed all of theirs by then.
        RandomPlayer figures(seed + 1);
        const auto no_building = [&](const Game& g) {
            const FigureChoice c = figures.choose_figure(g);
            return c.kind == FigureChoice::Kind::Expansion ? FigureChoice{} : c;
        };
        const auto last_tile = [](const Game& g) { return g.drawn_tile() && g.tiles_left() == 0; };
        if (!play_until(game, seed, last_tile, {{}, no_building})) continue;
        const uint8_t me = game.active_player();
        std::vector<bool> winning(game.legal_placements().size());
        bool plain_wins = false, building_wins = false;
        each_line(game, [&](size_t i, const FigureChoice& f, const Game& done) {
            if (!wins(done, me)) return;
            winning[i] = true;
            (f.kind == FigureChoice::Kind::Expansion ? building_wins : plain_wins) = true;
        });
        const size_t n = winning.size(), w = static_cast<size_t>(std::count(winning.begin(), winning.end(), true));
        if (need_buildings) {
            if (plain_wins || !building_wins) continue;  // only a building wins: clearly best
        } else if (w == 0 || n < 6 || 4 * w > n) {
            continue;  // a few placements of many win
        }
        return LastTile{game, n, w, building_wins && !plain_wins};
    }
    return std::nullopt;
}

// Plays the turn of `g` with `player` and says whether its player won.
bool plays_to_a_win(Game g, MctsPlayer& player) {
    const uint8_t me = g.active_player();
    const Placement p = g.legal_placements().at(player.choose_placement(g));
    g.place_tile(*g.drawn_tile(), p);
    if (g.phase() == Phase::ActionPhase) apply_figure_choice(g, player.choose_figure(g));
    g.commit();
    EXPECT_TRUE(g.is_over());
    return wins(g, me);
}

TEST(Mcts, FindsTheMoveThatWinsOnTheLastTileEveryTime) {
    const AiTable base;
    const auto found = find_last_tile(base, nullptr, 1, false);
    ASSERT_TRUE(found) << "no game of the seeds tried has such a last tile";
    SCOPED_TRACE(std::to_string(found->winning_placements) + " of " + std::to_string(found->placements) +
                 " placements win");
    for (uint64_t seed = 1; seed <= 5; ++seed) {
        MctsPlayer player(seed, with_playouts(1500));
        EXPECT_TRUE(plays_to_a_win(found->game, player)) << "player seed " << seed;
    }
}

// Little Buildings: a last tile on which only a building wins (LB-1: a
// building instead of a follower).
TEST(Mcts, PlacesTheBuildingWhenOnlyABuildingWins) {
    const AiTable table({"little-buildings"});
    const auto hooks = table.hooks();
    const auto found = find_last_tile(table, hooks.get(), 1, true);
    ASSERT_TRUE(found) << "no game of the seeds tried has such a last tile";
    ASSERT_TRUE(found->only_buildings_win);
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        MctsPlayer player(seed, with_playouts(1500), table.environment());
        EXPECT_TRUE(plays_to_a_win(found->game, player)) << "player seed " << seed;
    }
}

// ------------------------------------------------------------ the hand

// Whether `me` wins for sure when its turn (from `g`, at the tile step) is
// played with `tile_step`, and the other player (an empty hand: it can only
// draw) answers as well as it can. One regular tile is left: the game ends
// after the turn that places it (HF-37).
bool sure_win(const Game& g, size_t tile_step, uint8_t me) {
    Game start = g;
    if (tile_step == 0) start.draw();
    else start.choose_tile_step_option(tile_step - 1);
    if (start.is_over()) return wins(start, me);
    bool any = false;
    each_line(start, [&](size_t, const FigureChoice&, const Game& mine) {
        if (any) return;
        if (mine.is_over()) {
            any = wins(mine, me);
            return;
        }
        bool all_replies_lose = true;  // for the other player
        each_line(mine, [&](size_t, const FigureChoice&, const Game& reply) {
            if (all_replies_lose && (!reply.is_over() || !wins(reply, me))) all_replies_lose = false;
        });
        any = all_replies_lose;
    });
    return any;
}

// HF-16: playing a halfling instead of drawing, when only that wins.
TEST(Mcts, HF16_PlaysAHalflingFromTheHandWhenOnlyThatWins) {
    const AiTable table({"halflings"});
    const auto hooks = table.hooks();
    std::optional<Game> position;
    std::vector<size_t> winning;
    for (uint64_t seed = 1; seed < 1500 && !position; ++seed) {
        Game game(table.setup(seed, 2, hooks.get()));
        const auto last_regular_tile = [](const Game& g) {
            return g.awaiting_tile_choice() && g.tiles_left() == 1 && g.player(1 - g.active_player()).hand.empty();
        };
        // The first player keeps its hand, the second plays at random.
        RandomPlayer other(seed + 7);
        const auto keep_or_spend = [&](const Game& g) { return g.active_player() == 0 ? 0 : other.choose_tile_step(g); };
        if (!play_until(game, seed, last_regular_tile, {keep_or_spend, {}})) continue;
        const uint8_t me = game.active_player();
        if (sure_win(game, 0, me)) continue;  // drawing wins too
        std::vector<size_t> w;
        for (size_t c = 1; c <= game.tile_step_options().size(); ++c)
            if (sure_win(game, c, me)) w.push_back(c);
        if (w.empty()) continue;
        position = game;
        winning = w;
    }
    ASSERT_TRUE(position) << "no game of the seeds tried has such a tile step";
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        MctsPlayer player(seed, with_playouts(1500), table.environment());
        const size_t chosen = player.choose_tile_step(*position);
        EXPECT_NE(std::find(winning.begin(), winning.end(), chosen), winning.end())
            << "player seed " << seed << " chose " << chosen << " (0: draw)";
    }
}

// ------------------------------------------------------------ budget and reuse

TEST(Mcts, KeepsItsNodeBudgetAndSaysOnceWhenItIsReached) {
    const AiTable table({"little-buildings", "abbot"});  // the first decision is a placement
    const auto hooks = table.hooks();
    Game game(table.setup(3, 2, hooks.get()));
    std::vector<std::string> notices;
    MctsOptions o = with_playouts(4000);
    o.nodes = 1000;
    MctsPlayer player(1, o, table.environment(&notices));
    (void)player.choose_placement(game);
    EXPECT_LE(player.stats().peak_nodes, 1000u);
    EXPECT_TRUE(player.stats().budget_reached);
    Game later = game;
    later.place_tile(*later.drawn_tile(), later.legal_placements()[0]);
    if (later.phase() == Phase::ActionPhase) (void)player.choose_figure(later);
    ASSERT_EQ(notices.size(), 1u);
    EXPECT_NE(notices[0].find("node budget of 1000 nodes reached at turn 1"), std::string::npos) << notices[0];

    MctsPlayer roomy(1, with_playouts(300), table.environment(&notices));
    (void)roomy.choose_placement(game);
    EXPECT_FALSE(roomy.stats().budget_reached);
    EXPECT_EQ(notices.size(), 1u);
}

TEST(Mcts, KeepsItsTreeForTheNextDecision) {
    const AiTable base;
    Game game(base.setup(8, 2, nullptr));
    MctsPlayer player(2, with_playouts(800));
    const size_t placement = player.choose_placement(game);
    EXPECT_EQ(player.stats().iterations, 800u);
    game.place_tile(*game.drawn_tile(), game.legal_placements()[placement]);
    ASSERT_EQ(game.phase(), Phase::ActionPhase);
    (void)player.choose_figure(game);
    // The chosen placement's subtree came along: it has most of the visits.
    EXPECT_GT(player.stats().playouts_kept, 100u) << "the chosen placement's visits";
    EXPECT_LT(player.stats().iterations, 1600u) << "the figure step only topped up the kept visits";
}

// ------------------------------------------------------------ the kind's text

TEST(MctsOptions, ParametersAreReadAndBadOnesNamed) {
    const MctsOptions o = ai::parse_mcts_options("playouts=2000:threads=2:c=1.5:margin=0:nodes=5000");
    EXPECT_EQ(o.playouts, 2000u);
    EXPECT_EQ(o.threads, 2u);
    EXPECT_DOUBLE_EQ(o.c, 1.5);
    EXPECT_DOUBLE_EQ(o.margin, 0.0);
    EXPECT_EQ(o.nodes, 5000u);
    EXPECT_EQ(ai::parse_mcts_options(ai::describe(o).substr(5)).playouts, 2000u);
    EXPECT_EQ(ai::parse_mcts_options("ms=300").ms, 300u);
    EXPECT_EQ(ai::parse_mcts_options("ms=300").playouts, std::numeric_limits<uint32_t>::max()) << "a time limit alone";
    EXPECT_EQ(ai::parse_mcts_options("playouts=50:ms=300").playouts, 50u) << "both: whichever comes first";
    EXPECT_EQ(ai::describe(ai::parse_mcts_options("ms=300")).substr(0, 12), "mcts:ms=300:");
    const auto message = [](std::string_view text) {
        try {
            ai::check_agent_kind(text);
        } catch (const HostError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(message("mcts:depth=3"), "mcts: unknown parameter \"depth\" (known: playouts, ms, threads, c, margin, nodes)");
    EXPECT_EQ(message("mcts:playouts=0"), "mcts: playouts=0 is not a number from 1 to 100000000");
    EXPECT_EQ(message("mcts:threads"), "mcts: parameter \"threads\" has no value (expected key=value: playouts, ms, threads, c, margin, nodes)");
    EXPECT_NE(message("smart").find("unknown player type \"smart\""), std::string::npos);
    EXPECT_EQ(message("mcts"), "accepted");
    EXPECT_EQ(message("mcts:playouts=10"), "accepted");
}

}  // namespace
}  // namespace ck::host::test

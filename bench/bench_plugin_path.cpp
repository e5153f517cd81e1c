// The plugin path in the middle of a real game with both shipped
// expansions: serialising the state, and hook round trips through the
// bridge (request built, state and request verified by the module,
// answered, response verified, checked and applied), once on a state the
// module has just seen and once on a state that changed, which is what a
// game does at almost every call. Not pass/fail; docs/performance.md
// quotes the medians.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "bench_setup.hpp"
#include "core/players.hpp"
#include "plugins/state_serializer.hpp"

namespace {

using namespace ck::host;
using ck::bench::Setup;

const Setup& both() {
    static const Setup setup({"halflings", "little-buildings"}, 2);
    return setup;
}

// A game after `turns` random turns, then drawn and placed: in the figure
// step of the next turn, where FIGURE_OPTIONS is asked.
std::unique_ptr<Game> mid_game(PluginHooks& hooks, int turns) {
    auto game = std::make_unique<Game>(both().game_setup(42, &hooks), both().prepared);
    RandomPlayer player(7);
    for (int i = 0; i < turns && !game->is_over(); ++i) play_turn(*game, player);
    if (game->awaiting_tile_choice()) game->draw();
    game->place_tile(*game->drawn_tile(), game->legal_placements().front());
    return game;
}

void BM_SerializeState(benchmark::State& state) {
    PluginHooks hooks(both().expansions);
    const auto game = mid_game(hooks, static_cast<int>(state.range(0)));
    StateSerializer serializer;
    const std::vector<std::string> kinds{"LB_TOWER", "LB_HOUSE", "LB_SHED"};
    size_t bytes = 0;
    for (auto _ : state) bytes = serializer.serialize(*game, kinds).size;
    state.counters["bytes"] = static_cast<double>(bytes);
    state.counters["tiles"] = static_cast<double>(game->placed_tiles().size());
}
BENCHMARK(BM_SerializeState)->ArgName("turns")->Arg(10)->Arg(35)->Arg(60);

// A game after `turns` turns that each drew a regular tile, placed it
// first legal and passed: in the tile step, every player still holds the
// triangles dealt at the start, so Halflings is asked TILE_STEP_OPTIONS.
std::unique_ptr<Game> mid_game_with_hands(PluginHooks& hooks, int turns) {
    auto game = std::make_unique<Game>(both().game_setup(42, &hooks), both().prepared);
    for (int i = 0; i < turns && !game->is_over(); ++i) {
        if (game->awaiting_tile_choice()) game->draw();
        game->place_tile(*game->drawn_tile(), game->legal_placements().front());
        game->pass();
        game->commit(0.5);
    }
    return game;
}

// Asks `offer` for options every iteration, of the games in `games` in
// turn: one game is the same state each time, two alternating games a
// changed state each time (the host serialises again and the module
// verifies again, as in a game). Reports the options and hook calls made.
template <typename Option, typename Offer>
void run_offers(benchmark::State& state, PluginHooks& hooks, const std::vector<const Game*>& games, Offer offer) {
    std::vector<Option> options;
    const uint64_t calls_before = hooks.stats().hook_calls;
    size_t i = 0;
    for (auto _ : state) {
        options.clear();
        offer(*games[i++ % games.size()], options);
    }
    state.counters["options"] = static_cast<double>(options.size());
    state.counters["hook_calls"] =
        benchmark::Counter(static_cast<double>(hooks.stats().hook_calls - calls_before), benchmark::Counter::kAvgIterations);
}

// The tile step's offers with a hand of triangles. Through the hooks (as a
// host that does not implement Halflings' declared hand play):
// TILE_STEP_OPTIONS to Halflings, one option per triangle in the active
// player's hand back. By the declaration: the host makes the same options
// itself, with no round trip.
void tile_step_options(benchmark::State& state, int states, HandPlayBy by) {
    PluginHooks hooks(both().expansions, by);
    const auto game = mid_game_with_hands(hooks, 35);
    // The same game one turn on: other state bytes (a plain copy would
    // serialise to the same bytes, which the module recognises and does
    // not verify again), the same setup, as from one turn to the next.
    auto other = std::make_unique<Game>(*game);
    other->draw();
    other->place_tile(*other->drawn_tile(), other->legal_placements().front());
    other->pass();
    other->commit(0.5);
    std::vector<const Game*> games{game.get()};
    if (states == 2) games.push_back(other.get());
    run_offers<TileStepOption>(state, hooks, games, [&](const Game& g, std::vector<TileStepOption>& out) {
        hooks.tile_step_options(g, g.active_player(), out);
    });
}
void BM_TileStepOptionsSameState(benchmark::State& state) { tile_step_options(state, 1, HandPlayBy::Hooks); }
void BM_TileStepOptionsNewState(benchmark::State& state) { tile_step_options(state, 2, HandPlayBy::Hooks); }
void BM_TileStepOptionsDeclared(benchmark::State& state) { tile_step_options(state, 2, HandPlayBy::Declaration); }
BENCHMARK(BM_TileStepOptionsSameState);
BENCHMARK(BM_TileStepOptionsNewState);
BENCHMARK(BM_TileStepOptionsDeclared);

// The figure step's expansion options with both expansions: Little
// Buildings' buildings come from its declared token kinds
// (TokenPlacement::InsteadOfFigure), with no hook call and no state built.
void BM_FigureOptionsDeclared(benchmark::State& state) {
    PluginHooks hooks(both().expansions);
    const auto game = mid_game(hooks, 35);
    run_offers<ExpansionOption>(state, hooks, {game.get()}, [&](const Game& g, std::vector<ExpansionOption>& out) {
        hooks.figure_options(g, g.active_player(), *g.placed_this_turn(), out);
    });
}
BENCHMARK(BM_FigureOptionsDeclared);

// Scoring a completed road through FEATURE_SCORING and BONUS_POINTS (the
// filters decide who is called): on the same state, or with a player's
// score changed before each call, as from one feature of the final scoring
// to the next (the host patches the scores into its bytes; the module
// verifies the state again).
void score_feature(benchmark::State& state, bool scores_change) {
    PluginHooks hooks(both().expansions);
    const auto game = mid_game(hooks, 35);
    ScoredFeatureInfo road;
    road.kind = FeatureKind::Road;
    road.completed = true;
    for (const auto& t : game->placed_tiles()) road.parts.push_back(t.at);  // every tile: buildings lie on it
    road.parts.resize(std::min<size_t>(road.parts.size(), 4));
    road.base_points = road.points = 4;
    road.scorers = {0};
    road.name = "road";
    int points = 0;
    for (auto _ : state) {
        if (scores_change) game->add_points(0, 1, "bench");
        points = hooks.score_feature(*game, road, nullptr);
    }
    benchmark::DoNotOptimize(points);
    state.counters["hook_calls"] =
        benchmark::Counter(static_cast<double>(hooks.stats().hook_calls), benchmark::Counter::kAvgIterations);
}
void BM_ScoreFeatureSameState(benchmark::State& state) { score_feature(state, false); }
void BM_ScoreFeatureScoresChanged(benchmark::State& state) { score_feature(state, true); }
BENCHMARK(BM_ScoreFeatureSameState);
BENCHMARK(BM_ScoreFeatureScoresChanged);

}  // namespace

BENCHMARK_MAIN();

// The mcts player's search speed (docs/ai.md): playouts per second of one
// decision from mid-game positions (30 turns of random play, 2 players),
// in the base game and with every shipped expansion loaded through the C
// ABI, on one thread and on two (root parallelism: wall time). Compared
// with Carcasum's own MCTS player by bench/carcasum/compare-mcts.sh.
//
//   build/bench/bench_mcts --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true
#include <benchmark/benchmark.h>

#include "ai/mcts_player.hpp"
#include "bench_setup.hpp"
#include "core/players.hpp"

namespace ck::bench {
namespace {

constexpr int kPositions = 10;
constexpr int kTurnsBefore = 30;

// A position of game `seed` after kTurnsBefore random turns, at a decision.
Game position(const Setup& setup, ExpansionHooks* hooks, uint64_t seed) {
    Game game(setup.game_setup(seed, hooks), setup.prepared);
    RandomPlayer random(seed);
    for (int t = 0; t < kTurnsBefore && !game.is_over(); ++t) play_turn(game, random);
    return game;
}

void mcts(benchmark::State& state, const std::vector<std::string>& specs, uint32_t threads) {
    const Setup setup(specs, 2);
    const auto make_hooks = [&]() -> std::unique_ptr<ExpansionHooks> {
        if (setup.expansions.empty()) return nullptr;
        return std::make_unique<PluginHooks>(setup.expansions);
    };
    const auto hooks = make_hooks();
    std::vector<Game> positions;
    for (int i = 0; i < kPositions; ++i) positions.push_back(position(setup, hooks.get(), 100 + i));
    ai::MctsOptions options;
    options.playouts = 2000;
    options.threads = threads;
    ai::SearchEnvironment env;
    env.make_hooks = make_hooks;
    uint64_t playouts = 0;
    size_t i = 0;
    for (auto _ : state) {
        const Game& g = positions[i % positions.size()];
        ai::MctsPlayer player(i++, options, env);  // a fresh tree: nothing kept
        if (g.awaiting_tile_choice()) benchmark::DoNotOptimize(player.choose_tile_step(g));
        else benchmark::DoNotOptimize(player.choose_placement(g));
        playouts += player.stats().iterations;
    }
    state.counters["playouts_per_s"] = benchmark::Counter(static_cast<double>(playouts), benchmark::Counter::kIsRate);
}

void BM_MctsBase(benchmark::State& s) { mcts(s, {}, static_cast<uint32_t>(s.range(0))); }
void BM_MctsAllExpansions(benchmark::State& s) {
    mcts(s, {"halflings", "little-buildings", "abbot"}, static_cast<uint32_t>(s.range(0)));
}
BENCHMARK(BM_MctsBase)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MctsAllExpansions)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace ck::bench

BENCHMARK_MAIN();

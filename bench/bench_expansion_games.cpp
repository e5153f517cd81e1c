// Whole random games with expansions loaded from the shipped module and
// called through the C ABI: base game, Little Buildings, Halflings and both,
// for 2 and 4 players, in one run so their rates can be compared as ratios;
// and both with Halflings' hands played through its hooks instead of by its
// declaration, the way a host that does not implement it plays.
// Not pass/fail; `cloisterkit simulate --expansions ...` reports the same.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "bench_setup.hpp"
#include "core/players.hpp"

namespace {

using namespace ck::host;
using ck::bench::Setup;

void BM_RandomGame(benchmark::State& state, std::vector<std::string> specs,
                   HandPlayBy hand_play = HandPlayBy::Declaration) {
    const int players = static_cast<int>(state.range(0));
    const Setup setup(specs, players);
    const std::unique_ptr<PluginHooks> hooks =
        setup.expansions.empty() ? nullptr : std::make_unique<PluginHooks>(setup.expansions, hand_play);
    uint64_t seed = 0;
    int64_t points = 0;
    for (auto _ : state) {
        Game game(setup.game_setup(++seed, hooks.get()), setup.prepared);
        std::vector<std::unique_ptr<PlayerAgent>> agents;
        for (int p = 0; p < players; ++p) agents.push_back(std::make_unique<RandomPlayer>(seed * 8 + p));
        play_to_end(game, agents);
        for (int p = 0; p < players; ++p) points += game.score(static_cast<uint8_t>(p));
    }
    state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["mean_total"] = static_cast<double>(points) / static_cast<double>(state.iterations());
    if (hooks) state.counters["hook_calls/game"] = static_cast<double>(hooks->stats().hook_calls) / state.iterations();
}
BENCHMARK_CAPTURE(BM_RandomGame, base, std::vector<std::string>{})->Arg(2)->Arg(4);
BENCHMARK_CAPTURE(BM_RandomGame, little_buildings, std::vector<std::string>{"little-buildings"})->Arg(2)->Arg(4);
BENCHMARK_CAPTURE(BM_RandomGame, halflings, std::vector<std::string>{"halflings"})->Arg(2)->Arg(4);
BENCHMARK_CAPTURE(BM_RandomGame, both, std::vector<std::string>{"halflings", "little-buildings"})->Arg(2)->Arg(4);
BENCHMARK_CAPTURE(BM_RandomGame, both_hands_by_hooks, std::vector<std::string>{"halflings", "little-buildings"},
                  HandPlayBy::Hooks)
    ->Arg(2)
    ->Arg(4);

}  // namespace

BENCHMARK_MAIN();

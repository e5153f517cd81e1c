// Whole random games with expansions loaded from the shipped module and
// called through the C ABI: base game, Little Buildings, Halflings and both,
// for 2 and 4 players, in one run so their rates can be compared as ratios.
// Not pass/fail; `cloisterkit simulate --expansions ...` reports the same.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <map>
#include <stdexcept>
#include <memory>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/players.hpp"
#include "core/tile_xml.hpp"
#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"
#include "plugins/rule_options.hpp"

namespace {

using namespace ck::host;

PluginRegistry& registry() {
    static PluginRegistry reg;
    static const bool loaded =
        reg.load(std::filesystem::path(CK_BENCH_PLUGIN_DIR) / "cloisterkit_expansions.so").status == ModuleStatus::Loaded;
    if (!loaded) throw std::runtime_error("bench: cannot load the shipped plugin module from " CK_BENCH_PLUGIN_DIR);
    return reg;
}

// One configuration: its expansions, their tiles in the catalogue, the
// completed rules and the prepared pack, shared by every game.
struct Setup {
    std::vector<const PluginExpansion*> expansions;
    TileCatalog catalog;
    std::map<std::string, std::string> rules;
    std::shared_ptr<const PreparedTiles> prepared;

    Setup(const std::vector<std::string>& specs, int players_count) : players(players_count) {
        if (!specs.empty()) expansions = registry().resolve(specs);
        load_tile_xml_file(CK_BENCH_TILE_FILE, catalog);
        for (const auto* e : expansions)
            if (!e->tile_definitions_xml.empty()) load_tile_xml_string(e->tile_definitions_xml, e->id, catalog);
        complete_rule_options(expansions, rules);
        prepared = prepare_tiles(game_setup(0, nullptr));
    }
    GameSetup game_setup(uint64_t seed, ExpansionHooks* hooks) const {
        static const char* const kNames[] = {"Alice", "Bob", "Carol", "Dave", "Eve", "Frank"};
        GameSetup s;
        s.catalog = &catalog;
        for (int p = 0; p < players; ++p) s.players.push_back({kNames[p]});
        s.rules = rules;
        s.seed = seed;
        s.hooks = hooks;
        for (const auto* e : expansions) s.expansions.push_back(e->id);
        return s;
    }
    int players;
};

void BM_RandomGame(benchmark::State& state, std::vector<std::string> specs) {
    const int players = static_cast<int>(state.range(0));
    const Setup setup(specs, players);
    const std::unique_ptr<PluginHooks> hooks =
        setup.expansions.empty() ? nullptr : std::make_unique<PluginHooks>(setup.expansions);
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

}  // namespace

BENCHMARK_MAIN();

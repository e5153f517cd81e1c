// Shared by the benchmarks that play with expansions: the shipped plugin
// module, loaded once, and one configuration of a game (its expansions,
// catalogue, completed rules and prepared pack).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/tile_xml.hpp"
#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"
#include "plugins/rule_options.hpp"

namespace ck::bench {

using namespace ck::host;

inline PluginRegistry& registry() {
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
        s.figure_kinds = figure_kinds_of(expansions);  // the abbot's
        return s;
    }
    int players;
};


}  // namespace ck::bench

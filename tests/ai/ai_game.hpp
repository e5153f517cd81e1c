// Games for the computer players' tests: the shipped module loaded once
// (tests/lb_games), any of its expansions enabled with their tiles, rules
// (presets and defaults completed, as a host does) and figure kinds, and a
// search environment that gives each extra search thread a bridge of its
// own, as `cloisterkit` does.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/mcts_player.hpp"
#include "core/game.hpp"
#include "plugins/plugin_hooks.hpp"

namespace ck::host::test {

class AiTable {
public:
    // Short names ("halflings", "little-buildings", "abbot"); none: the base game.
    explicit AiTable(std::vector<std::string> expansions = {}, std::string tile_set = "basic:1");
    std::unique_ptr<PluginHooks> hooks() const;  // nullptr for the base game
    GameSetup setup(uint64_t seed, int players, ExpansionHooks* hooks) const;
    ai::SearchEnvironment environment(std::vector<std::string>* notices = nullptr) const;

private:
    TileCatalog catalog_;
    std::vector<const PluginExpansion*> enabled_;
    std::map<std::string, std::string> rules_;
    std::string tile_set_;
};

inline const std::vector<std::string> kAllExpansions{"halflings", "little-buildings", "abbot"};

// Plays the active player's turns with random players (seeded) until
// `stop` holds at the start of a decision or the game ends; returns whether
// `stop` held. A policy's functions, when given, make those choices
// instead of the random player.
struct Policy {
    std::function<size_t(const Game&)> tile_step;      // 0: draw, 1 + i: option i
    std::function<FigureChoice(const Game&)> figure;
};
bool play_until(Game& game, uint64_t seed, const std::function<bool(const Game&)>& stop, const Policy& policy = {});

}  // namespace ck::host::test

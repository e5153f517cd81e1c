// The fan module "Tribute" (modules/tribute_module.cpp), loaded once for
// the tests of the turn protocol that play it through the host and the C
// ABI (bridge_decisions_test.cpp, bridge_extra_turn_test.cpp), and what
// those tests share: a two-player setup, errors a misbehaving module
// raises, points in the score log.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>

#include "core/game.hpp"
#include "game_helpers.hpp"
#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"
#include "test_modules.hpp"

namespace ck::test::tribute {

using namespace ck::host;

// The well-behaved build, or the one that breaks the protocol as its rule
// option tribute.misbehave says.
inline PluginRegistry& registry(bool misbehaving = false) {
    static PluginRegistry good(capturing_logger().logger), bad(capturing_logger().logger);
    static const bool loaded = good.load(test_module("test_tribute")).status == ModuleStatus::Loaded &&
                               bad.load(test_module("test_tribute_misbehaving")).status == ModuleStatus::Loaded;
    EXPECT_TRUE(loaded);
    return misbehaving ? bad : good;
}

// Alice and Bob on the base tiles with Tribute, and these rule options.
inline GameSetup setup_for(PluginHooks& hooks, uint64_t seed, std::map<std::string, std::string> rules = {}) {
    GameSetup s;
    s.catalog = &host::test::base_catalog();
    s.players = {{"Alice"}, {"Bob"}};
    s.seed = seed;
    s.hooks = &hooks;
    s.expansions = hooks.expansion_ids();
    s.rules = std::move(rules);
    return s;
}

// What f throws, a plugin's error (checked), or "(no error)".
inline std::string plugin_error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Plugin) << e.what();
        return e.what();
    }
    return "(no error)";
}

// Points of `player` in the score log named `name` in turn `turn`.
inline int logged(const Game& game, uint8_t player, uint32_t turn, const std::string& name) {
    int points = 0;
    for (const ScoreEntry& e : game.score_log())
        if (e.player == player && e.turn == turn && e.name == name) points += e.points;
    return points;
}

}  // namespace ck::test::tribute

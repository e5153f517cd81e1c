// Little Buildings games on the reference host: the shipped plugin module
// loaded once through PluginRegistry, a setup with it enabled, and one-line
// turns that deploy a meeple, place a building or pass.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "game_helpers.hpp"
#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"

namespace ck::host::test {

inline const std::string kTower = "LB_TOWER";
inline const std::string kHouse = "LB_HOUSE";
inline const std::string kShed = "LB_SHED";
inline const std::vector<std::string> kBuildingKinds{kTower, kHouse, kShed};

// The registry holding build/plugins/cloisterkit_expansions.so (loaded once).
PluginRegistry& shipped_registry();
// Fresh hooks with Little Buildings enabled (one per test: not thread-safe).
std::unique_ptr<PluginHooks> lb_hooks();

using Rules = std::map<std::string, std::string>;

// base_setup (tests/host) with Little Buildings enabled through `hooks`.
GameSetup lb_setup(PluginHooks& hooks, const std::vector<std::string>& draw_order, int players = 2,
                   int end_turn = 0, const Rules& rules = {});

// One turn: place `tile` at (x, y) turned `rotation` quarter turns, then
// deploy a meeple, place a building or pass, then commit.
struct Step {
    std::string tile;
    int x = 0, y = 0, rotation = 0;
    std::optional<FeatureKind> meeple_kind;
    std::string meeple_location;  // any location the segment includes, e.g. "S" or "SL"
    std::string building;         // token kind, e.g. LB_SHED
};
Step pass(std::string tile, int x, int y, int rotation);
Step meeple(std::string tile, int x, int y, int rotation, FeatureKind kind, std::string location);
Step building(std::string tile, int x, int y, int rotation, std::string kind);

// Places the step's tile; leaves the game in its figure step (or commit
// phase when nothing was offered).
void place(Game& game, const Step& s);
// Index into expansion_options() of the offered building of `kind`; fails
// the test if none.
size_t building_option(const Game& game, const std::string& kind);
// Index into meeple_options() of the segment of `kind` including `location`.
size_t meeple_option(const Game& game, FeatureKind kind, const std::string& location);
// The figure step (a meeple on the segment of `meeple_kind` including
// `meeple_location`, else the building `building`, else pass), then commit.
void figure_step_and_commit(Game& game, std::optional<FeatureKind> meeple_kind, const std::string& meeple_location,
                            const std::string& building);
void play(Game& game, const Step& s);
void play_all(Game& game, const std::vector<Step>& steps);

// What `player` should hold after setup, {tower, house, shed} (LB-4,
// LB-21, JCloisterZone's split): floor(6/N) of each type under split=jcz or
// values=321, else floor(18/N) with the k-th of type (player + k) mod 3.
std::array<int, 3> expected_deal(const std::string& split, const std::string& values, int players, int player);

// Buildings of any type in a player's supply.
int buildings_in_supply(const PlayerState& p);
// Score entries of a player: (name, points) in order.
std::vector<std::pair<std::string, int>> entries_of(const Game& game, uint8_t player);
// The whole game state as the bridge serialises it, to check "unchanged".
std::vector<uint8_t> snapshot(const Game& game);

}  // namespace ck::host::test

// Little Buildings' side of the test host: builds GameState / HookRequest
// objects for its hooks and decodes its effects. Loading the module and
// calling through the C ABI is the shared harness (tests/support/
// plugin_harness.hpp). Nothing here links expansion code.
#pragma once

#include <cloisterkit/plugin.h>

#include <map>
#include <string>
#include <vector>

#include "plugin_harness.hpp"

namespace lbtest {

namespace fb = ck::fb;

inline constexpr const char* kTower = "LB_TOWER";
inline constexpr const char* kHouse = "LB_HOUSE";
inline constexpr const char* kShed = "LB_SHED";

using ck::test::at;
using ck::test::count_effects;
using ck::test::HookResult;
using ck::test::set_rule;
using ck::test::TestState;

// The shipped module and the Little Buildings expansion's index in it.
class Module {
public:
    static Module& get();

    const ck_plugin_api& api() const { return ck::test::ShippedModule::get().api(); }
    ck_plugin_ctx* ctx() const { return ck::test::ShippedModule::get().ctx(); }
    uint32_t little_buildings() const { return lb_index_; }

    HookResult call(ck_hook_id hook, const ck::test::TestState& state, const fb::HookRequestT& request) const;
    fb::ExpansionManifestT manifest() const;

private:
    Module();
    uint32_t lb_index_ = 0;
};

// ---- game states

// `players` players, each with an empty supply; turn 1 of player 0, nothing placed.
ck::test::TestState make_state(int players, const std::map<std::string, std::string>& rules = {});
void set_supply(ck::test::TestState& state, int player, const std::string& kind, int count);
void put_building(ck::test::TestState& state, const std::string& kind, fb::TileRef where, int placed_by = 0);

// ---- requests

fb::HookRequestT game_start(int players);

struct Feature {
    fb::FeatureKind kind = fb::FeatureKind::Road;
    std::vector<fb::TileRef> parts;
    std::vector<fb::TileRef> area;
    int points = 0;
    bool completed = true;
    bool final_scoring = false;
};
fb::HookRequestT bonus_points(const Feature& feature);
// The 3x3 area around (x, y), as the host lists it for a monastery.
std::vector<fb::TileRef> area_around(int x, int y);

// ---- responses

// (player, kind) -> count of every GiveTokens effect.
std::map<std::pair<int, std::string>, int> given_tokens(const HookResult& result);
// Every OfferFigureOption, in order.
std::vector<const fb::FigureOptionT*> offered(const HookResult& result);
// The sum of the AdjustFeaturePoints deltas (0 when none).
int bonus_delta(const HookResult& result);

// Runs one hook of Little Buildings.
HookResult call(ck_hook_id hook, const ck::test::TestState& state, const fb::HookRequestT& request);

}  // namespace lbtest

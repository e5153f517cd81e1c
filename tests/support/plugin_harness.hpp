// A minimal host for plugin-level tests: loads the shipped expansions module
// through dlopen and the C ABI, packs GameState / HookRequest objects (the
// schemas' object API) into aligned buffers, calls one expansion's hook and
// decodes the HookResponse. Nothing here links expansion code. Each
// expansion's tests add their own state and request builders on top
// (tests/little_buildings/abi_harness.hpp, tests/halflings/hf_harness.hpp).
#pragma once

#include <cloisterkit/plugin.h>

#include <string>
#include <vector>
#include <string_view>

#include <cloisterkit/schemas/game_setup_generated.h>
#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>
#include <cloisterkit/schemas/manifest_generated.h>

namespace ck::test {

namespace fb = ck::fb;

inline fb::TileRef at(int x, int y, fb::Corner corner = fb::Corner::None) {
    return fb::TileRef(static_cast<int16_t>(x), static_cast<int16_t>(y), corner);
}

// A state as plugin tests build it: the per-game setup and the changing
// state, apart so tests can edit each; packed into one GameState buffer
// (the setup nested in it) for every call, as a host sends it.
struct TestState {
    fb::GameSetupT setup;
    // game.setup is overwritten by pack() with the packed `setup` (mutable
    // for that alone: GameStateT holds unique_ptrs and cannot be copied).
    mutable fb::GameStateT game;

    // Appends a player: named in the setup, with a score and followers.
    void add_player(std::string name, int followers_in_supply = 7);
    int player_count() const { return static_cast<int>(game.players.size()); }
    // The turn, created (turn 1, tile phase, player 0) when absent.
    fb::TurnInfo& turn();
    // The index of a token kind in the setup, appended when new.
    uint16_t token_kind(const std::string& kind);
    // The packed GameState bytes.
    std::vector<uint8_t> pack() const;
};

// What one call_hook returned.
struct HookResult {
    ck_status status = CK_E_INTERNAL;
    std::string error;           // ck_error.message on failure
    fb::HookResponseT response;  // decoded effects on CK_OK
};

// build/plugins/cloisterkit_expansions.so, negotiated and created once per
// test binary; the context is immutable, so tests share it.
class ShippedModule {
public:
    static const ShippedModule& get();

    const ck_plugin_api& api() const { return *api_; }
    ck_plugin_ctx* ctx() const { return ctx_; }

    // The index of the expansion with this id; throws when the module has none.
    uint32_t index_of(std::string_view expansion_id) const;

    // Runs one hook of the expansion at `expansion`. Throws when the module
    // answers CK_OK with a response that fails verification.
    HookResult call(uint32_t expansion, ck_hook_id hook, const TestState& state,
                    const fb::HookRequestT& request) const;
    fb::ExpansionManifestT manifest(uint32_t expansion) const;

private:
    ShippedModule();
    void* handle_ = nullptr;
    const ck_plugin_api* api_ = nullptr;
    ck_plugin_ctx* ctx_ = nullptr;
};

// A request for `hook` carrying `args` (a *ArgsT of hooks.fbs).
template <class Args>
fb::HookRequestT hook_request(ck_hook_id hook, Args args) {
    fb::HookRequestT request;
    request.hook = hook;
    request.args.Set(std::move(args));
    return request;
}

// Sets (or replaces) a rule of the game, keeping GameSetup.rules sorted by key.
void set_rule(TestState& state, const std::string& key, const std::string& value);

// How many effects of `type` the response holds.
int count_effects(const HookResult& result, fb::Effect type);
// The sum of the AdjustFeaturePoints deltas (0 when none).
int feature_points_delta(const HookResult& result);

}  // namespace ck::test

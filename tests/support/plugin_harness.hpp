// A minimal host for plugin-level tests: loads the shipped expansions module
// through dlopen and the C ABI, packs GameState / HookRequest objects (the
// schemas' object API) into aligned buffers, calls one expansion's hook and
// decodes the HookResponse. Nothing here links expansion code. Each
// expansion's tests add their own state and request builders on top
// (tests/little_buildings/abi_harness.hpp, tests/halflings/hf_harness.hpp).
#pragma once

#include <cloisterkit/plugin.h>

#include <string>
#include <string_view>

#include "game_state_generated.h"
#include "hooks_generated.h"
#include "manifest_generated.h"

namespace ck::test {

namespace fb = ck::fb;

inline fb::TileRef at(int x, int y, fb::Corner corner = fb::Corner::None) {
    return fb::TileRef(static_cast<int16_t>(x), static_cast<int16_t>(y), corner);
}

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
    HookResult call(uint32_t expansion, ck_hook_id hook, const fb::GameStateT& state,
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

// Sets (or replaces) a rule of the state, keeping GameState.rules sorted by key.
void set_rule(fb::GameStateT& state, const std::string& key, const std::string& value);

// How many effects of `type` the response holds.
int count_effects(const HookResult& result, fb::Effect type);
// The sum of the AdjustFeaturePoints deltas (0 when none).
int feature_points_delta(const HookResult& result);

}  // namespace ck::test

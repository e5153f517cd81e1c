// A minimal host for plugin-level tests: the SDK's hook test kit
// (cloisterkit/sdk/testing.hpp) pointed at the shipped expansions module,
// build/plugins/cloisterkit_expansions.so, which it loads with dlopen and
// calls through the C ABI only. Each expansion's tests add their own state
// and request builders on top (tests/little_buildings/abi_harness.hpp,
// tests/halflings/hf_harness.hpp); a modder's tests use the kit directly.
#pragma once

#include <cloisterkit/plugin.h>

#include <string_view>

#include <cloisterkit/sdk/testing.hpp>

namespace ck::test {

namespace fb = ck::fb;

using sdk::testing::at;
using sdk::testing::hook_request;
using sdk::testing::HookResult;
using sdk::testing::TestState;

// The shipped module, negotiated and created once per test binary; the
// context is immutable, so tests share it.
class ShippedModule {
public:
    static const ShippedModule& get();

    const sdk::testing::Module& module() const { return module_; }
    const ck_plugin_api& api() const { return module_.api(); }
    ck_plugin_ctx* ctx() const { return module_.ctx(); }

    // The index of the expansion with this id; throws when the module has none.
    uint32_t index_of(std::string_view expansion_id) const { return module_.index_of(expansion_id); }

    // Runs one hook of the expansion at `expansion`. Throws when the module
    // answers CK_OK with a response that fails verification.
    HookResult call(uint32_t expansion, ck_hook_id hook, const TestState& state,
                    const fb::HookRequestT& request) const {
        return module_.call_bytes(expansion, hook, state.pack(), sdk::testing::pack(request));
    }
    fb::ExpansionManifestT manifest(uint32_t expansion) const;

private:
    ShippedModule();
    sdk::testing::Module module_;
};

// Sets (or replaces) a rule of the game, keeping GameSetup.rules sorted by key.
inline void set_rule(TestState& state, const std::string& key, const std::string& value) { state.set_rule(key, value); }

// How many effects of `type` the response holds.
inline int count_effects(const HookResult& result, fb::Effect type) { return result.count(type); }
// The sum of the AdjustFeaturePoints deltas (0 when none).
inline int feature_points_delta(const HookResult& result) { return result.feature_points(); }

}  // namespace ck::test

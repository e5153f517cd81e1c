// What Halflings declares about itself (the manifest).
#pragma once

#include <cloisterkit/sdk/expansion.hpp>

namespace ck::halflings {

// The hooks this expansion implements.
inline constexpr uint64_t kHooks = CK_HOOK_BIT(CK_HOOK_GAME_START) | CK_HOOK_BIT(CK_HOOK_TILE_STEP_OPTIONS) |
                                   CK_HOOK_BIT(CK_HOOK_APPLY_TILE_STEP_OPTION) | CK_HOOK_BIT(CK_HOOK_FEATURE_SCORING);

sdk::ExpansionInfo expansion_info();

}  // namespace ck::halflings

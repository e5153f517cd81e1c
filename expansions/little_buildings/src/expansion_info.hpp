// What Little Buildings declares about itself (the manifest).
#pragma once

#include <cloisterkit/sdk/expansion.hpp>

namespace ck::little_buildings {

// The hooks this expansion implements.
// Placing a building needs none: its token kinds are declared InsteadOfFigure.
inline constexpr uint64_t kHooks = CK_HOOK_BIT(CK_HOOK_GAME_START) | CK_HOOK_BIT(CK_HOOK_BONUS_POINTS);

sdk::ExpansionInfo expansion_info();

}  // namespace ck::little_buildings

// The tile step with halflings (HF-16): what is offered and when playing a
// hand tile is allowed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "deal.hpp"
#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>

#include <cloisterkit/sdk/hook_context.hpp>

namespace ck::halflings {

// The tile-step option's action (our own verb).
inline constexpr std::string_view kPlayHalflingAction = "play-halfling";

// The tile types of a hand, each once, in the order they first appear.
std::vector<TileType> distinct_tiles(const std::vector<TileType>& hand);

// The option's human-readable label: "play halfling HF/I-3".
std::string option_label(std::string_view tile_id);

// Whether the active player may still choose to play a halfling this turn:
// nothing drawn, chosen or placed yet (HF-16, "instead of drawing").
bool tile_step_open(const fb::TurnInfo* turn);

// Checks an APPLY_TILE_STEP_OPTION request against the state and throws
// std::runtime_error saying why it is refused: an action other than
// play-halfling, a player who is not the active player, a tile step that is
// already used, an unknown tile type, or a tile not in that player's hand.
void check_play(const sdk::HookContext& ctx, const fb::ApplyTileStepOptionArgs& args);

}  // namespace ck::halflings

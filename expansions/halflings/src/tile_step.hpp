// The tile step with halflings (HF-16): what is offered and when playing a
// hand tile is allowed.
#pragma once

#include <string>
#include <string_view>

#include "deal.hpp"
#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>

#include <cloisterkit/sdk/hook_context.hpp>

namespace ck::halflings {

// The tile-step option's action (our own verb).
inline constexpr std::string_view kPlayHalflingAction = "play-halfling";

// Whether `tile` is the first of its type in `hand`: a hand offers each
// tile type once, in the order the types first appear.
bool first_of_its_type(const sdk::HandRange& hand, const fb::HandTile* tile);

// The option's human-readable label, "play halfling HF/I-3". Built on the
// stack for the usual short tile ids: TILE_STEP_OPTIONS runs on every turn
// of a player with a hand, and allocates nothing.
class OptionLabel {
public:
    explicit OptionLabel(std::string_view tile_id);
    std::string_view view() const { return long_.empty() ? std::string_view(short_, size_) : long_; }

private:
    char short_[48];
    size_t size_ = 0;
    std::string long_;  // only for tile ids that do not fit `short_`
};

// Whether the active player may still choose to play a halfling this turn:
// nothing drawn, chosen or placed yet (HF-16, "instead of drawing").
bool tile_step_open(const fb::TurnInfo* turn);

// Checks an APPLY_TILE_STEP_OPTION request against the state and throws
// std::runtime_error saying why it is refused: an action other than
// play-halfling, a player who is not the active player, a tile step that is
// already used, an unknown tile type, or a tile not in that player's hand.
void check_play(const sdk::HookContext& ctx, const fb::ApplyTileStepOptionArgs& args);

}  // namespace ck::halflings

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

// The options' label; the host puts each tile type's id for "{tile}":
// "play halfling HF/I-3".
inline constexpr std::string_view kPlayHalflingLabel = "play halfling {tile}";

// The distinct tile types of a hand, in the order they first appear in it:
// a hand offers each tile type once. Kept on the stack for every real hand
// (TILE_STEP_OPTIONS runs on every turn of a player with a hand).
class DistinctTileTypes {
public:
    explicit DistinctTileTypes(const sdk::HandRange& hand);
    const uint16_t* data() const { return spilled_.empty() ? inline_ : spilled_.data(); }
    size_t size() const { return size_; }

private:
    static constexpr size_t kInline = 32;  // more than the expansion's 24 tiles
    uint16_t inline_[kInline];
    std::vector<uint16_t> spilled_;  // only for a hand of more distinct types
    size_t size_ = 0;
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

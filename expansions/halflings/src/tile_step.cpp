#include "tile_step.hpp"

#include <cloisterkit/sdk/hook_context.hpp>

#include <algorithm>
#include <stdexcept>

namespace ck::halflings {
namespace {

[[noreturn]] void refuse(const std::string& why) { throw std::runtime_error("halflings: " + why); }

}  // namespace

bool first_of_its_type(const sdk::HandRange& hand, const fb::HandTile* tile) {
    return std::none_of(hand.begin(), tile, [&](const fb::HandTile& t) { return t.tile_type() == tile->tile_type(); });
}

OptionLabel::OptionLabel(std::string_view tile_id) {
    constexpr std::string_view kPrefix = "play halfling ";
    if (kPrefix.size() + tile_id.size() > sizeof(short_)) {
        long_.append(kPrefix).append(tile_id);
        return;
    }
    std::copy(kPrefix.begin(), kPrefix.end(), short_);
    std::copy(tile_id.begin(), tile_id.end(), short_ + kPrefix.size());
    size_ = kPrefix.size() + tile_id.size();
}

bool tile_step_open(const fb::TurnInfo* turn) {
    return turn == nullptr || (!turn->has_tile_to_place() && !turn->has_placed_tile());
}

void check_play(const sdk::HookContext& ctx, const fb::ApplyTileStepOptionArgs& args) {
    const std::string action(sdk::as_view(args.action()));
    if (action != kPlayHalflingAction)
        refuse("unknown tile-step action '" + action + "' (expected " + std::string(kPlayHalflingAction) + ")");
    const fb::TurnInfo* turn = ctx.state().turn();
    if (turn == nullptr) refuse("play-halfling without a turn in the game state");
    const std::string who = "player " + std::to_string(args.player());
    if (args.player() != turn->active_player())
        refuse(who + " is not the active player " + std::to_string(turn->active_player()) + " (HF-16)");
    if (!tile_step_open(turn))
        refuse("the tile step of this turn is already used: a tile was drawn, chosen or placed (HF-16)");
    const std::string tile_id(ctx.tile_type_id(args.tile_type()));
    if (tile_id.empty()) refuse("tile type " + std::to_string(args.tile_type()) + " is not in the game's tile types");
    if (ctx.player(args.player()) == nullptr) refuse(who + " is not in the game state");
    const sdk::HandRange hand = ctx.hand(args.player());
    const bool in_hand = std::any_of(hand.begin(), hand.end(),
                                     [&](const fb::HandTile& t) { return t.tile_type() == args.tile_type(); });
    if (!in_hand) refuse(who + " has no " + tile_id + " in hand (HF-16)");
}

}  // namespace ck::halflings

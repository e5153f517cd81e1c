#include "tile_step.hpp"

#include <cloisterkit/sdk/hook_context.hpp>

#include <algorithm>
#include <stdexcept>

namespace ck::halflings {
namespace {

[[noreturn]] void refuse(const std::string& why) { throw std::runtime_error("halflings: " + why); }

}  // namespace

DistinctTileTypes::DistinctTileTypes(const sdk::HandRange& hand) {
    for (const fb::HandTile* t = hand.begin(); t != hand.end(); ++t) {
        const uint16_t type = t->tile_type();
        const uint16_t* seen = data();
        if (std::find(seen, seen + size_, type) != seen + size_) continue;
        if (size_ == kInline) spilled_.assign(inline_, inline_ + kInline);
        if (size_ < kInline)
            inline_[size_] = type;
        else
            spilled_.push_back(type);
        ++size_;
    }
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

// The base versions of the hook virtuals, and the hooks' method names. A
// base version runs only when info().hooks declares a hook the class does
// not override: that is the author's mistake, reported as such (CK_E_INTERNAL
// with the method to write), where it once answered nothing without a word.
#include <cloisterkit/sdk/expansion.hpp>

#include <string>

#include "errors.hpp"

namespace ck::sdk {
namespace {

constexpr const char* kHookMethodNames[] = {
    "on_game_start",  "tile_step_options", "check_placements", "on_tile_placed",
    "figure_options", "apply_figure_action", "score_feature",  "bonus_points",
    "on_turn_end",    "check_game_end",    "final_scoring",    "apply_tile_step_option",
    "on_turn_start",  "on_figure_step_end", "apply_movement_step", "apply_decision", "on_feature_completed",
    "figure_strength",
};
static_assert(sizeof(kHookMethodNames) / sizeof(kHookMethodNames[0]) == CK_HOOK_COUNT,
              "every hook in plugin.h needs its method name here");

[[noreturn]] void not_overridden(ck_hook_id hook) {
    throw detail::StatusError(CK_E_INTERNAL, std::string("the expansion declares hook ") + std::to_string(hook) +
                                                 " in info().hooks but does not override " +
                                                 kHookMethodNames[hook] +
                                                 "(): override it, or clear its bit "
                                                 "(ck::sdk::hooks_overridden_by<T>() gives the mask of the code)");
}

}  // namespace

const char* hook_method_name(ck_hook_id hook) { return hook < CK_HOOK_COUNT ? kHookMethodNames[hook] : ""; }

void Expansion::on_game_start(const HookContext&, const fb::GameStartArgs&, Effects&) const {
    not_overridden(CK_HOOK_GAME_START);
}
void Expansion::tile_step_options(const HookContext&, const fb::TileStepOptionsArgs&, Effects&) const {
    not_overridden(CK_HOOK_TILE_STEP_OPTIONS);
}
void Expansion::check_placements(const HookContext&, const fb::PlacementCheckArgs&, Effects&) const {
    not_overridden(CK_HOOK_PLACEMENT_CHECK);
}
void Expansion::on_tile_placed(const HookContext&, const fb::TilePlacedArgs&, Effects&) const {
    not_overridden(CK_HOOK_TILE_PLACED);
}
void Expansion::figure_options(const HookContext&, const fb::FigureOptionsArgs&, Effects&) const {
    not_overridden(CK_HOOK_FIGURE_OPTIONS);
}
void Expansion::apply_figure_action(const HookContext&, const fb::ApplyFigureActionArgs&, Effects&) const {
    not_overridden(CK_HOOK_APPLY_FIGURE_ACTION);
}
void Expansion::score_feature(const HookContext&, const fb::FeatureScoringArgs&, Effects&) const {
    not_overridden(CK_HOOK_FEATURE_SCORING);
}
void Expansion::bonus_points(const HookContext&, const fb::BonusPointsArgs&, Effects&) const {
    not_overridden(CK_HOOK_BONUS_POINTS);
}
void Expansion::on_turn_end(const HookContext&, const fb::TurnEndArgs&, Effects&) const {
    not_overridden(CK_HOOK_TURN_END);
}
void Expansion::check_game_end(const HookContext&, const fb::GameEndCheckArgs&, Effects&) const {
    not_overridden(CK_HOOK_GAME_END_CHECK);
}
void Expansion::final_scoring(const HookContext&, const fb::FinalScoringArgs&, Effects&) const {
    not_overridden(CK_HOOK_FINAL_SCORING);
}
void Expansion::apply_tile_step_option(const HookContext&, const fb::ApplyTileStepOptionArgs&, Effects&) const {
    not_overridden(CK_HOOK_APPLY_TILE_STEP_OPTION);
}

void Expansion::on_turn_start(const HookContext&, const fb::TurnStartArgs&, Effects&) const {
    not_overridden(CK_HOOK_TURN_START);
}
void Expansion::on_figure_step_end(const HookContext&, const fb::FigureStepEndArgs&, Effects&) const {
    not_overridden(CK_HOOK_FIGURE_STEP_END);
}
void Expansion::apply_movement_step(const HookContext&, const fb::MovementStepArgs&, Effects&) const {
    not_overridden(CK_HOOK_APPLY_MOVEMENT_STEP);
}
void Expansion::apply_decision(const HookContext&, const fb::ApplyDecisionArgs&, Effects&) const {
    not_overridden(CK_HOOK_APPLY_DECISION);
}
void Expansion::on_feature_completed(const HookContext&, const fb::FeatureCompletedArgs&, Effects&) const {
    not_overridden(CK_HOOK_FEATURE_COMPLETED);
}
void Expansion::figure_strength(const HookContext&, const fb::FigureStrengthArgs&, Effects&) const {
    not_overridden(CK_HOOK_FIGURE_STRENGTH);
}

}  // namespace ck::sdk

#include "hook_names.hpp"

#include <cloisterkit/status_names.h>

namespace ck::host {

std::string hook_name(ck_hook_id hook) {
    static constexpr const char* kNames[] = {
        "GAME_START",   "TILE_STEP_OPTIONS",  "PLACEMENT_CHECK", "TILE_PLACED",
        "FIGURE_OPTIONS", "APPLY_FIGURE_ACTION", "FEATURE_SCORING", "BONUS_POINTS",
        "TURN_END",     "GAME_END_CHECK",     "FINAL_SCORING",   "APPLY_TILE_STEP_OPTION",
        "TURN_START",   "FIGURE_STEP_END",    "APPLY_MOVEMENT_STEP", "APPLY_DECISION",
        "FEATURE_COMPLETED", "FIGURE_STRENGTH",
    };
    static_assert(sizeof(kNames) / sizeof(kNames[0]) == CK_HOOK_COUNT, "every hook in plugin.h needs a name here");
    if (hook < CK_HOOK_COUNT) return kNames[hook];
    return "HOOK_" + std::to_string(hook);
}

std::string hook_list(uint64_t mask) {
    std::string out;
    for (ck_hook_id hook = 0; hook < 64; ++hook) {
        if ((mask & CK_HOOK_BIT(hook)) == 0) continue;
        if (!out.empty()) out += ", ";
        out += hook_name(hook);
    }
    return out.empty() ? "(none)" : out;
}

std::string_view host_status_name(ck_status status) { return ck_status_to_string(status); }

}  // namespace ck::host

#include "hook_names.hpp"

namespace ck::host {

std::string hook_name(ck_hook_id hook) {
    static constexpr const char* kNames[CK_HOOK_COUNT] = {
        "GAME_START",   "TILE_STEP_OPTIONS",  "PLACEMENT_CHECK", "TILE_PLACED",
        "FIGURE_OPTIONS", "APPLY_FIGURE_ACTION", "FEATURE_SCORING", "BONUS_POINTS",
        "TURN_END",     "GAME_END_CHECK",     "FINAL_SCORING",
    };
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

std::string_view host_status_name(ck_status status) {
    switch (status) {
        case CK_OK: return "CK_OK";
        case CK_NOTHING_TO_DO: return "CK_NOTHING_TO_DO";
        case CK_E_INVALID_ARGUMENT: return "CK_E_INVALID_ARGUMENT";
        case CK_E_BAD_BUFFER: return "CK_E_BAD_BUFFER";
        case CK_E_UNSUPPORTED_HOOK: return "CK_E_UNSUPPORTED_HOOK";
        case CK_E_VERSION_MISMATCH: return "CK_E_VERSION_MISMATCH";
        case CK_E_OUT_OF_MEMORY: return "CK_E_OUT_OF_MEMORY";
        case CK_E_BUFFER_TOO_LARGE: return "CK_E_BUFFER_TOO_LARGE";
        case CK_E_INTERNAL: return "CK_E_INTERNAL";
        case CK_E_NO_SUCH_EXPANSION: return "CK_E_NO_SUCH_EXPANSION";
        default: break;
    }
    if (status >= CK_E_EXPANSION_FIRST && status <= CK_E_EXPANSION_LAST) return "expansion-specific error";
    return status < 0 ? "unknown error status" : "unknown success status";
}

}  // namespace ck::host

// Names of hooks and status codes as the C header spells them, for messages
// and listings ("FIGURE_OPTIONS", "CK_E_BAD_BUFFER").
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace ck::host {

// "GAME_START" ... "FINAL_SCORING"; "HOOK_<n>" for a hook this host does not know.
std::string hook_name(ck_hook_id hook);

// The names of every bit set in `mask`, comma-separated, in bit order
// ("GAME_START, FIGURE_OPTIONS"); "(none)" for an empty mask.
std::string hook_list(uint64_t mask);

// The host's own name for a status code: used before a module's
// status_name() is available (negotiation) and as a fallback.
std::string_view host_status_name(ck_status status);

}  // namespace ck::host

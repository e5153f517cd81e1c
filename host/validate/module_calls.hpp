// Calling a module's hook directly through its C API table, as the checks
// replay recorded calls: the answer copied out, the buffer released, the
// error's message read only within its capacity.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ck::host {
class PluginModule;
}

namespace ck::validate {

struct Answer {
    ck_status status = CK_OK;
    std::vector<uint8_t> bytes;  // the response (copied; its buffer is released)
    std::string message;         // the ck_error message
    bool message_terminated = true;  // a NUL within CK_ERROR_MESSAGE_CAPACITY
    int32_t error_code = 0;          // the ck_error code the module wrote
    bool release_cleared = true;     // release() set data and release to NULL, as plugin.h asks
    bool operator==(const Answer& o) const { return status == o.status && bytes == o.bytes; }
};

inline ck_bytes bytes_of(const std::vector<uint8_t>& v) { return {v.data(), v.size()}; }

// One call of `hook` of expansion `expansion` on context `ctx` (the
// module's own when null).
Answer call_hook(const host::PluginModule& module, uint32_t expansion, ck_hook_id hook, ck_bytes state,
                 ck_bytes request, const ck_plugin_ctx* ctx = nullptr);

// Why a successful answer breaks the ABI (CK_OK with an empty buffer or one
// that is not a verified HookResponse), or "" when it does not.
std::string response_problem(const Answer& answer);

// "412 bytes against 420; they first differ at byte 37"
std::string difference(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b);

// The status's name as plugin.h spells it.
std::string status_text(ck_status status);

}  // namespace ck::validate

#include "errors.hpp"

#include <algorithm>
#include <cstring>

#include <cloisterkit/sdk/module.hpp>

namespace ck::sdk::detail {

// ck_error's ABI-1.0 layout is the smallest any ABI-1 host provides, so it
// is written in full whatever struct_size says; fields appended by later
// minors will be written only when the host's struct_size covers them.
ck_status fail(ck_error* err, ck_status code, std::string_view message) noexcept {
    if (err == nullptr) return code;
    err->struct_size = sizeof(ck_error);
    err->code = code;
    size_t n = std::min(message.size(), sizeof(err->message) - 1);
    // Do not cut a UTF-8 sequence in half: back up over continuation bytes.
    if (n < message.size())
        while (n > 0 && (static_cast<unsigned char>(message[n]) & 0xC0) == 0x80) --n;
    std::memcpy(err->message, message.data(), n);
    err->message[n] = '\0';
    return code;
}

void clear_error(ck_error* err) noexcept {
    if (err == nullptr) return;
    err->struct_size = sizeof(ck_error);
    err->code = CK_OK;
    err->message[0] = '\0';
}

const char* status_name(ck_status status) noexcept {
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
    if (status >= CK_E_EXPANSION_FIRST && status <= CK_E_EXPANSION_LAST) return "CK_E_EXPANSION_SPECIFIC";
    return status > 0 ? "CK_UNKNOWN_SUCCESS" : "CK_E_UNKNOWN";
}

}  // namespace ck::sdk::detail

#include "errors.hpp"

#include <algorithm>
#include <cstring>

#include <cloisterkit/sdk/module.hpp>
#include <cloisterkit/status_names.h>

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

const char* status_name(ck_status status) noexcept { return ck_status_to_string(status); }

}  // namespace ck::sdk::detail

#include "module_calls.hpp"

#include <cstring>

#include "plugins/buffer_check.hpp"
#include "plugins/hook_names.hpp"
#include "plugins/module_loader.hpp"
#include <cloisterkit/schemas/hooks_generated.h>

namespace ck::validate {

Answer call_hook(const host::PluginModule& module, uint32_t expansion, ck_hook_id hook, ck_bytes state,
                 ck_bytes request, const ck_plugin_ctx* ctx) {
    ck_buffer out{};
    out.struct_size = sizeof(out);
    ck_error err{};
    err.struct_size = sizeof(err);
    std::memset(err.message, 'x', sizeof err.message);  // a message without its NUL shows
    Answer a;
    a.status = module.api().call_hook(ctx != nullptr ? ctx : module.context(), expansion, hook, state, request, &out, &err);
    if (out.data != nullptr && out.size > 0) a.bytes.assign(out.data, out.data + out.size);
    if (out.release != nullptr) {
        out.release(&out);
        a.release_cleared = out.data == nullptr && out.release == nullptr;
    }
    a.error_code = err.code;
    const void* nul = std::memchr(err.message, '\0', sizeof err.message);
    a.message_terminated = nul != nullptr;
    if (!CK_SUCCEEDED(a.status))
        a.message.assign(err.message, a.message_terminated ? static_cast<const char*>(nul) - err.message : sizeof err.message);
    return a;
}

std::string response_problem(const Answer& a) {
    if (a.status != CK_OK) return {};
    if (a.bytes.empty())
        return "CK_OK with an empty response buffer (plugin.h: CK_OK comes with a HookResponse; say "
               "CK_NOTHING_TO_DO when there is nothing to report)";
    const std::string bad = host::check_buffer<fb::HookResponse>(a.bytes.data(), a.bytes.size(), "CKRS");
    if (!bad.empty()) return "CK_OK with a response that is no HookResponse: " + bad;
    return {};
}

std::string difference(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    return std::to_string(a.size()) + " bytes against " + std::to_string(b.size()) + "; they first differ at byte " +
           std::to_string(i);
}

std::string status_text(ck_status status) { return std::string(host::host_status_name(status)); }

}  // namespace ck::validate

// libFuzzer target: one hook (CK_FUZZ_HOOK, fixed per target; see
// CMakeLists.txt) of the shipped plugin module, called on every expansion of
// the module with arbitrary state and request bytes.
//
// The module's sources (expansions/module.cpp and the expansions' libraries)
// are linked into this program so that libFuzzer sees their coverage, but
// they are reached only the way a host reaches them: the C entry point
// ck_plugin_negotiate_v1, then the API table it returns.
//
// Input: a 4-byte little-endian length n, then n bytes of state (cut to what
// is there), then the request. Both are copied to 8-byte aligned memory, as
// the ABI asks of a host (docs/abi.md, section 6).
//
// What must hold, or the target aborts with a message: an expansion that
// claims the hook answers a known status; success gives a HookResponse that
// passes FlatBuffers verification (or nothing, for CK_NOTHING_TO_DO); any
// error leaves `out` empty and says why in `err`; an expansion that does not
// claim the hook refuses with CK_E_UNSUPPORTED_HOOK.
#include <cloisterkit/plugin.h>
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cloisterkit/schemas/hooks_generated.h>

#ifndef CK_FUZZ_HOOK
#error "define CK_FUZZ_HOOK to the hook id the target calls"
#endif

extern "C" ck_status ck_plugin_negotiate_v1(const ck_negotiate_in* in, ck_negotiate_out* out, ck_error* err);

namespace {

[[noreturn]] void fail(const char* what, long long value = 0) {
    std::fprintf(stderr, "module_hook_fuzzer (hook %d): %s (%lld)\n", CK_FUZZ_HOOK, what, value);
    std::abort();
}

struct Module {
    const ck_plugin_api* api = nullptr;
    ck_plugin_ctx* ctx = nullptr;
    uint32_t count = 0;
};

// Negotiated and created once, as a host does when it loads the module.
const Module& module() {
    static const Module m = [] {
        ck_negotiate_in in{};
        in.struct_size = sizeof in;
        in.abi_major = CK_ABI_MAJOR;
        in.abi_minor_min = 0;
        in.abi_minor_max = CK_ABI_MINOR;
        in.schema_min = 1;
        in.schema_max = CK_SCHEMA_REVISION;
        ck_negotiate_out out{};
        out.struct_size = sizeof out;
        ck_error err{};
        err.struct_size = sizeof err;
        if (ck_plugin_negotiate_v1(&in, &out, &err) != CK_OK || out.api == nullptr) fail("negotiation failed");
        Module r;
        r.api = out.api;
        ck_host_info host{};
        host.struct_size = sizeof host;
        host.host_name = "module_hook_fuzzer";
        host.host_version = "0";
        host.max_log_level = CK_LOG_OFF;
        if (r.api->create(&host, &r.ctx, &err) != CK_OK) fail("create failed");
        r.count = r.api->expansion_count(r.ctx);
        if (r.count == 0) fail("the module has no expansion");
        return r;
    }();
    return m;
}

std::vector<uint64_t> aligned_copy(const uint8_t* data, size_t size) {
    std::vector<uint64_t> words((size + 7) / 8 + 1, 0);
    if (size != 0) std::memcpy(words.data(), data, size);
    return words;
}

bool known_status(ck_status s) {
    return (s >= CK_E_NO_SUCH_EXPANSION && s <= CK_NOTHING_TO_DO) ||
           (s >= CK_E_EXPANSION_FIRST && s <= CK_E_EXPANSION_LAST);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const Module& m = module();
    uint32_t state_size = 0;
    if (size >= 4) {
        state_size = uint32_t(data[0]) | uint32_t(data[1]) << 8 | uint32_t(data[2]) << 16 | uint32_t(data[3]) << 24;
        data += 4;
        size -= 4;
    }
    if (state_size > size) state_size = static_cast<uint32_t>(size);
    const auto state_words = aligned_copy(data, state_size);
    const auto request_words = aligned_copy(data + state_size, size - state_size);
    const ck_bytes state{reinterpret_cast<const uint8_t*>(state_words.data()), state_size};
    const ck_bytes request{reinterpret_cast<const uint8_t*>(request_words.data()), size - state_size};

    for (uint32_t i = 0; i < m.count; ++i) {
        const ck_expansion_desc* desc = m.api->expansion_at(m.ctx, i);
        if (desc == nullptr) fail("expansion_at returned NULL", i);
        const bool claimed = (desc->hooks & CK_HOOK_BIT(CK_FUZZ_HOOK)) != 0;
        ck_buffer out{};
        out.struct_size = sizeof out;
        ck_error err{};
        err.struct_size = sizeof err;
        const ck_status s = m.api->call_hook(m.ctx, i, CK_FUZZ_HOOK, state, request, &out, &err);
        if (!known_status(s)) fail("unknown status", s);
        if (std::memchr(err.message, 0, sizeof err.message) == nullptr) fail("error message not terminated");
        if (!claimed) {
            if (s != CK_E_UNSUPPORTED_HOOK) fail("an unclaimed hook did not answer CK_E_UNSUPPORTED_HOOK", s);
        } else if (s == CK_OK) {
            if (out.data == nullptr || out.size == 0 || out.release == nullptr) fail("CK_OK without a response");
            flatbuffers::Verifier verifier(out.data, out.size);
            if (!flatbuffers::BufferHasIdentifier(out.data, "CKRS") ||
                !verifier.VerifyBuffer<ck::fb::HookResponse>("CKRS"))
                fail("a response fails verification", static_cast<long long>(out.size));
        } else if (s == CK_NOTHING_TO_DO) {
            if (out.size != 0) fail("CK_NOTHING_TO_DO with a response", static_cast<long long>(out.size));
        } else {
            if (out.data != nullptr || out.size != 0) fail("an error with a response", s);
            if (err.code != s || err.message[0] == '\0') fail("an error without its code or message", s);
        }
        if (out.release != nullptr) out.release(&out);
        if (out.data != nullptr || out.release != nullptr) fail("release left the buffer set");
    }
    return 0;
}

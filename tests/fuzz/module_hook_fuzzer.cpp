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
#include <cstring>

#include <cloisterkit/schemas/hooks_generated.h>

#include "fuzz_module.hpp"

#ifndef CK_FUZZ_HOOK
#error "define CK_FUZZ_HOOK to the hook id the target calls"
#endif

namespace {

using ck::fuzz::known_status;

[[noreturn]] void fail(const char* what, long long value = 0) {
    static char target[64];
    std::snprintf(target, sizeof target, "module_hook_fuzzer (hook %d)", CK_FUZZ_HOOK);
    ck::fuzz::fail(target, what, value);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const ck::fuzz::Module& m = ck::fuzz::module("module_hook_fuzzer");
    uint32_t state_size = ck::fuzz::take_u32(data, size);
    if (state_size > size) state_size = static_cast<uint32_t>(size);
    const ck::fuzz::AlignedBytes state_bytes(data, state_size), request_bytes(data + state_size, size - state_size);
    const ck_bytes state = state_bytes.view(), request = request_bytes.view();

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

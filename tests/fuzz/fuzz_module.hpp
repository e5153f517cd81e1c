// The shipped plugin module as a fuzz target reaches it: through the C
// entry point ck_plugin_negotiate_v1 and the API table it returns, with the
// module's sources linked into the target so that libFuzzer sees their
// coverage (tests/fuzz/CMakeLists.txt). Shared by the hook targets.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

extern "C" ck_status ck_plugin_negotiate_v1(const ck_negotiate_in* in, ck_negotiate_out* out, ck_error* err);

namespace ck::fuzz {

[[noreturn]] inline void fail(const char* target, const char* what, long long value = 0) {
    std::fprintf(stderr, "%s: %s (%lld)\n", target, what, value);
    std::abort();
}

struct Module {
    const ck_plugin_api* api = nullptr;
    ck_plugin_ctx* ctx = nullptr;
    uint32_t count = 0;
};

// Negotiated and created once, as a host does when it loads the module.
inline const Module& module(const char* target) {
    static const Module m = [target] {
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
        if (ck_plugin_negotiate_v1(&in, &out, &err) != CK_OK || out.api == nullptr) fail(target, "negotiation failed");
        Module r;
        r.api = out.api;
        ck_host_info host{};
        host.struct_size = sizeof host;
        host.host_name = target;
        host.host_version = "0";
        host.max_log_level = CK_LOG_OFF;
        if (r.api->create(&host, &r.ctx, &err) != CK_OK) fail(target, "create failed");
        r.count = r.api->expansion_count(r.ctx);
        if (r.count == 0) fail(target, "the module has no expansion");
        return r;
    }();
    return m;
}

// Bytes copied to 8-byte aligned memory, as the ABI asks of a host
// (docs/abi.md, section 6).
class AlignedBytes {
public:
    AlignedBytes(const uint8_t* data, size_t size) : words_((size + 7) / 8 + 1, 0), size_(size) {
        if (size != 0) std::memcpy(words_.data(), data, size);
    }
    uint8_t* data() { return reinterpret_cast<uint8_t*>(words_.data()); }
    size_t size() const { return size_; }
    ck_bytes view() const { return {reinterpret_cast<const uint8_t*>(words_.data()), size_}; }

private:
    std::vector<uint64_t> words_;
    size_t size_;
};

inline bool known_status(ck_status s) {
    return (s >= CK_E_SETUP_REFUSED && s <= CK_NOTHING_TO_DO) ||
           (s >= CK_E_EXPANSION_FIRST && s <= CK_E_EXPANSION_LAST);
}

// Reads a little-endian uint32 at data[0..4) when there are 4 bytes, and
// advances past it; 0 otherwise.
inline uint32_t take_u32(const uint8_t*& data, size_t& size) {
    if (size < 4) return 0;
    const uint32_t v = uint32_t(data[0]) | uint32_t(data[1]) << 8 | uint32_t(data[2]) << 16 | uint32_t(data[3]) << 24;
    data += 4;
    size -= 4;
    return v;
}

}  // namespace ck::fuzz

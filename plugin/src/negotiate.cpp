// ck_plugin_negotiate_v1: agree on an ABI minor and a schema revision.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string>

#include <cloisterkit/sdk/module.hpp>

#include "errors.hpp"

namespace ck::sdk::detail {
namespace {

struct Range {
    uint32_t min, max;
};

std::string describe(const Range& r) { return std::to_string(r.min) + ".." + std::to_string(r.max); }

// The highest value in both ranges, or false when they do not overlap.
bool highest_common(Range host, Range module, uint32_t& chosen) {
    const uint32_t lo = std::max(host.min, module.min);
    const uint32_t hi = std::min(host.max, module.max);
    if (lo > hi) return false;
    chosen = hi;
    return true;
}

std::string mismatch(const char* what, Range host, const ModuleDefinition& module, Range provided) {
    return std::string(what) + ": host accepts " + describe(host) + ", module '" + module.name + "' provides " +
           describe(provided);
}

constexpr size_t end_of_in_fields = offsetof(ck_negotiate_in, schema_max) + sizeof(uint32_t);
// A host must at least take the API table, or it cannot use the module.
constexpr size_t end_of_required_out = offsetof(ck_negotiate_out, api) + sizeof(const ck_plugin_api*);

}  // namespace

ck_status negotiate(const ModuleDefinition& module, const ck_plugin_api& api, const ck_negotiate_in* in,
                    ck_negotiate_out* out, ck_error* err) noexcept {
    return exception_barrier(err, [&]() -> ck_status {
        if (in == nullptr || out == nullptr) return fail(err, CK_E_INVALID_ARGUMENT, "negotiate: in and out must not be NULL");
        if (in->struct_size < end_of_in_fields)
            return fail(err, CK_E_INVALID_ARGUMENT,
                        "negotiate: in->struct_size is " + std::to_string(in->struct_size) + ", at least " +
                            std::to_string(end_of_in_fields) + " needed");
        if (out->struct_size < end_of_required_out)
            return fail(err, CK_E_INVALID_ARGUMENT,
                        "negotiate: out->struct_size is " + std::to_string(out->struct_size) + ", at least " +
                            std::to_string(end_of_required_out) + " needed (set it to sizeof(ck_negotiate_out))");
        if (in->abi_major != module.abi_major)
            return fail(err, CK_E_VERSION_MISMATCH,
                        "ABI major: host requests " + std::to_string(in->abi_major) + ", module '" + module.name +
                            "' implements " + std::to_string(module.abi_major));

        const Range host_minor{in->abi_minor_min, in->abi_minor_max};
        const Range module_minor{module.abi_minor_min, module.abi_minor_max};
        const Range host_schema{in->schema_min, in->schema_max};
        const Range module_schema{module.schema_min, module.schema_max};
        if (host_minor.min > host_minor.max || host_schema.min > host_schema.max)
            return fail(err, CK_E_INVALID_ARGUMENT,
                        "negotiate: empty range from host (ABI minor " + describe(host_minor) + ", schema revision " +
                            describe(host_schema) + ")");

        ck_negotiate_out chosen{};
        if (!highest_common(host_minor, module_minor, chosen.abi_minor))
            return fail(err, CK_E_VERSION_MISMATCH, mismatch("ABI minor", host_minor, module, module_minor));
        if (!highest_common(host_schema, module_schema, chosen.schema_revision))
            return fail(err, CK_E_VERSION_MISMATCH, mismatch("schema revision", host_schema, module, module_schema));

        chosen.struct_size = static_cast<uint32_t>(std::min<size_t>(out->struct_size, sizeof(ck_negotiate_out)));
        chosen.api = &api;
        chosen.module_name = module.name;
        chosen.module_version = module.version;
        // Never write past the capacity the host declared (an older host
        // has a shorter ck_negotiate_out).
        std::memcpy(out, &chosen, chosen.struct_size);
        clear_error(err);
        return CK_OK;
    });
}

}  // namespace ck::sdk::detail

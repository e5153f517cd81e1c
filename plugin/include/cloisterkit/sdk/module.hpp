// Turns a set of C++ expansions into a plugin module with the C ABI of
// abi/cloisterkit/plugin.h. In exactly one .cpp of the module write:
//
//     std::vector<std::unique_ptr<ck::sdk::Expansion>> make_expansions() { ... }
//     CK_SDK_DEFINE_MODULE("my-expansions", "1.0.0", make_expansions)
//
// The macro defines the one exported symbol, extern "C"
// ck_plugin_negotiate_v1; link the module with the version script the
// ck_add_plugin_module() CMake function passes so nothing else is exported.
// Everything behind the entry point (verification, dispatch, exception
// barrier, buffers, log forwarding) lives in the SDK library.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <memory>
#include <vector>

#include <cloisterkit/sdk/expansion.hpp>

namespace ck::sdk {

using ExpansionList = std::vector<std::unique_ptr<Expansion>>;
using ExpansionFactory = ExpansionList (*)();

// What a module is and which versions it speaks. The ranges are inclusive.
// Defaults: every ABI minor up to the one this SDK was built with (structs
// only grow, so older hosts are served by honouring their struct_size), and
// exactly the schema revision the SDK was compiled against.
struct ModuleDefinition {
    const char* name;     // UTF-8, static
    const char* version;  // "MAJOR.MINOR.PATCH", static
    ExpansionFactory factory;
    uint32_t abi_major = CK_ABI_MAJOR;
    uint32_t abi_minor_min = 0;
    uint32_t abi_minor_max = CK_ABI_MINOR;
    uint32_t schema_min = CK_SCHEMA_REVISION;
    uint32_t schema_max = CK_SCHEMA_REVISION;
};

namespace detail {

// The SDK side of the C ABI. All are noexcept: nothing crosses the boundary.
ck_status negotiate(const ModuleDefinition& module, const ck_plugin_api& api, const ck_negotiate_in* in,
                    ck_negotiate_out* out, ck_error* err) noexcept;
ck_status create(const ModuleDefinition& module, const ck_host_info* host, ck_plugin_ctx** out_ctx,
                 ck_error* err) noexcept;
void destroy(ck_plugin_ctx* ctx) noexcept;
uint32_t expansion_count(const ck_plugin_ctx* ctx) noexcept;
const ck_expansion_desc* expansion_at(const ck_plugin_ctx* ctx, uint32_t index) noexcept;
ck_status get_manifest(const ck_plugin_ctx* ctx, uint32_t expansion_index, ck_buffer* out,
                       ck_error* err) noexcept;
ck_status call_hook(const ck_plugin_ctx* ctx, uint32_t expansion_index, ck_hook_id hook, ck_bytes state,
                    ck_bytes request, ck_buffer* out, ck_error* err) noexcept;
const void* get_extension(const ck_plugin_ctx* ctx, const char* id) noexcept;
const char* status_name(ck_status status) noexcept;

// One API table per module definition: only create() needs to know which
// module it builds, the rest reads everything from the context. A template
// rather than a global keeps several modules linkable into one binary.
template <const ModuleDefinition& Module>
struct ModuleEntry {
    static ck_status create_context(const ck_host_info* host, ck_plugin_ctx** out_ctx, ck_error* err) noexcept {
        return detail::create(Module, host, out_ctx, err);
    }

    static constexpr ck_plugin_api api{
        sizeof(ck_plugin_api), &create_context, &detail::destroy,       &detail::expansion_count,
        &detail::expansion_at, &detail::get_manifest, &detail::call_hook, &detail::get_extension,
        &detail::status_name,
    };

    static ck_status negotiate(const ck_negotiate_in* in, ck_negotiate_out* out, ck_error* err) noexcept {
        return detail::negotiate(Module, api, in, out, err);
    }
};

}  // namespace detail
}  // namespace ck::sdk

// Defines the entry point ck_plugin_negotiate_v<abi_major>. Only tests use
// a major other than CK_ABI_MAJOR (to check that hosts refuse it); such a
// module also needs its own version script exporting that symbol.
#define CK_SDK_DEFINE_MODULE_FOR_ABI_MAJOR(abi_major, module_name, module_version, factory)                  \
    namespace {                                                                                              \
    constexpr ::ck::sdk::ModuleDefinition ck_sdk_module_definition{(module_name), (module_version), &factory, \
                                                                   (abi_major)};                             \
    }                                                                                                        \
    extern "C" CK_PLUGIN_EXPORT ck_status ck_plugin_negotiate_v##abi_major(                                  \
        const ck_negotiate_in* in, ck_negotiate_out* out, ck_error* err) {                                   \
        return ::ck::sdk::detail::ModuleEntry<ck_sdk_module_definition>::negotiate(in, out, err);            \
    }

// The normal case: a module for this SDK's ABI major (ck_plugin_negotiate_v1).
#define CK_SDK_DEFINE_MODULE(module_name, module_version, factory) \
    CK_SDK_DEFINE_MODULE_FOR_ABI_MAJOR(1, module_name, module_version, factory)

// A module that reads the schema revisions schema_min..schema_max (inclusive)
// instead of exactly CK_SCHEMA_REVISION: lower schema_min only when the
// expansions work without every field added after it (an older host sends
// older states, whose newer fields read as their defaults).
#define CK_SDK_DEFINE_MODULE_FOR_SCHEMAS(module_name, module_version, factory, schema_min, schema_max)              \
    namespace {                                                                                                   \
    constexpr ::ck::sdk::ModuleDefinition ck_sdk_module_definition{                                              \
        (module_name), (module_version), &factory, CK_ABI_MAJOR, 0, CK_ABI_MINOR, (schema_min), (schema_max)};   \
    }                                                                                                             \
    extern "C" CK_PLUGIN_EXPORT ck_status ck_plugin_negotiate_v1(const ck_negotiate_in* in, ck_negotiate_out* out, \
                                                                 ck_error* err) {                                 \
        return ::ck::sdk::detail::ModuleEntry<ck_sdk_module_definition>::negotiate(in, out, err);                 \
    }

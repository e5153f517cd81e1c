// create / destroy and the read-only queries on a module context.
#include "plugin_context.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>
#include <set>
#include <string>

#include "buffers.hpp"
#include "errors.hpp"
#include "host_log.hpp"
#include "manifest.hpp"

namespace ck::sdk::detail {
namespace {

// The struct_size rule: a field exists only if the host's struct covers it.
template <class Struct>
bool has_field(const Struct& s, size_t offset, size_t size) {
    return offset + size <= s.struct_size;
}
#define CK_HAS_FIELD(s, field) has_field((s), offsetof(std::remove_reference_t<decltype(s)>, field), sizeof((s).field))

// A copy of the host's info holding only the fields it actually provided.
ck_host_info read_host_info(const ck_host_info& host) {
    ck_host_info copy{};
    copy.struct_size = sizeof(ck_host_info);
    copy.max_log_level = CK_LOG_OFF;
    if (CK_HAS_FIELD(host, host_name)) copy.host_name = host.host_name;
    if (CK_HAS_FIELD(host, host_version)) copy.host_version = host.host_version;
    if (CK_HAS_FIELD(host, host_data)) copy.host_data = host.host_data;
    if (CK_HAS_FIELD(host, log)) copy.log = host.log;
    if (CK_HAS_FIELD(host, max_log_level)) copy.max_log_level = host.max_log_level;
    if (CK_HAS_FIELD(host, capabilities)) copy.capabilities = host.capabilities;
    return copy;
}

// What the host lists in ck_host_info.capabilities (at most 64 read: a
// list without its NULL is the host's bug, not a reason to read on).
std::vector<std::string> capabilities_of(const ck_host_info& host) {
    std::vector<std::string> out;
    if (host.capabilities == nullptr) return out;
    for (size_t i = 0; i < 64 && host.capabilities[i] != nullptr; ++i) out.emplace_back(host.capabilities[i]);
    return out;
}

// An expansion that needs a capability the host does not list is refused
// at create, naming what is missing and what the host offers.
void check_host_capabilities(const ExpansionInfo& info, const ck_host_info& host,
                             const std::vector<std::string>& listed) {
    for (const std::string& needed : info.host_capabilities) {
        if (std::find(listed.begin(), listed.end(), needed) != listed.end()) continue;
        const std::string head = "expansion '" + info.id + "' needs the host capability \"" + needed +
                                 "\", which host '" + (host.host_name != nullptr ? host.host_name : "(unnamed)") +
                                 "' does not list (it lists ";
        // The list as far as it fits the error's message, whole names only,
        // then how many more: what is missing must never be cut off.
        std::string offered;
        size_t shown = 0;
        for (const std::string& c : listed) {
            const std::string more = ", " + std::to_string(listed.size() - shown - 1) + " more";
            const std::string next = (offered.empty() ? "" : ", ") + c;
            if (head.size() + offered.size() + next.size() + more.size() + 1 >= CK_ERROR_MESSAGE_CAPACITY) break;
            offered += next;
            ++shown;
        }
        if (shown < listed.size()) offered += (offered.empty() ? "" : ", ") + std::to_string(listed.size() - shown) + " more";
        throw StatusError(CK_E_VERSION_MISMATCH, head + (listed.empty() ? "none" : offered) + ")");
    }
}
#undef CK_HAS_FIELD

// Checks what an expansion says about itself: the host relies on ids being
// unique and on hook bits being ones it can know.
void check_info(const ExpansionInfo& info, size_t index, const std::set<std::string>& seen) {
    const std::string where = "expansion #" + std::to_string(index) + " ('" + info.id + "')";
    if (info.id.empty()) throw StatusError(CK_E_INTERNAL, "expansion #" + std::to_string(index) + " has an empty id");
    if (seen.count(info.id) != 0) throw StatusError(CK_E_INTERNAL, where + ": id used twice in this module");
    if (info.hooks >> CK_HOOK_COUNT != 0)
        throw StatusError(CK_E_INTERNAL, where + ": hooks mask sets bits above CK_HOOK_COUNT (" +
                                             std::to_string(CK_HOOK_COUNT) + ")");
}

// info().hooks against the overrides make_expansion<T>() saw: a declared
// hook without its method would throw on every call, an override without
// its bit would never be called. Either is refused here, when the module
// is created, naming each mismatch.
void check_hooks_match_overrides(const ExpansionInfo& info, uint64_t overridden, size_t index) {
    // Walks the differing bits. (Comparing two bools per hook instead was
    // miscompiled by GCC 12.2 at -O2: every declared hook was reported.)
    const uint64_t differing = info.hooks ^ overridden;
    std::string mismatches;
    for (ck_hook_id hook = 0; hook < CK_HOOK_COUNT; ++hook) {
        const uint64_t bit = CK_HOOK_BIT(hook);
        if ((differing & bit) == 0) continue;
        if (!mismatches.empty()) mismatches += "; ";
        if ((info.hooks & bit) != 0)
            mismatches += "declares hook " + std::to_string(hook) + " but does not override " +
                          hook_method_name(hook) + "()";
        else
            mismatches += std::string("overrides ") + hook_method_name(hook) + "() but hook " + std::to_string(hook) +
                          "'s bit is not in info().hooks, so it is never called";
    }
    if (!mismatches.empty())
        throw StatusError(CK_E_INTERNAL, "expansion #" + std::to_string(index) + " ('" + info.id + "'): " +
                                             mismatches +
                                             " (set info().hooks = ck::sdk::hooks_overridden_by<T>())");
}

std::unique_ptr<LoadedExpansion> load(std::unique_ptr<Expansion> expansion, const ck_host_info& host) {
    auto loaded = std::make_unique<LoadedExpansion>();
    loaded->info = expansion->info();
    loaded->expansion = std::move(expansion);
    const ExpansionInfo& info = loaded->info;
    for (const std::string& id : info.requires_ids) loaded->requires_ptrs.push_back(id.c_str());
    loaded->requires_ptrs.push_back(nullptr);
    loaded->desc.struct_size = sizeof(ck_expansion_desc);
    loaded->desc.id = info.id.c_str();
    loaded->desc.name = info.name.c_str();
    loaded->desc.version = info.version.c_str();
    loaded->desc.hooks = info.hooks;
    loaded->desc.requires_ids = loaded->requires_ptrs.data();
    loaded->manifest = build_manifest(info);
    loaded->log = make_host_log(info.id, host);
    return loaded;
}

const LoadedExpansion* find(const ck_plugin_ctx* ctx, uint32_t index) {
    if (ctx == nullptr || index >= ctx->expansions.size()) return nullptr;
    return ctx->expansions[index].get();
}

}  // namespace

ck_status create(const ModuleDefinition& module, const ck_host_info* host, ck_plugin_ctx** out_ctx,
                 ck_error* err) noexcept {
    return exception_barrier(err, [&]() -> ck_status {
        if (out_ctx == nullptr) return fail(err, CK_E_INVALID_ARGUMENT, "create: out_ctx must not be NULL");
        *out_ctx = nullptr;
        if (host == nullptr) return fail(err, CK_E_INVALID_ARGUMENT, "create: host must not be NULL");
        const ck_host_info host_info = read_host_info(*host);
        const std::vector<std::string> capabilities = capabilities_of(host_info);

        auto ctx = std::make_unique<ck_plugin_ctx>();
        ctx->module = &module;
        std::set<std::string> seen;
        ExpansionList made = module.factory();
        for (size_t i = 0; i < made.size(); ++i) {
            if (!made[i]) throw StatusError(CK_E_INTERNAL, "expansion #" + std::to_string(i) + " is NULL");
            auto loaded = load(std::move(made[i]), host_info);
            check_info(loaded->info, i, seen);
            if (auto overridden = loaded->expansion->overridden_hooks())
                check_hooks_match_overrides(loaded->info, *overridden, i);
            check_host_capabilities(loaded->info, host_info, capabilities);
            seen.insert(loaded->info.id);
            ctx->expansions.push_back(std::move(loaded));
        }
        *out_ctx = ctx.release();
        clear_error(err);
        return CK_OK;
    });
}

void destroy(ck_plugin_ctx* ctx) noexcept { delete ctx; }

uint32_t expansion_count(const ck_plugin_ctx* ctx) noexcept {
    return ctx == nullptr ? 0 : static_cast<uint32_t>(ctx->expansions.size());
}

const ck_expansion_desc* expansion_at(const ck_plugin_ctx* ctx, uint32_t index) noexcept {
    const LoadedExpansion* e = find(ctx, index);
    return e == nullptr ? nullptr : &e->desc;
}

ck_status get_manifest(const ck_plugin_ctx* ctx, uint32_t expansion_index, ck_buffer* out, ck_error* err) noexcept {
    return exception_barrier(err, [&]() -> ck_status {
        if (ctx == nullptr || out == nullptr)
            return fail(err, CK_E_INVALID_ARGUMENT, "get_manifest: ctx and out must not be NULL");
        reset_buffer(out);
        const LoadedExpansion* e = find(ctx, expansion_index);
        if (e == nullptr)
            return fail(err, CK_E_NO_SUCH_EXPANSION,
                        "get_manifest: expansion index " + std::to_string(expansion_index) +
                            " out of range (module has " + std::to_string(ctx->expansions.size()) + ")");
        lend(e->manifest, out);
        clear_error(err);
        return CK_OK;
    });
}

// No extension interfaces exist yet in ABI 1.0; hosts must cope with NULL.
const void* get_extension(const ck_plugin_ctx* ctx, const char* id) noexcept {
    (void)ctx;
    (void)id;
    return nullptr;
}

}  // namespace ck::sdk::detail

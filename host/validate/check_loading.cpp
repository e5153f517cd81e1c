// The checks of what a module is before any game: the symbols it exports,
// how it negotiates versions, and what its descriptors and manifests
// declare.
#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstring>
#include <map>
#include <regex>
#include <set>

#include "check.hpp"
#include "child_process.hpp"
#include "module_calls.hpp"
#include "core/limits.hpp"
#include "exported_symbols.hpp"
#include "plugins/hook_names.hpp"
#include "plugins/module_loader.hpp"
#include "plugins/plugin_expansion.hpp"
#include "plugins/rule_options.hpp"

namespace ck::validate {
namespace {

std::string join(const std::vector<std::string>& items, size_t max = 8) {
    std::string out;
    for (size_t i = 0; i < items.size() && i < max; ++i) out += (i ? ", " : "") + items[i];
    if (items.size() > max) out += " and " + std::to_string(items.size() - max) + " more";
    return out;
}

bool is_semantic_version(const std::string& v) {
    static const std::regex semver(R"(^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$)");
    return std::regex_match(v, semver);
}

}  // namespace

CheckResult check_exports(CheckSubject& s) {
    const ExportedSymbols symbols = exported_symbols(s.options.module);
    if (!symbols.error.empty()) return CheckResult::fail("cannot read the module's symbols: " + symbols.error);
    std::vector<std::string> extra;
    bool entry = false;
    for (const auto& name : symbols.functions_and_data) {
        if (name == CK_PLUGIN_ENTRY_SYMBOL)
            entry = true;
        else
            extra.push_back(name);
    }
    CheckResult r;
    r.details["exported"] = symbols.functions_and_data;
    if (!entry) return CheckResult::fail("the module does not export " CK_PLUGIN_ENTRY_SYMBOL ": no host can load it");
    if (!extra.empty()) {
        r = CheckResult::fail("the module exports " + std::to_string(extra.size()) + " symbol" +
                              (extra.size() == 1 ? "" : "s") + " besides " CK_PLUGIN_ENTRY_SYMBOL ": " + join(extra) +
                              ". Everything else must stay hidden (a clash with the host or another module "
                              "otherwise); link with the SDK's version script, as ck_add_plugin_module() does");
        r.details["extra"] = extra;
        return r;
    }
    return CheckResult::pass("exports " CK_PLUGIN_ENTRY_SYMBOL " and nothing else");
}

// ------------------------------------------------------------ negotiation

CheckResult check_negotiation(CheckSubject& s) {
    void* handle = dlopen(s.options.module.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) return CheckResult::fail(std::string("dlopen failed: ") + dlerror());
    const auto fn = reinterpret_cast<ck_plugin_negotiate_v1_fn>(dlsym(handle, CK_PLUGIN_ENTRY_SYMBOL));
    if (fn == nullptr) return CheckResult::fail("no " CK_PLUGIN_ENTRY_SYMBOL " to call");
    std::vector<std::string> problems;
    const auto host_in = [](uint32_t minor_min, uint32_t minor_max, uint32_t schema_min, uint32_t schema_max) {
        ck_negotiate_in in{};
        in.struct_size = sizeof(in);
        in.abi_major = CK_ABI_MAJOR;
        in.abi_minor_min = minor_min, in.abi_minor_max = minor_max;
        in.schema_min = schema_min, in.schema_max = schema_max;
        return in;
    };
    const auto fresh_error = [] {
        ck_error e{};
        e.struct_size = sizeof(e);
        std::memset(e.message, 'x', sizeof e.message);
        return e;
    };
    const auto message_of = [](const ck_error& e) {
        const void* nul = std::memchr(e.message, '\0', sizeof e.message);
        return nul == nullptr ? std::string() : std::string(e.message);
    };

    // 1. This host's ranges: a choice inside them.
    s.channel.progress("negotiating with this host's ranges");
    ck_negotiate_in in = host_in(0, CK_ABI_MINOR, CK_SCHEMA_REVISION_MIN, CK_SCHEMA_REVISION);
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ck_error err = fresh_error();
    const ck_status status = fn(&in, &out, &err);
    CheckResult r;
    if (!CK_SUCCEEDED(status))
        return CheckResult::fail("refuses this host (ABI 1.0..1." + std::to_string(CK_ABI_MINOR) + ", schema revisions " +
                                 std::to_string(CK_SCHEMA_REVISION_MIN) + ".." + std::to_string(CK_SCHEMA_REVISION) +
                                 ") with " + status_text(status) + ": " + message_of(err));
    if (out.api == nullptr) return CheckResult::fail("negotiation succeeded but gave no API table");
    if (out.abi_minor > CK_ABI_MINOR || out.schema_revision < CK_SCHEMA_REVISION_MIN ||
        out.schema_revision > CK_SCHEMA_REVISION)
        problems.push_back("chose ABI 1." + std::to_string(out.abi_minor) + ", schema revision " +
                           std::to_string(out.schema_revision) + ", outside what the host offered");
    r.details["abi_minor"] = out.abi_minor;
    r.details["schema_revision"] = out.schema_revision;
    r.details["module"] = out.module_name != nullptr ? out.module_name : "";
    r.details["version"] = out.module_version != nullptr ? out.module_version : "";
    if (out.module_name == nullptr || out.module_name[0] == '\0') problems.push_back("the module has no name");
    if (out.module_version == nullptr || !is_semantic_version(out.module_version))
        problems.push_back(std::string("module version \"") + (out.module_version ? out.module_version : "(null)") +
                           "\" is not a semantic version MAJOR.MINOR.PATCH");
    if (out.api->struct_size < offsetof(ck_plugin_api, status_name) + sizeof(out.api->status_name))
        problems.push_back("the API table's struct_size " + std::to_string(out.api->struct_size) +
                           " is smaller than ABI 1.0's table");

    // 2. Ranges it cannot serve: a refusal that names both sides.
    const struct {
        const char* what;
        ck_negotiate_in in;
    } impossible[] = {
        {"ABI minors 1.90..1.99", host_in(90, 99, CK_SCHEMA_REVISION_MIN, CK_SCHEMA_REVISION)},
        {"schema revisions 90..99", host_in(0, CK_ABI_MINOR, 90, 99)},
    };
    for (const auto& [what, in2] : impossible) {
        s.channel.progress(std::string("negotiating with a host of ") + what);
        ck_negotiate_out o{};
        o.struct_size = sizeof(o);
        ck_error e = fresh_error();
        const ck_status st = fn(&in2, &o, &e);
        const std::string m = message_of(e);
        if (st != CK_E_VERSION_MISMATCH)
            problems.push_back(std::string("a host of ") + what + " got " + status_text(st) + ", not CK_E_VERSION_MISMATCH");
        else if (m.find("90") == std::string::npos || m.find("99") == std::string::npos)
            problems.push_back(std::string("the refusal of a host of ") + what + " does not name the host's range: \"" + m +
                               "\" (name both sides' ranges, so users see which to upgrade)");
    }
    // 3. Another ABI major behind this symbol: refused.
    {
        ck_negotiate_in in2 = in;
        in2.abi_major = CK_ABI_MAJOR + 1;
        ck_negotiate_out o{};
        o.struct_size = sizeof(o);
        ck_error e = fresh_error();
        if (CK_SUCCEEDED(fn(&in2, &o, &e))) problems.push_back("accepts ABI major 2 through " CK_PLUGIN_ENTRY_SYMBOL);
    }
    // 4. A host whose ck_negotiate_out ends after `api` (ABI 1.0 hosts
    // could be that small): nothing written past its struct_size.
    {
        struct {
            ck_negotiate_out out;
            unsigned char guard[64];
        } small;
        std::memset(&small, 0xAB, sizeof small);
        const size_t end = offsetof(ck_negotiate_out, api) + sizeof(small.out.api);
        small.out.struct_size = static_cast<uint32_t>(end);
        ck_error e = fresh_error();
        if (CK_SUCCEEDED(fn(&in, &small.out, &e))) {
            const auto* bytes = reinterpret_cast<const unsigned char*>(&small);
            for (size_t i = end; i < sizeof small; ++i)
                if (bytes[i] != 0xAB) {
                    problems.push_back("writes byte " + std::to_string(i) + " of ck_negotiate_out though the host's "
                                       "struct_size is " + std::to_string(end) + " (write only up to struct_size)");
                    break;
                }
        } else {
            problems.push_back("refuses a host whose ck_negotiate_out ends after api");
        }
    }
    // 5. NULL arguments: an error, not a crash; err may be NULL.
    s.channel.progress("negotiating with NULL arguments");
    if (CK_SUCCEEDED(fn(nullptr, &out, nullptr))) problems.push_back("negotiate(NULL, out, NULL) succeeded");
    if (CK_SUCCEEDED(fn(&in, nullptr, nullptr))) problems.push_back("negotiate(in, NULL, NULL) succeeded");

    if (!problems.empty()) {
        r.verdict = Verdict::Fail;
        r.message = join(problems, 10);
        r.details["problems"] = problems;
        return r;
    }
    r.message = "chose ABI 1." + std::to_string(out.abi_minor) + " and schema revision " +
                std::to_string(out.schema_revision) + "; refused ranges it cannot serve, naming them";
    return r;
}

// --------------------------------------------------------------- manifest

CheckResult check_manifest(CheckSubject& s) {
    std::vector<std::string> problems;
    const auto problem = [&](const host::PluginExpansion& e, const std::string& text) {
        problems.push_back("'" + e.id + "': " + text);
    };
    static const std::regex id_form(R"(^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$)");
    std::set<std::string> token_kinds, figure_kinds;
    for (const host::PluginExpansion& e : s.module->expansions()) {
        if (!std::regex_match(e.id, id_form))
            problem(e, "the id is not of the form owner.expansion-name (lower case, digits, '-' and '.'): ids are "
                       "stable forever and name the expansion in saves");
        if (e.id.size() > host::limits::kMaxIdBytes) problem(e, "the id is longer than " + std::to_string(host::limits::kMaxIdBytes) + " bytes");
        if (e.name.empty()) problem(e, "the name is empty");
        if (e.name.size() > host::limits::kMaxIdBytes) problem(e, "the name is longer than " + std::to_string(host::limits::kMaxIdBytes) + " bytes");
        if (!is_semantic_version(e.version)) problem(e, "version \"" + e.version + "\" is not MAJOR.MINOR.PATCH");
        if ((e.hooks >> CK_HOOK_COUNT) != 0)
            problem(e, "the hooks mask has bits this host knows no hook for (" + std::to_string(e.hooks >> CK_HOOK_COUNT << CK_HOOK_COUNT) + ")");

        // Option keys: "<namespace>.<name>", the namespace the expansion's
        // short name in camel case, so no two expansions' keys meet.
        std::set<std::string> keys;
        for (const auto& o : e.rule_options) {
            if (const std::string bad = host::option_key_problem(e, o.key); !bad.empty()) problem(e, bad);
            if (!keys.insert(o.key).second) problem(e, "option key '" + o.key + "' is declared twice");
            if (o.key.size() > host::limits::kMaxIdBytes) problem(e, "option key '" + o.key.substr(0, 40) + "…' is too long");
            std::set<std::string> values(o.allowed.begin(), o.allowed.end());
            if (values.size() != o.allowed.size()) problem(e, "option '" + o.key + "' lists a value twice");
            if (const std::string bad = host::rule_value_problem(o, o.default_value); !bad.empty())
                problem(e, "option '" + o.key + "' has a default its own declaration refuses: " + bad);
            if (o.description.empty()) problem(e, "option '" + o.key + "' has no description (the host shows it in `plugins`)");
        }
        const auto value_ok = [&](const std::string& key, const std::string& value) {
            for (const auto& o : e.rule_options)
                if (o.key == key) return host::rule_value_problem(o, value).empty();
            return false;
        };
        for (const auto& a : e.jcz_rule_aliases)
            if (!value_ok(a.key, a.value))
                problem(e, "JCloisterZone alias " + a.jcz_key + "=" + a.jcz_value + " sets " + a.key + "=" + a.value +
                               ", which is no declared option value");
        for (const auto& p : e.rule_presets) {
            if (!value_ok(p.key, p.value)) problem(e, "preset " + p.key + "=" + p.value + " is no declared option value");
            for (const auto& [k, v] : p.sets)
                if (!value_ok(k, v)) problem(e, "preset " + p.key + "=" + p.value + " sets " + k + "=" + v + ", which is no declared option value");
        }
        for (const auto& t : e.token_kinds) {
            if (t.kind.empty()) problem(e, "a token kind has an empty name");
            else if (!token_kinds.insert(t.kind).second)
                problem(e, "token kind '" + t.kind + "' is declared twice in the module: the host could not tell whose a placed token is");
            if (t.count < 0) problem(e, "token kind '" + t.kind + "' has a negative count");
        }
        for (const auto& k : e.figure_kinds)
            if (!figure_kinds.insert(k.id).second) problem(e, "figure kind '" + k.id + "' is declared twice in the module");
        for (const auto& f : e.hook_filters) {
            if (!e.has_hook(f.hook))
                problem(e, "a hook filter names hook " + host::hook_name(f.hook) + ", which the expansion does not implement");
            if (f.filter == fb::HookFilter::RuleIs && !keys.count(f.rule_key))
                problem(e, "a RuleIs filter reads option '" + f.rule_key + "', which the expansion does not declare");
            // A filter naming what the expansion does not declare would
            // never hold (or hold only by another's declaration): its hook
            // would go silent.
            const auto declares = [&](const auto& list, auto name_of) {
                return std::any_of(list.begin(), list.end(), [&](const auto& x) { return name_of(x) == f.name; });
            };
            if (f.filter == fb::HookFilter::TileHasMarker &&
                !declares(e.tile_markers, [](const host::TileMarker& m) { return m.name; }))
                problem(e, "a TileHasMarker filter names tile marker '" + f.name + "', which the expansion does not declare");
            if (f.filter == fb::HookFilter::NeutralFigureBesideActivePlayer &&
                !declares(e.neutral_figures, [](const host::NeutralFigureKind& n) { return n.name; }))
                problem(e, "a NeutralFigureBesideActivePlayer filter names neutral figure '" + f.name +
                               "', which the expansion does not declare");
            for (const auto kind_filter :
                 {fb::HookFilter::ActivePlayerHasFigureOnBoard, fb::HookFilter::FeatureHoldsFigureOfKind})
                if (f.filter == kind_filter &&
                    !declares(e.figure_kinds, [](const host::FigureKind& k) { return k.id; }))
                    problem(e, std::string("the filter ") + fb::EnumNameHookFilter(kind_filter) + " names figure kind '" +
                                   f.name + "', which the expansion does not declare");
            if (f.filter == fb::HookFilter::TileHasOwnValue && e.tile_values.empty())
                problem(e, "a TileHasOwnValue filter, but the expansion declares no tile value: it never holds");
        }
        if (e.description.size() > 64 * 1024) problem(e, "the description is longer than 64 KiB");
    }
    CheckResult r;
    r.details["expansions"] = s.module->expansions().size();
    if (!problems.empty()) {
        r.verdict = Verdict::Fail;
        r.message = join(problems, 10);
        r.details["problems"] = problems;
        return r;
    }
    r.message = std::to_string(s.module->expansions().size()) +
                " expansion(s): descriptors and manifests verify; ids, versions, option keys and values, token and "
                "figure kinds and hook filters are consistent";
    return r;
}

}  // namespace ck::validate

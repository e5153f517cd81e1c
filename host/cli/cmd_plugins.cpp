// `cloisterkit plugins`: every plugin module on the search path, what it
// provides, and why a module that failed could not be loaded.
#include <nlohmann/json.hpp>
#include <spdlog/logger.h>
#include <spdlog/sinks/stdout_color_sinks.h>

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "command.hpp"
#include "core/errors.hpp"
#include "core/location_names.hpp"
#include "plugins/hook_names.hpp"
#include "plugins/plugin_registry.hpp"
#include "plugins/rule_options.hpp"

namespace {

using ck::host::ModuleRecord;
using ck::host::PluginExpansion;
using ck::host::PluginRegistry;

constexpr const char* kUsage =
    "usage: cloisterkit plugins [--plugin-path DIR]... [--json]\n"
    "\n"
    "Lists every plugin module found on the plugin search path: its file, name,\n"
    "version, ABI and schema versions, and each expansion's id, short name,\n"
    "version, hooks and rule options. A module that cannot be loaded is listed\n"
    "with the reason.\n"
    "\n"
    "Search order: each --plugin-path DIR (in order), then the directories in\n"
    "CLOISTERKIT_PLUGIN_PATH (colon-separated, absolute only), then the build\n"
    "tree's plugin folder (only for the uninstalled program run from that build\n"
    "tree's bin/) and the installed one. Never the current directory.\n"
    "\n"
    "options:\n"
    "  --plugin-path DIR  search DIR first (repeatable)\n"
    "  --json             print one JSON object instead of text\n"
    "  --help             show this text\n";

std::string quoted_list(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
    return out;
}

std::vector<std::string> feature_kind_names(const std::vector<ck::host::FeatureKind>& kinds) {
    std::vector<std::string> out;
    for (const auto k : kinds) out.emplace_back(ck::host::feature_kind_name(k));
    return out;
}

void print_expansion(const PluginExpansion& e) {
    std::printf("    expansion %s\n", e.id.c_str());
    std::printf("      name:       %s %s\n", e.name.c_str(), e.version.c_str());
    std::printf("      short name: %s\n", e.short_name().c_str());
    if (!e.description.empty()) std::printf("      about:      %s\n", e.description.c_str());
    std::printf("      hooks:      %s\n", ck::host::hook_list(e.hooks).c_str());
    std::printf("      requires:   %s\n", e.requires_ids.empty() ? "(nothing)" : quoted_list(e.requires_ids).c_str());
    if (e.rule_options.empty()) std::printf("      rule options: (none)\n");
    else std::printf("      rule options:\n");
    for (const auto& o : e.rule_options) {
        std::printf("        %s (default %s", o.key.c_str(), o.default_value.c_str());
        if (!o.allowed.empty()) std::printf("; one of %s", quoted_list(o.allowed).c_str());
        else if (o.value_type != ck::host::RuleValueType::Text)
            std::printf("; %s", ck::host::allowed_values_text(o).c_str());
        if (!o.jcz_element.empty()) std::printf("; JCZ element \"%s\"", o.jcz_element.c_str());
        std::printf(")%s%s\n", o.description.empty() ? "" : ": ", o.description.c_str());
    }
    for (const auto& o : e.rule_options)
        if (const std::string problem = ck::host::option_key_problem(e, o.key); !problem.empty())
            std::printf("      warning:    %s\n", problem.c_str());
    for (const auto& p : e.rule_presets) {
        std::string sets;
        for (const auto& [k, v] : p.sets) sets += (sets.empty() ? "" : ", ") + k + "=" + v;
        std::printf("      preset:     %s=%s sets %s\n", p.key.c_str(), p.value.c_str(), sets.c_str());
    }
    for (const auto& t : e.token_kinds)
        std::printf("      token:      %s (%s) x%d%s\n", t.kind.c_str(), t.name.c_str(), t.count,
                    t.instead_of_figure ? ", placed instead of a figure (declared: the host offers it)" : "");
    if (e.hand_play.declared)
        std::printf("      hand play:  %s \"%s\", instead of drawing (declared: the host offers the hand)\n",
                    e.hand_play.action.c_str(), e.hand_play.label.c_str());
    for (const auto& f : e.figure_kinds) {
        const std::string returned = f.returnable ? ", may be taken back (" + f.jcz_return_source + ")" : "";
        const char* joins = f.joins_own_follower ? ", only beside its owner's follower" : "";
        const std::string count = f.count_rule.empty() ? "" : " (rule " + f.count_rule + " sets it)";
        std::printf("      figure:     %s (%s) x%d per player%s, stands on %s, strength %d%s%s%s, JCZ meeple ids 0.%s.1\n",
                    f.id.c_str(), f.name.c_str(), f.count, count.c_str(), quoted_list(feature_kind_names(f.stands_on)).c_str(),
                    f.strength, f.tile_just_placed ? ", on the tile just placed" : ", on any tile", joins,
                    returned.c_str(), f.jcz_type.c_str());
    }
    for (const auto& a : e.segment_attributes)
        std::printf("      attribute:  %s=\"true\" on %s segments of tile files (\"%s\")\n", a.name.c_str(),
                    feature_kind_names({a.kind}).front().c_str(), a.label.c_str());
    for (const auto& d : e.deck_tile_sets) {
        std::string values;
        for (const auto& v : d.rule_values) values += (values.empty() ? "" : " or ") + v;
        std::printf("      deck:       tile set %s x%d%s%s%s%s\n", d.tile_set.c_str(), d.count,
                    d.with_expansion.empty() ? "" : (" with " + d.with_expansion).c_str(),
                    d.without_expansion.empty() ? "" : (" without " + d.without_expansion).c_str(),
                    d.rule_key.empty() ? "" : (" when " + d.rule_key + " is " + values).c_str(),
                    d.enabled_by_save ? "; a save with it enables the expansion" : "");
    }
    for (const auto& n : e.neutral_figures)
        std::printf("      neutral:    %s (\"%s\"), JCZ figure id %s\n", n.name.c_str(), n.label.c_str(), n.jcz_id.c_str());
    for (const auto& m : e.tile_markers)
        std::printf("      marker:     <%s/> in tiles of tile files (\"%s\")\n", m.name.c_str(), m.label.c_str());
    for (const auto& h : e.held_back_tiles)
        std::printf("      held back:  tiles with <%s/> are not drawn until a tile with <%s/> is placed\n", h.held.c_str(),
                    h.until_placed.c_str());
    for (const auto& t : e.start_tiles)
        std::printf("      start:      %s at (%d,%d) R%d instead of the base game's start tile%s%s\n", t.tile_id.c_str(),
                    t.x, t.y, t.rotation * 90, t.with_expansion.empty() ? "" : (" with " + t.with_expansion).c_str(),
                    t.without_expansion.empty() ? "" : (" without " + t.without_expansion).c_str());
    for (const auto& v : e.tile_values)
        std::printf("      value:      %s of <%s> in tile files\n", v.attribute.c_str(), v.element.c_str());
    for (const auto& g : e.tile_groups)
        std::printf("      group:      tiles of <tile group=\"%s\">%s%s\n", g.group.c_str(),
                    g.leaves_pack ? " leave the pack at the start" : "",
                    g.successor.empty() ? "" : (" are drawn before group " + g.successor).c_str());
    for (const auto& k : e.edge_kinds)
        std::printf("      edge kind:  the sides <%s> lists in tile files meet only each other (\"%s\")\n",
                    k.element.c_str(), k.label.c_str());
}

void print_text(const PluginRegistry& registry) {
    std::printf("plugin search path:\n");
    if (registry.search_path().empty()) std::printf("  (no plugin directory exists)\n");
    for (const auto& d : registry.search_path())
        std::printf("  %s  [%s]\n", d.dir.c_str(), std::string(ck::host::search_origin_name(d.origin)).c_str());
    for (const auto& w : registry.warnings()) std::printf("  warning: %s\n", w.c_str());
    for (const auto& w : registry.short_name_clashes()) std::printf("  warning: %s\n", w.c_str());

    std::printf("\n");
    if (registry.modules().empty()) std::printf("no plugin modules found\n");
    for (const ModuleRecord& r : registry.modules()) {
        std::printf("module %s\n", r.path.c_str());
        std::printf("  status: %s", std::string(ck::host::module_status_name(r.status)).c_str());
        if (r.module == nullptr) {
            std::printf(": %s\n\n", r.reason.c_str());
            continue;
        }
        const auto& m = *r.module;
        std::printf("\n  module: %s %s\n", m.name().c_str(), m.version().c_str());
        std::printf("  ABI:    %d.%u    schema revision: %u\n", CK_ABI_MAJOR, m.abi_minor(), m.schema_revision());
        for (const auto& e : m.expansions())
            if (!registry.is_refused(e)) print_expansion(e);
        for (const auto& [id, why] : r.refused) std::printf("    expansion %s %s\n", id.c_str(), why.c_str());
        std::printf("\n");
    }
}

nlohmann::json expansion_json(const PluginExpansion& e) {
    nlohmann::json hooks = nlohmann::json::array();
    for (ck_hook_id h = 0; h < 64; ++h)
        if (e.has_hook(h)) hooks.push_back(ck::host::hook_name(h));
    nlohmann::json options = nlohmann::json::array();
    nlohmann::json warnings = nlohmann::json::array();
    for (const auto& o : e.rule_options) {
        nlohmann::json option{{"key", o.key},
                              {"default", o.default_value},
                              {"allowed", o.allowed},
                              {"description", o.description},
                              {"type", ck::host::rule_value_type_name(o.value_type)}};
        if (o.value_type == ck::host::RuleValueType::Integer) option["min"] = o.int_min, option["max"] = o.int_max;
        if (!o.jcz_element.empty()) option["jcz_element"] = o.jcz_element;
        options.push_back(std::move(option));
        if (const std::string problem = ck::host::option_key_problem(e, o.key); !problem.empty())
            warnings.push_back(problem);
    }
    nlohmann::json tokens = nlohmann::json::array();
    for (const auto& t : e.token_kinds)
        tokens.push_back({{"kind", t.kind}, {"name", t.name}, {"count", t.count}, {"instead_of_figure", t.instead_of_figure}});
    const nlohmann::json hand_play =
        e.hand_play.declared ? nlohmann::json{{"action", e.hand_play.action}, {"label", e.hand_play.label}} : nlohmann::json();
    nlohmann::json presets = nlohmann::json::array();
    for (const auto& p : e.rule_presets) {
        nlohmann::json sets = nlohmann::json::object();
        for (const auto& [k, v] : p.sets) sets[k] = v;
        presets.push_back({{"key", p.key}, {"value", p.value}, {"sets", sets}});
    }
    nlohmann::json figures = nlohmann::json::array();
    for (const auto& f : e.figure_kinds)
        figures.push_back({{"id", f.id}, {"name", f.name}, {"count", f.count}, {"stands_on", feature_kind_names(f.stands_on)},
                           {"strength", f.strength}, {"tile_just_placed", f.tile_just_placed},
                           {"returnable", f.returnable}, {"joins_own_follower", f.joins_own_follower},
                           {"count_rule", f.count_rule},
                           {"jcz_type", f.jcz_type},
                           {"jcz_return_source", f.jcz_return_source}});
    nlohmann::json attributes = nlohmann::json::array();
    for (const auto& a : e.segment_attributes)
        attributes.push_back({{"kind", feature_kind_names({a.kind}).front()}, {"name", a.name}, {"label", a.label}});
    nlohmann::json deck = nlohmann::json::array();
    for (const auto& d : e.deck_tile_sets)
        deck.push_back({{"tile_set", d.tile_set}, {"count", d.count}, {"with_expansion", d.with_expansion},
                        {"without_expansion", d.without_expansion}, {"enabled_by_save", d.enabled_by_save},
                        {"rule_key", d.rule_key}, {"rule_values", d.rule_values}});
    nlohmann::json neutral = nlohmann::json::array();
    for (const auto& n : e.neutral_figures) neutral.push_back({{"name", n.name}, {"label", n.label}, {"jcz_id", n.jcz_id}});
    nlohmann::json markers = nlohmann::json::array();
    for (const auto& m : e.tile_markers) markers.push_back({{"name", m.name}, {"label", m.label}});
    nlohmann::json held = nlohmann::json::array();
    for (const auto& h : e.held_back_tiles) held.push_back({{"held", h.held}, {"until_placed", h.until_placed}});
    nlohmann::json start = nlohmann::json::array();
    for (const auto& t : e.start_tiles)
        start.push_back({{"tile_id", t.tile_id}, {"x", t.x}, {"y", t.y}, {"rotation", t.rotation * 90},
                         {"with_expansion", t.with_expansion}, {"without_expansion", t.without_expansion}});
    nlohmann::json values = nlohmann::json::array();
    for (const auto& v : e.tile_values) values.push_back({{"element", v.element}, {"attribute", v.attribute}});
    nlohmann::json groups = nlohmann::json::array();
    for (const auto& g : e.tile_groups)
        groups.push_back({{"group", g.group}, {"successor", g.successor}, {"leaves_pack", g.leaves_pack}});
    nlohmann::json edge_kinds = nlohmann::json::array();
    for (const auto& k : e.edge_kinds) edge_kinds.push_back({{"element", k.element}, {"label", k.label}});
    return {{"figure_kinds", figures}, {"tile_groups", groups}, {"edge_kinds", edge_kinds}, {"segment_attributes", attributes}, {"deck_tile_sets", deck},
            {"neutral_figures", neutral}, {"tile_markers", markers}, {"held_back_tiles", held},
            {"start_tiles", start}, {"tile_values", values},
            {"rule_presets", presets},{"id", e.id},           {"name", e.name},         {"version", e.version},
            {"short_name", e.short_name()}, {"description", e.description}, {"hooks", hooks},
            {"requires", e.requires_ids}, {"rule_options", options}, {"warnings", warnings}, {"token_kinds", tokens},
            {"jcz_element", e.jcz_element}, {"hand_play", hand_play}};
}

void print_json(const PluginRegistry& registry) {
    nlohmann::json out;
    out["search_path"] = nlohmann::json::array();
    for (const auto& d : registry.search_path())
        out["search_path"].push_back({{"dir", d.dir.string()}, {"origin", ck::host::search_origin_name(d.origin)}});
    out["warnings"] = registry.warnings();
    for (const auto& w : registry.short_name_clashes()) out["warnings"].push_back(w);
    out["modules"] = nlohmann::json::array();
    for (const ModuleRecord& r : registry.modules()) {
        nlohmann::json m{{"path", r.path.string()}, {"status", ck::host::module_status_name(r.status)}};
        if (r.module == nullptr) {
            m["reason"] = r.reason;
        } else {
            m["name"] = r.module->name();
            m["version"] = r.module->version();
            m["abi"] = std::to_string(CK_ABI_MAJOR) + "." + std::to_string(r.module->abi_minor());
            m["schema_revision"] = r.module->schema_revision();
            m["expansions"] = nlohmann::json::array();
            for (const auto& e : r.module->expansions())
                if (!registry.is_refused(e)) m["expansions"].push_back(expansion_json(e));
            m["refused_expansions"] = nlohmann::json::array();
            for (const auto& [id, why] : r.refused) m["refused_expansions"].push_back({{"id", id}, {"reason", why}});
        }
        out["modules"].push_back(std::move(m));
    }
    std::cout << out.dump(2) << '\n';
}

int run_plugins(const std::vector<std::string>& args) {
    ck::host::PluginSearchOptions options;
    bool json = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "--json") {
            json = true;
        } else if (a == "--plugin-path") {
            if (i + 1 == args.size()) {
                std::fprintf(stderr, "cloisterkit plugins: --plugin-path needs a directory\n\n%s", kUsage);
                return 2;
            }
            options.dirs.emplace_back(args[++i]);
        } else if (a.rfind("--plugin-path=", 0) == 0) {
            options.dirs.emplace_back(a.substr(std::string("--plugin-path=").size()));
        } else {
            std::fprintf(stderr, "cloisterkit plugins: unknown argument '%s'\n\n%s", a.c_str(), kUsage);
            return 2;
        }
    }
    auto logger = std::make_shared<spdlog::logger>("plugins", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
    // The listing already shows every failure; keep stderr for errors only.
    logger->set_level(spdlog::level::err);
    PluginRegistry registry(logger);
    registry.discover(options);
    if (json) print_json(registry);
    else print_text(registry);
    return 0;
}

}  // namespace

CK_REGISTER_COMMAND("plugins", "list plugin modules, their expansions, hooks and rule options", run_plugins);

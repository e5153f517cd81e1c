#include "module_loader.hpp"

#include <dlfcn.h>
#include <spdlog/logger.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string_view>

#include "buffer_check.hpp"
#include "core/limits.hpp"
#include "hook_names.hpp"
#include "rule_options.hpp"
#include <cloisterkit/schemas/manifest_generated.h>

namespace ck::host {
namespace {

// Entry symbols of future ABI majors we recognise, to refuse them by name.
constexpr uint32_t kHighestMajorProbed = 16;
// Sanity bounds on what a module may declare.
constexpr uint32_t kMaxExpansionsPerModule = 1024;
constexpr size_t kMaxRequires = 256;

// True when a struct of `struct_size` bytes contains the field ending at `end`.
constexpr bool has_field(uint32_t struct_size, size_t end) { return end <= struct_size; }
#define CK_FIELD_END(type, field) (offsetof(type, field) + sizeof(((type*)nullptr)->field))

ck_error empty_error() {
    ck_error err{};
    err.struct_size = sizeof(ck_error);
    return err;
}

// The module's message, bounded even if the module forgot the NUL.
std::string error_text(const ck_error& err) {
    const size_t n = strnlen(err.message, sizeof(err.message));
    return n == 0 ? std::string("(no message)") : std::string(err.message, n);
}

std::string text_or(const char* s, const char* fallback) { return s != nullptr ? std::string(s) : std::string(fallback); }

std::string str(const flatbuffers::String* s) { return s != nullptr ? s->str() : std::string(); }

std::vector<std::string> strings(const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>* v) {
    std::vector<std::string> out;
    if (v != nullptr)
        for (const auto* s : *v) out.push_back(str(s));
    return out;
}

// [thread-safe] The log callback every module gets. Never throws.
void host_log(void* host_data, int32_t level, const char* message, size_t length) {
    try {
        const auto* route = static_cast<const PluginModule::LogRoute*>(host_data);
        if (route == nullptr || route->logger == nullptr || message == nullptr) return;
        if (level < CK_LOG_TRACE) level = CK_LOG_TRACE;
        if (level > CK_LOG_CRITICAL) level = CK_LOG_CRITICAL;
        // CK_LOG_* and spdlog's levels have the same values (trace = 0 ... critical = 5).
        const auto spd_level = static_cast<spdlog::level::level_enum>(level);
        if (!route->logger->should_log(spd_level)) return;
        route->logger->log(spd_level, "[{}] {}", route->module, std::string_view(message, length));
    } catch (...) {
        // A log line is not worth unwinding through a C caller.
    }
}

// A manifest's figure kind as the engine knows it; the caller checks it.
FigureKind figure_kind_of(const fb::FigureKindDecl& d) {
    FigureKind k;
    k.id = str(d.id());
    k.name = str(d.name());
    k.count = d.count();
    if (d.stands_on() != nullptr)
        for (fb::FeatureKind f : *d.stands_on()) k.stands_on.push_back(static_cast<FeatureKind>(f));
    k.strength = d.strength();
    k.jcz_type = str(d.jcz_meeple_type());
    k.jcz_return_source = str(d.jcz_return_source());
    k.tile_just_placed = d.tile_just_placed();
    k.returnable = d.returnable();
    k.joins_own_follower = d.joins_own_follower();
    k.count_rule = str(d.count_rule());
    return k;
}

// FigureKindDecl.count_rule must name an Integer option of the same
// expansion whose bounds fit a figure count.
std::string count_rule_problem(const FigureKind& k, const std::vector<RuleOptionInfo>& options) {
    if (k.count_rule.empty()) return "";
    const std::string what = "figure kind \"" + k.id + "\": count_rule \"" + k.count_rule + "\" ";
    for (const RuleOptionInfo& o : options) {
        if (o.key != k.count_rule) continue;
        if (o.value_type != RuleValueType::Integer) return what + "is not an Integer option";
        if (o.int_min < 0 || o.int_max > kMaxFiguresPerKind)
            return what + "allows " + std::to_string(o.int_min) + " to " + std::to_string(o.int_max) +
                   " (a count per player is 0 to " + std::to_string(kMaxFiguresPerKind) + ")";
        return "";
    }
    return what + "is not one of the expansion's rule options";
}

void copy_manifest(const fb::ExpansionManifest& m, PluginExpansion& e) {
    e.description = str(m.description());
    if (m.rule_options() != nullptr)
        for (const auto* o : *m.rule_options())
            e.rule_options.push_back({str(o->key()), str(o->default_value()), strings(o->allowed()),
                                      str(o->description()), static_cast<RuleValueType>(o->value_type()),
                                      o->int_min(), o->int_max(), str(o->jcz_element())});
    if (m.token_kinds() != nullptr)
        for (const auto* t : *m.token_kinds())
            e.token_kinds.push_back({str(t->kind()), str(t->name()), t->count(),
                                     t->placement() == fb::TokenPlacement::InsteadOfFigure});
    e.tile_definitions_xml = str(m.tile_definitions_xml());
    e.jcz_element = str(m.jcz_element());
    if (m.jcz_rule_aliases() != nullptr)
        for (const auto* a : *m.jcz_rule_aliases())
            e.jcz_rule_aliases.push_back({str(a->jcz_key()), str(a->jcz_value()), str(a->key()), str(a->value())});
    if (m.rule_presets() != nullptr)
        for (const auto* p : *m.rule_presets()) {
            RulePresetInfo& preset = e.rule_presets.emplace_back(RulePresetInfo{str(p->key()), str(p->value()), {}});
            if (p->sets() != nullptr)
                for (const auto* kv : *p->sets()) preset.sets.emplace_back(str(kv->key()), str(kv->value()));
        }
    if (m.figure_kinds() != nullptr)
        for (const auto* k : *m.figure_kinds()) e.figure_kinds.push_back(figure_kind_of(*k));
    e.jcz_extra_elements = strings(m.jcz_extra_elements());
    if (m.hook_filters() != nullptr)
        for (const auto* f : *m.hook_filters()) {
            // A filter only ever saves calls: one this host cannot evaluate
            // (a newer kind, a hook it does not know) means "always call".
            if (f->hook() >= CK_HOOK_COUNT) continue;
            HookFilterInfo info{f->hook(), f->filter(), str(f->rule_key()), strings(f->rule_values()),
                                static_cast<FeatureKind>(f->feature()), str(f->name())};
            const bool names_something = info.filter == fb::HookFilter::TileHasMarker ||
                                         info.filter == fb::HookFilter::NeutralFigureBesideActivePlayer ||
                                         info.filter == fb::HookFilter::ActivePlayerHasFigureOnBoard ||
                                         info.filter == fb::HookFilter::FeatureHoldsFigureOfKind;
            if (info.filter > fb::HookFilter::MAX || (info.filter == fb::HookFilter::RuleIs && info.rule_key.empty()) ||
                (info.filter == fb::HookFilter::TileHasFeature && f->feature() > fb::FeatureKind::MAX) ||
                (names_something && info.name.empty()))
                info.filter = fb::HookFilter::Always;
            e.hook_filters.push_back(std::move(info));
        }
    if (m.segment_attributes() != nullptr)
        for (const auto* a : *m.segment_attributes())
            e.segment_attributes.push_back({static_cast<FeatureKind>(a->kind()), str(a->name()), str(a->label())});
    if (m.deck_tile_sets() != nullptr)
        for (const auto* d : *m.deck_tile_sets())
            e.deck_tile_sets.push_back(
                {str(d->tile_set()), d->count(), str(d->with_expansion()), str(d->without_expansion()),
                 d->enabled_by_save(), str(d->rule_key()), strings(d->rule_values())});
    if (m.neutral_figures() != nullptr)
        for (const auto* n : *m.neutral_figures())
            e.neutral_figures.push_back({str(n->name()), str(n->label()), str(n->jcz_id()), e.id, n->blocks_figures()});
    if (m.tile_markers() != nullptr)
        for (const auto* t : *m.tile_markers())
            e.tile_markers.push_back({str(t->name()), str(t->label()), t->wild_edges()});
    if (m.held_back_tiles() != nullptr)
        for (const auto* h : *m.held_back_tiles()) {
            HeldBackTiles& held = e.held_back_tiles.emplace_back(
                HeldBackTiles{str(h->held()), str(h->until_placed()), str(h->rule_key()), strings(h->rule_values()), {}});
            for (const RuleOptionInfo& o : e.rule_options)  // checked below: the option is declared
                if (o.key == held.rule_key) held.rule_default = o.default_value;
        }
    if (m.start_tiles() != nullptr)
        for (const auto* t : *m.start_tiles())
            e.start_tiles.push_back({str(t->tile_id()), t->x(), t->y(), t->rotation(), str(t->with_expansion()),
                                     str(t->without_expansion())});
    if (m.tile_values() != nullptr)
        for (const auto* v : *m.tile_values()) e.tile_values.push_back({str(v->element()), str(v->attribute())});
    if (m.tile_groups() != nullptr)
        for (const auto* g : *m.tile_groups())
            e.tile_groups.push_back({str(g->group()), str(g->successor()), g->leaves_pack()});
    if (m.edge_kinds() != nullptr)
        for (const auto* k : *m.edge_kinds()) e.edge_kinds.push_back({str(k->element()), str(k->label())});
    // A mode this host does not know leaves the hooks to play hand tiles.
    if (const auto* h = m.hand_play(); h != nullptr && h->mode() == fb::HandPlay::InsteadOfDrawing)
        e.hand_play = {true, str(h->action()), str(h->label())};
}

// Why a declared hand play cannot be offered, or empty.
std::string hand_play_problem(const HandPlayInfo& h) {
    if (!h.declared) return {};
    if (h.action.empty()) return "hand play InsteadOfDrawing declares no action";
    if (h.action.size() > limits::kMaxDeclaredText || h.label.size() > limits::kMaxDeclaredText)
        return "hand play's action or label is longer than " + std::to_string(limits::kMaxDeclaredText) + " bytes";
    return {};
}

// A declaration that holds only while rule option `key` has one of
// `values` (revision 12; none: always) needs that option; `subject` says
// which declaration, for the message.
std::string rule_condition_problem(const PluginExpansion& e, const std::string& subject, const std::string& key,
                                   const std::vector<std::string>& values) {
    if (key.empty()) return {};
    if (std::none_of(e.rule_options.begin(), e.rule_options.end(), [&](const RuleOptionInfo& o) { return o.key == key; }))
        return subject + " rule \"" + key + "\", which is not one of the expansion's rule options";
    if (values.empty()) return subject + " rule \"" + key + "\" with no value";
    return {};
}

// Why a declared segment attribute or deck tile set cannot be played, or empty.
std::string tile_declarations_problem(const PluginExpansion& e) {
    auto word = [](const std::string& w) {
        return !w.empty() && w.size() <= limits::kMaxAttributeName &&
               std::all_of(w.begin(), w.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
    };
    if (e.segment_attributes.size() > 32) return "more than 32 segment attributes";
    // A declared name (a-z0-9-) and its label, or why not: `what` names the kind of declaration.
    const auto name_and_label = [&](const char* what, const std::string& name, const std::string& label) -> std::string {
        if (!word(name))
            return std::string(what) + " \"" + name + "\" is not a name of a-z, 0-9 and - (at most " +
                   std::to_string(limits::kMaxAttributeName) + " bytes)";
        if (label.size() > limits::kMaxDeclaredText)
            return std::string(what) + " \"" + name + "\" has a label longer than " +
                   std::to_string(limits::kMaxDeclaredText) + " bytes";
        return {};
    };
    for (const SegmentAttribute& a : e.segment_attributes) {
        if (a.kind != FeatureKind::Road && a.kind != FeatureKind::City && a.kind != FeatureKind::Field &&
            a.kind != FeatureKind::Monastery && a.kind != FeatureKind::Garden)
            return "segment attribute \"" + a.name + "\" is declared on an unknown feature kind " +
                   std::to_string(static_cast<int>(a.kind));
        if (auto why = name_and_label("segment attribute", a.name, a.label); !why.empty()) return why;
    }
    if (e.neutral_figures.size() > 32) return "more than 32 neutral figures";
    for (const NeutralFigureKind& n : e.neutral_figures) {
        if (auto why = name_and_label("neutral figure", n.name, n.label); !why.empty()) return why;
        if (n.jcz_id.size() > limits::kMaxDeclaredText)
            return "neutral figure \"" + n.name + "\" has a JCloisterZone id longer than " +
                   std::to_string(limits::kMaxDeclaredText) + " bytes";
        if (std::count_if(e.neutral_figures.begin(), e.neutral_figures.end(),
                          [&](const NeutralFigureKind& o) { return o.name == n.name; }) > 1)
            return "neutral figure \"" + n.name + "\" is declared twice";
    }
    if (e.tile_markers.size() > limits::kMaxTileMarkers)
        return "more than " + std::to_string(limits::kMaxTileMarkers) + " tile markers";
    for (const TileMarker& m : e.tile_markers)
        if (auto why = name_and_label("tile marker", m.name, m.label); !why.empty()) return why;
    const auto marker_declared = [&](const std::string& name) {
        return std::any_of(e.tile_markers.begin(), e.tile_markers.end(),
                           [&](const TileMarker& m) { return m.name == name; });
    };
    if (e.held_back_tiles.size() > 8) return "more than 8 held-back tile declarations";
    for (const HeldBackTiles& h : e.held_back_tiles) {
        if (!marker_declared(h.held) || !marker_declared(h.until_placed))
            return "held-back tiles \"" + h.held + "\" until \"" + h.until_placed +
                   "\" name a tile marker the expansion does not declare";
        if (auto why = rule_condition_problem(e, "held-back tiles \"" + h.held + "\" depend on", h.rule_key,
                                              h.rule_values);
            !why.empty())
            return why;
    }
    if (e.start_tiles.size() > 8) return "more than 8 start tiles";
    for (const StartTileInfo& t : e.start_tiles) {
        if (t.tile_id.empty() || t.tile_id.size() > limits::kMaxDeclaredText)
            return "a start tile has an empty or overlong tile id";
        if (t.x < -1000 || t.x > 1000 || t.y < -1000 || t.y > 1000 || t.rotation > 3)
            return "start tile \"" + t.tile_id + "\" at (" + std::to_string(t.x) + ", " + std::to_string(t.y) +
                   ") rotation " + std::to_string(t.rotation) +
                   ": x and y must be -1000..1000, the rotation 0..3 quarter turns";
        if (t.with_expansion.size() > limits::kMaxDeclaredText || t.without_expansion.size() > limits::kMaxDeclaredText)
            return "start tile \"" + t.tile_id + "\" has an overlong condition";
    }
    if (e.tile_values.size() > 16) return "more than 16 tile values";
    for (const TileValueKey& v : e.tile_values) {
        if (!word(v.element) || !word(v.attribute))
            return "tile value <" + v.element + " " + v.attribute +
                   ">: the element and the attribute must be names of a-z, 0-9 and - (at most " +
                   std::to_string(limits::kMaxAttributeName) + " bytes)";
        if (std::count(e.tile_values.begin(), e.tile_values.end(), v) > 1)
            return "tile value <" + v.element + " " + v.attribute + "> is declared twice";
    }
    if (e.tile_groups.size() > 16) return "more than 16 tile groups";
    for (const TileGroupRule& g : e.tile_groups) {
        if (!word(g.group)) return "tile group \"" + g.group + "\" is not a name of a-z, 0-9 and -";
        if (!g.successor.empty() && !word(g.successor))
            return "tile group \"" + g.group + "\" has a successor \"" + g.successor +
                   "\" that is not a name of a-z, 0-9 and -";
        if (g.successor == g.group) return "tile group \"" + g.group + "\" is its own successor";
        if (std::count_if(e.tile_groups.begin(), e.tile_groups.end(),
                          [&](const TileGroupRule& o) { return o.group == g.group; }) > 1)
            return "tile group \"" + g.group + "\" is declared twice";
    }
    // Successors may not come round to a group again: it would wait for itself.
    for (const TileGroupRule& g : e.tile_groups) {
        std::string at = g.successor;
        for (size_t steps = 0; !at.empty(); ++steps) {
            if (at == g.group || steps > e.tile_groups.size())
                return "tile group \"" + g.group + "\" waits for itself through its successors";
            const auto next = std::find_if(e.tile_groups.begin(), e.tile_groups.end(),
                                           [&](const TileGroupRule& o) { return o.group == at; });
            at = next == e.tile_groups.end() ? std::string() : next->successor;
        }
    }
    if (e.edge_kinds.size() > 1) return "more than one edge kind (a game holds one at most)";
    for (const EdgeKindInfo& k : e.edge_kinds)
        if (auto why = name_and_label("edge kind", k.element, k.label); !why.empty()) return why;
    for (const DeckTileSetInfo& d : e.deck_tile_sets) {
        if (d.tile_set.empty() || d.tile_set.size() > limits::kMaxDeclaredText)
            return "a deck tile set has an empty or overlong id";
        if (d.count < 1 || d.count > 8)
            return "deck tile set \"" + d.tile_set + "\" has count " + std::to_string(d.count) + " (1 to 8)";
        if (auto why = rule_condition_problem(e, "deck tile set \"" + d.tile_set + "\" is chosen by", d.rule_key,
                                              d.rule_values);
            !why.empty())
            return why;
    }
    return {};
}

// Releases a module-produced buffer when the scope ends, whatever happens.
struct BufferGuard {
    ck_buffer buffer{};
    BufferGuard() { buffer.struct_size = sizeof(ck_buffer); }
    ~BufferGuard() {
        if (buffer.release != nullptr) buffer.release(&buffer);
    }
};

}  // namespace

PluginModule::~PluginModule() {
    if (ctx_ != nullptr && api_ != nullptr && api_->destroy != nullptr) api_->destroy(ctx_);
    if (handle_ != nullptr) dlclose(handle_);
}

const char* PluginModule::status_name(ck_status status) const {
    const char* name = (api_ != nullptr && api_->status_name != nullptr) ? api_->status_name(status) : nullptr;
    return name != nullptr ? name : host_status_name(status).data();
}

std::unique_ptr<PluginModule> PluginModule::load(const std::filesystem::path& path, spdlog::logger& logger) {
    std::unique_ptr<PluginModule> m(new PluginModule());
    m->path_ = path;
    dlerror();
    m->handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (m->handle_ == nullptr) {
        const char* why = dlerror();
        throw ModuleLoadError(path, std::string("dlopen failed: ") + (why != nullptr ? why : "unknown reason"));
    }
    void* entry = dlsym(m->handle_, CK_PLUGIN_ENTRY_SYMBOL);
    if (entry == nullptr) {
        for (uint32_t major = CK_ABI_MAJOR + 1; major <= kHighestMajorProbed; ++major) {
            const std::string symbol = "ck_plugin_negotiate_v" + std::to_string(major);
            if (dlsym(m->handle_, symbol.c_str()) != nullptr)
                throw ModuleLoadError(path, "built for ABI major " + std::to_string(major) + " (exports " + symbol +
                                                "); this host speaks ABI major " + std::to_string(CK_ABI_MAJOR));
        }
        throw ModuleLoadError(path, "not a cloisterkit plugin module: no " CK_PLUGIN_ENTRY_SYMBOL);
    }
    m->negotiate(entry);
    m->create_context(logger);
    m->read_expansions();
    return m;
}

void PluginModule::negotiate(void* entry) {
    const auto fn = reinterpret_cast<ck_plugin_negotiate_v1_fn>(entry);
    ck_negotiate_in in{};
    in.struct_size = sizeof(in);
    in.abi_major = CK_ABI_MAJOR;
    in.abi_minor_min = 0;
    in.abi_minor_max = CK_ABI_MINOR;
    in.schema_min = CK_SCHEMA_REVISION_MIN;  // every revision this host's states can serve
    in.schema_max = CK_SCHEMA_REVISION;
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ck_error err = empty_error();

    const ck_status status = fn(&in, &out, &err);
    const std::string host_ranges = "host accepts ABI 1." + std::to_string(in.abi_minor_min) + "..1." +
                                    std::to_string(in.abi_minor_max) + ", schema revision " +
                                    std::to_string(in.schema_min) + ".." + std::to_string(in.schema_max);
    if (!CK_SUCCEEDED(status))
        throw ModuleLoadError(path_, "version negotiation refused (" + std::string(host_status_name(status)) +
                                         "): " + error_text(err) + " [" + host_ranges + "]");

    const uint32_t size = out.struct_size < sizeof(out) ? out.struct_size : static_cast<uint32_t>(sizeof(out));
    if (!has_field(size, CK_FIELD_END(ck_negotiate_out, api)) || out.api == nullptr)
        throw ModuleLoadError(path_, "negotiation succeeded but returned no API table");
    if (out.abi_minor < in.abi_minor_min || out.abi_minor > in.abi_minor_max ||
        out.schema_revision < in.schema_min || out.schema_revision > in.schema_max)
        throw ModuleLoadError(path_, "negotiation chose ABI 1." + std::to_string(out.abi_minor) + ", schema revision " +
                                         std::to_string(out.schema_revision) + ", outside what the " + host_ranges);
    abi_minor_ = out.abi_minor;
    schema_revision_ = out.schema_revision;
    if (has_field(size, CK_FIELD_END(ck_negotiate_out, module_name))) name_ = text_or(out.module_name, "");
    if (has_field(size, CK_FIELD_END(ck_negotiate_out, module_version))) version_ = text_or(out.module_version, "");
    if (name_.empty()) name_ = path_.stem().string();

    // Every function of ABI 1.0 except get_extension is required.
    const ck_plugin_api* api = out.api;
    if (!has_field(api->struct_size, CK_FIELD_END(ck_plugin_api, status_name)))
        throw ModuleLoadError(path_, "API table has struct_size " + std::to_string(api->struct_size) +
                                         ", smaller than ABI 1.0's " +
                                         std::to_string(CK_FIELD_END(ck_plugin_api, status_name)));
    if (api->create == nullptr || api->destroy == nullptr || api->expansion_count == nullptr ||
        api->expansion_at == nullptr || api->get_manifest == nullptr || api->call_hook == nullptr ||
        api->status_name == nullptr)
        throw ModuleLoadError(path_, "API table has a NULL function pointer");
    api_ = api;
}

const char* const* host_capabilities() {
    static constexpr const char* kCapabilities[] = {CK_CAPABILITY_DECISION,   CK_CAPABILITY_FIGURE_PRIMITIVES,
                                                    CK_CAPABILITY_FEATURE_COMPLETED, CK_CAPABILITY_START_TILE,
                                                    CK_CAPABILITY_TILE_VALUES, CK_CAPABILITY_EXTRA_TURN,
                                                    CK_CAPABILITY_TILE_GROUPS, CK_CAPABILITY_EDGE_KINDS,
                                                    CK_CAPABILITY_FIGURE_STRENGTH, nullptr};
    return kCapabilities;
}

void PluginModule::create_context(spdlog::logger& logger) {
    log_route_ = {&logger, name_};
    ck_host_info host{};
    host.struct_size = sizeof(host);
    host.host_name = kHostName;
    host.host_version = CK_RELEASE_VERSION;  // the release (top CMakeLists.txt)
    host.host_data = &log_route_;
    host.log = &host_log;
    host.max_log_level = static_cast<int32_t>(logger.level());  // same scale as CK_LOG_*
    host.capabilities = host_capabilities();
    ck_error err = empty_error();
    ck_plugin_ctx* ctx = nullptr;
    const ck_status status = api_->create(&host, &ctx, &err);
    if (!CK_SUCCEEDED(status))
        throw ModuleLoadError(path_, "create failed (" + std::string(status_name(status)) + "): " + error_text(err));
    if (ctx == nullptr) throw ModuleLoadError(path_, "create succeeded but returned a NULL context");
    ctx_ = ctx;
}

void PluginModule::read_expansions() {
    const uint32_t count = api_->expansion_count(ctx_);
    if (count > kMaxExpansionsPerModule)
        throw ModuleLoadError(path_, "expansion_count() is " + std::to_string(count) + ", more than the limit of " +
                                         std::to_string(kMaxExpansionsPerModule));
    for (uint32_t i = 0; i < count; ++i) {
        const std::string where = "expansion #" + std::to_string(i);
        const ck_expansion_desc* desc = api_->expansion_at(ctx_, i);
        if (desc == nullptr)
            throw ModuleLoadError(path_, "expansion_at(" + std::to_string(i) + ") returned NULL though expansion_count() is " +
                                             std::to_string(count));
        if (!has_field(desc->struct_size, CK_FIELD_END(ck_expansion_desc, hooks)))
            throw ModuleLoadError(path_, where + ": descriptor struct_size " + std::to_string(desc->struct_size) +
                                             " is too small for id, name, version and hooks");
        if (desc->id == nullptr || desc->id[0] == '\0' || desc->name == nullptr || desc->version == nullptr)
            throw ModuleLoadError(path_, where + ": descriptor has a NULL or empty id, name or version");

        PluginExpansion e;
        e.module = this;
        e.index = i;
        e.id = desc->id;
        e.name = desc->name;
        e.version = desc->version;
        e.hooks = desc->hooks;
        if (has_field(desc->struct_size, CK_FIELD_END(ck_expansion_desc, requires_ids)) && desc->requires_ids != nullptr) {
            for (size_t r = 0; desc->requires_ids[r] != nullptr; ++r) {
                if (r == kMaxRequires) throw ModuleLoadError(path_, e.id + ": requires list is not NULL-terminated");
                e.requires_ids.emplace_back(desc->requires_ids[r]);
            }
        }
        for (const auto& other : expansions_)
            if (other.id == e.id) throw ModuleLoadError(path_, "expansion id '" + e.id + "' appears twice in the module");

        BufferGuard manifest;
        ck_error err = empty_error();
        const ck_status status = api_->get_manifest(ctx_, i, &manifest.buffer, &err);
        if (!CK_SUCCEEDED(status))
            throw ModuleLoadError(path_, e.id + ": get_manifest failed (" + status_name(status) + "): " + error_text(err));
        const std::string bad =
            check_buffer<fb::ExpansionManifest>(manifest.buffer.data, manifest.buffer.size, fb::ExpansionManifestIdentifier());
        if (!bad.empty()) throw ModuleLoadError(path_, e.id + ": manifest rejected: " + bad);
        const auto* m = fb::GetExpansionManifest(manifest.buffer.data);
        if (str(m->id()) != e.id)
            throw ModuleLoadError(path_, e.id + ": manifest id '" + str(m->id()) + "' differs from the descriptor's");
        if (m->hooks() != e.hooks)
            throw ModuleLoadError(path_, e.id + ": manifest hooks (" + hook_list(m->hooks()) +
                                             ") differ from the descriptor's (" + hook_list(e.hooks) + ")");
        if (m->token_kinds() != nullptr)
            for (const auto* t : *m->token_kinds())
                if (t->placement() > fb::TokenPlacement::MAX)
                    throw ModuleLoadError(path_, e.id + ": manifest rejected: token kind \"" + str(t->kind()) +
                                                     "\" declares placement " +
                                                     std::to_string(static_cast<int>(t->placement())) +
                                                     ", which this host does not know (it knows ByHooks and InsteadOfFigure)");
        copy_manifest(*m, e);
        for (const RuleOptionInfo& o : e.rule_options)
            if (const std::string problem = rule_option_declaration_problem(o); !problem.empty())
                throw ModuleLoadError(path_, e.id + ": manifest rejected: " + problem);
        if (const std::string problem = hand_play_problem(e.hand_play); !problem.empty())
            throw ModuleLoadError(path_, e.id + ": manifest rejected: " + problem);
        if (const std::string problem = tile_declarations_problem(e); !problem.empty())
            throw ModuleLoadError(path_, e.id + ": manifest rejected: " + problem);
        for (const FigureKind& k : e.figure_kinds) {
            const std::string problem = figure_kind_problem(k);
            if (!problem.empty()) throw ModuleLoadError(path_, e.id + ": manifest rejected: " + problem);
            if (k.id == kSmallFollowerId || k.jcz_type == kSmallFollowerId)
                throw ModuleLoadError(path_, e.id + ": manifest rejected: figure kind \"" + k.id +
                                                 "\" takes the name of the base game's small follower");
            if (const std::string problem = count_rule_problem(k, e.rule_options); !problem.empty())
                throw ModuleLoadError(path_, e.id + ": manifest rejected: " + problem);
        }
        expansions_.push_back(std::move(e));
    }
}

}  // namespace ck::host

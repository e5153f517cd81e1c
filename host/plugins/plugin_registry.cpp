#include "plugin_registry.hpp"

#include <spdlog/logger.h>
#include <spdlog/sinks/base_sink.h>

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <set>

#include "core/errors.hpp"
#include "rule_options.hpp"

namespace fs = std::filesystem;

namespace ck::host {

std::string_view module_status_name(ModuleStatus status) {
    switch (status) {
        case ModuleStatus::Loaded: return "loaded";
        case ModuleStatus::Failed: return "failed";
        case ModuleStatus::Shadowed: return "shadowed";
        case ModuleStatus::Unloaded: return "unloaded";
    }
    return "?";
}

namespace {

// stderr, after flushing stdout: the host prints whole lines, and a hook
// runs between them, so a flush puts the message between two of its lines.
class StderrAfterStdoutSink final : public spdlog::sinks::base_sink<std::mutex> {
protected:
    void sink_it_(const spdlog::details::log_msg& msg) override {
        spdlog::memory_buf_t line;
        formatter_->format(msg, line);
        std::fflush(stdout);
        std::fwrite(line.data(), 1, line.size(), stderr);
    }
    void flush_() override { std::fflush(stderr); }
};

// "a,b" and "a" "b" mean the same; blanks are ignored.
std::vector<std::string> split_specs(const std::vector<std::string>& specs) {
    std::vector<std::string> out;
    for (const auto& spec : specs) {
        size_t start = 0;
        while (start <= spec.size()) {
            size_t end = std::min(spec.find(',', start), spec.size());
            std::string part = spec.substr(start, end - start);
            part.erase(0, part.find_first_not_of(" \t"));
            part.erase(part.find_last_not_of(" \t") + 1);
            if (!part.empty()) out.push_back(std::move(part));
            start = end + 1;
        }
    }
    return out;
}

}  // namespace

std::shared_ptr<spdlog::logger> make_plugin_logger(std::string_view level) {
    static constexpr std::pair<std::string_view, spdlog::level::level_enum> kLevels[] = {
        {"trace", spdlog::level::trace}, {"debug", spdlog::level::debug}, {"info", spdlog::level::info},
        {"warn", spdlog::level::warn},   {"error", spdlog::level::err},   {"off", spdlog::level::off}};
    std::string known;
    for (const auto& [name, value] : kLevels) {
        if (name == level) {
            auto logger = std::make_shared<spdlog::logger>("plugins", std::make_shared<StderrAfterStdoutSink>());
            logger->set_pattern("[%l] %v");  // "[warning] [module] message"
            logger->set_level(value);
            return logger;
        }
        known += (known.empty() ? "" : ", ") + std::string(name);
    }
    throw HostError("--log-level: unknown level \"" + std::string(level) + "\" (one of " + known + ")");
}

PluginRegistry::PluginRegistry(std::shared_ptr<spdlog::logger> logger)
    : logger_(logger ? std::move(logger) : make_plugin_logger()) {}

PluginRegistry::~PluginRegistry() {
    // Unload in reverse order of loading.
    while (!modules_.empty()) modules_.pop_back();
}

void PluginRegistry::discover(const PluginSearchOptions& options, const std::vector<std::string>* only_for) {
    std::vector<std::string> wanted;
    if (only_for != nullptr) wanted = split_specs(*only_for);
    const bool keep_all = only_for == nullptr || std::find(wanted.begin(), wanted.end(), "all") != wanted.end();
    const auto named = [&](const PluginModule& m) {
        for (const PluginExpansion& e : m.expansions())
            if (!is_refused(e) && (std::find(wanted.begin(), wanted.end(), e.id) != wanted.end() ||
                                   std::find(wanted.begin(), wanted.end(), e.short_name()) != wanted.end()))
                return true;
        return false;
    };
    std::vector<std::string> warnings;
    search_path_ = plugin_search_path(options, warnings);
    for (const auto& w : warnings) {
        logger_->warn("{}", w);
        warnings_.push_back(w);
    }
    std::map<fs::path, fs::path> first_by_name;  // file name -> first path found
    for (const auto& dir : search_path_) {
        for (const auto& file : module_files_in(dir.dir)) {
            const auto [it, inserted] = first_by_name.emplace(file.filename(), file);
            if (!inserted) {
                records_.push_back({file, dir.origin, ModuleStatus::Shadowed,
                                    "shadowed by " + it->second.string() + " (found earlier on the plugin path)", nullptr, {}});
                continue;
            }
            const ModuleRecord record = load(file, dir.origin);
            if (!keep_all && record.module != nullptr && !named(*record.module)) unload(*record.module);
        }
    }
}

ModuleRecord PluginRegistry::load(const fs::path& path, SearchOrigin origin) {
    ModuleRecord record{path, origin, ModuleStatus::Failed, {}, nullptr, {}};
    try {
        auto module = PluginModule::load(path, *logger_);
        for (const auto& e : module->expansions()) {
            // Accepted (modules of 1.2.0 had no such check) but said: a key
            // outside the namespace is how two expansions' options meet.
            for (const auto& o : e.rule_options)
                if (const std::string problem = option_key_problem(e, o.key); !problem.empty())
                    logger_->warn("plugin module {}: expansion '{}': {} (`cloisterkit validate` fails this)",
                                  path.string(), e.id, problem);
            fs::path winner;
            if (const PluginExpansion* loaded = find_by_id(e.id)) winner = loaded->module->path();
            else if (const UnloadedExpansion* unloaded = unloaded_by_id(e.id)) winner = unloaded->module;
            if (winner.empty()) continue;
            std::string why = "refused: module " + winner.string() +
                              ", found earlier on the plugin path, provides '" + e.id +
                              "' too and wins (the first found wins, as with PATH; remove one of them or "
                              "reorder --plugin-path to choose)";
            logger_->warn("plugin module {}: expansion '{}' {}", path.string(), e.id, why);
            record.refused.emplace_back(e.id, why);
            refused_.emplace(&e, std::move(why));
        }
        record.status = ModuleStatus::Loaded;
        record.module = module.get();
        modules_.push_back(std::move(module));
    } catch (const ModuleLoadError& e) {
        record.reason = e.reason();
        logger_->warn("plugin module {}", e.what());
    }
    records_.push_back(record);
    return record;
}

std::vector<const PluginExpansion*> PluginRegistry::expansions() const {
    std::vector<const PluginExpansion*> out;
    for (const auto& m : modules_)
        for (const auto& e : m->expansions())
            if (!is_refused(e)) out.push_back(&e);
    return out;
}

const PluginRegistry::UnloadedExpansion* PluginRegistry::unloaded_by_id(std::string_view id) const {
    for (const UnloadedExpansion& u : unloaded_)
        if (u.id == id) return &u;
    return nullptr;
}

void PluginRegistry::unload(const PluginModule& module) {
    for (const PluginExpansion& e : module.expansions()) {
        if (!is_refused(e)) unloaded_.push_back({e.id, e.short_name(), module.path()});
        refused_.erase(&e);
    }
    for (ModuleRecord& r : records_)
        if (r.module == &module) {
            r.module = nullptr;
            r.status = ModuleStatus::Unloaded;
            r.reason = "unloaded: the game plays none of its expansions";
        }
    std::erase_if(modules_, [&](const auto& m) { return m.get() == &module; });  // destroy, then dlclose
}

std::vector<std::string> PluginRegistry::short_name_clashes() const {
    std::map<std::string, std::vector<const PluginExpansion*>> by_short_name;
    for (const PluginExpansion* e : expansions()) by_short_name[e->short_name()].push_back(e);
    std::vector<std::string> out;
    for (const auto& [name, sharing] : by_short_name) {
        if (sharing.size() < 2) continue;
        std::string who;
        for (const auto* e : sharing) who += (who.empty() ? "" : ", ") + e->id + " (" + e->module->path().string() + ")";
        out.push_back("short name '" + name + "' is shared by " + who + "; enable them by full id");
    }
    return out;
}

const PluginExpansion* PluginRegistry::find_by_id(std::string_view id) const {
    for (const auto& m : modules_)
        for (const auto& e : m->expansions())
            if (e.id == id && !is_refused(e)) return &e;
    return nullptr;
}

std::vector<const PluginExpansion*> PluginRegistry::matches(std::string_view name) const {
    if (const PluginExpansion* e = find_by_id(name)) return {e};
    std::vector<const PluginExpansion*> out;
    for (const PluginExpansion* e : expansions())
        if (e->short_name() == name) out.push_back(e);
    return out;
}

const PluginExpansion* PluginRegistry::find(std::string_view id_or_short_name) const {
    const auto found = matches(id_or_short_name);
    return found.size() == 1 ? found.front() : nullptr;
}

std::string PluginRegistry::available_text() const {
    std::string text;
    for (const PluginExpansion* e : expansions()) {
        text += text.empty() ? "" : ", ";
        text += e->id + " (" + e->short_name() + ")";
    }
    for (const UnloadedExpansion& u : unloaded_) {
        text += text.empty() ? "" : ", ";
        text += u.id + " (" + u.short_name + ")";
    }
    if (text.empty()) text = "none";
    for (const auto& r : records_)
        if (r.status == ModuleStatus::Failed) text += "; module " + r.path.string() + " failed to load: " + r.reason;
    return text + "; " + search_hint();
}

std::string PluginRegistry::search_hint() const {
    std::string text = "searched:";
    for (const auto& d : search_path_) text += " " + d.dir.string();
    if (search_path_.empty()) text += " (no plugin directory exists)";
    return text + "; a module elsewhere needs --plugin-path DIR or " + std::string(kPluginPathVariable);
}

std::vector<const PluginExpansion*> PluginRegistry::resolve(const std::vector<std::string>& specs) const {
    std::vector<const PluginExpansion*> chosen;
    for (const auto& spec : split_specs(specs)) {
        if (spec == "all") {
            for (const PluginExpansion* e : expansions()) chosen.push_back(e);
            continue;
        }
        const auto found = matches(spec);
        if (found.empty())
            throw HostError(ErrorCategory::BadInput, "unknown expansion '" + spec + "'; available: " + available_text());
        if (found.size() > 1) {
            std::string ids;
            for (const auto* e : found) ids += (ids.empty() ? "" : ", ") + e->id;
            throw HostError(ErrorCategory::BadInput,
                            "expansion name '" + spec + "' is ambiguous (" + ids + "); use the full id");
        }
        chosen.push_back(found.front());
    }
    std::sort(chosen.begin(), chosen.end(), [](const auto* a, const auto* b) { return a->id < b->id; });
    chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());

    std::set<std::string_view> enabled;
    for (const auto* e : chosen) enabled.insert(e->id);
    for (const auto* e : chosen) {
        for (const auto& needed : e->requires_ids) {
            if (enabled.count(needed) != 0) continue;
            if (find_by_id(needed) != nullptr || unloaded_by_id(needed) != nullptr)
                throw HostError(ErrorCategory::BadInput,
                                "expansion '" + e->id + "' requires '" + needed + "'; enable it too");
            throw HostError(ErrorCategory::Plugin, "expansion '" + e->id + "' requires '" + needed +
                                                       "', which no loaded module provides; available: " +
                                                       available_text());
        }
    }
    return chosen;
}

}  // namespace ck::host

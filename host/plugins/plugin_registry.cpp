#include "plugin_registry.hpp"

#include <spdlog/logger.h>
#include <spdlog/sinks/stdout_color_sinks.h>

#include <algorithm>
#include <set>

#include "core/errors.hpp"

namespace fs = std::filesystem;

namespace ck::host {

std::string_view module_status_name(ModuleStatus status) {
    switch (status) {
        case ModuleStatus::Loaded: return "loaded";
        case ModuleStatus::Failed: return "failed";
        case ModuleStatus::Shadowed: return "shadowed";
    }
    return "?";
}

namespace {

std::shared_ptr<spdlog::logger> default_logger() {
    auto logger = std::make_shared<spdlog::logger>("plugins", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
    logger->set_level(spdlog::level::warn);
    return logger;
}

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

PluginRegistry::PluginRegistry(std::shared_ptr<spdlog::logger> logger)
    : logger_(logger ? std::move(logger) : default_logger()) {}

PluginRegistry::~PluginRegistry() {
    // Unload in reverse order of loading.
    while (!modules_.empty()) modules_.pop_back();
}

void PluginRegistry::discover(const PluginSearchOptions& options) {
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
                                    "shadowed by " + it->second.string() + " (found earlier on the plugin path)", nullptr});
                continue;
            }
            load(file, dir.origin);
        }
    }
}

ModuleRecord PluginRegistry::load(const fs::path& path, SearchOrigin origin) {
    ModuleRecord record{path, origin, ModuleStatus::Failed, {}, nullptr};
    try {
        auto module = PluginModule::load(path, *logger_);
        for (const auto& e : module->expansions()) {
            if (const PluginExpansion* existing = find_by_id(e.id)) {
                conflicts_.emplace(e.id, path);
                throw ModuleLoadError(path, "expansion id '" + e.id + "' is already provided by module " +
                                                existing->module->path().string());
            }
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
        for (const auto& e : m->expansions()) out.push_back(&e);
    return out;
}

const PluginExpansion* PluginRegistry::find_by_id(std::string_view id) const {
    for (const auto& m : modules_)
        for (const auto& e : m->expansions())
            if (e.id == id) return &e;
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
    if (text.empty()) {
        text = "none; searched:";
        for (const auto& d : search_path_) text += " " + d.dir.string();
        if (search_path_.empty()) text += " (no plugin directory exists)";
    }
    for (const auto& r : records_)
        if (r.status == ModuleStatus::Failed) text += "; module " + r.path.string() + " failed to load: " + r.reason;
    return text;
}

void PluginRegistry::check_not_ambiguous(const PluginExpansion& e) const {
    const auto it = conflicts_.find(e.id);
    if (it != conflicts_.end())
        throw HostError(ErrorCategory::Plugin, "expansion '" + e.id + "' is provided by two modules: " +
                                                   e.module->path().string() + " and " + it->second.string() +
                                                   "; keep only one of them on the plugin path");
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
    for (const auto* e : chosen) {
        check_not_ambiguous(*e);
        enabled.insert(e->id);
    }
    for (const auto* e : chosen) {
        for (const auto& needed : e->requires_ids) {
            if (enabled.count(needed) != 0) continue;
            if (find_by_id(needed) != nullptr)
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

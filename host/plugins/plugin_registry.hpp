// Every plugin module the host found, loaded or not, and the expansions
// they provide. A game enables expansions from here by id, by short name or
// with "all". The registry owns the modules (destroy + dlclose when it
// goes) and the spdlog logger module messages go to; it never touches
// spdlog's global registry.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "module_loader.hpp"
#include "plugin_expansion.hpp"
#include "search_path.hpp"

namespace spdlog {
class logger;
}

namespace ck::host {

enum class ModuleStatus { Loaded, Failed, Shadowed, Unloaded };
std::string_view module_status_name(ModuleStatus status);  // "loaded", "failed", "shadowed", "unloaded"

// One module file the search found, for listing.
struct ModuleRecord {
    std::filesystem::path path;
    SearchOrigin origin = SearchOrigin::CommandLine;
    ModuleStatus status = ModuleStatus::Failed;
    std::string reason;                   // why it failed or is shadowed; empty when loaded
    const PluginModule* module = nullptr;  // when loaded
    // Expansions of this module the registry refused because a module found
    // earlier provides the same id: (id, why).
    std::vector<std::pair<std::string, std::string>> refused;
};

// The logger plugin modules' messages go to: stderr, one message per line,
// at `level` and above ("trace", "debug", "info", "warn", "error", "off").
// Before each message stdout is flushed, so that with both streams in one
// file or terminal a module's line never lands inside the host's output.
// Throws HostError for an unknown level name.
std::shared_ptr<spdlog::logger> make_plugin_logger(std::string_view level = "warn");

class PluginRegistry {
public:
    // `logger` receives the modules' log messages and the registry's
    // warnings; by default make_plugin_logger() (stderr, level warn).
    explicit PluginRegistry(std::shared_ptr<spdlog::logger> logger = nullptr);
    ~PluginRegistry();
    PluginRegistry(const PluginRegistry&) = delete;
    PluginRegistry& operator=(const PluginRegistry&) = delete;

    // Searches the plugin path (search_path.hpp) and loads every `*.so`
    // found. A module that fails is recorded with its reason, not thrown;
    // only a bad --plugin-path directory throws HostError. A file whose name
    // was already found in an earlier directory is recorded as shadowed and
    // not loaded (the first one wins, as with PATH). An expansion id that an
    // earlier module already provides is refused in the later module alone:
    // its other expansions stay.
    //
    // With `only_for` (the specs a game will resolve, as resolve() takes
    // them), a module none of whose expansions those specs name is unloaded
    // again as soon as its manifest is read: a program that plays two
    // expansions keeps two modules in memory, however many are installed.
    // Its record says "unloaded"; expansions() and find() no longer see its
    // expansions, but an id it provided still wins over a later module's
    // (as if it were loaded) and error messages still list it.
    void discover(const PluginSearchOptions& options, const std::vector<std::string>* only_for = nullptr);

    // Loads one module file and records it (as `discover` does).
    ModuleRecord load(const std::filesystem::path& path, SearchOrigin origin = SearchOrigin::CommandLine);

    const std::vector<SearchDir>& search_path() const { return search_path_; }
    const std::vector<std::string>& warnings() const { return warnings_; }
    const std::vector<ModuleRecord>& modules() const { return records_; }
    // Every expansion of every loaded module, in load order, without the
    // refused ones.
    std::vector<const PluginExpansion*> expansions() const;
    bool is_refused(const PluginExpansion& e) const { return refused_.count(&e) != 0; }
    // One line for each short name that two offered expansions share: the
    // name then needs the full id to be enabled.
    std::vector<std::string> short_name_clashes() const;

    // The expansion with this id or short name, or nullptr.
    const PluginExpansion* find(std::string_view id_or_short_name) const;

    // The expansions a game enables: each spec is an id
    // ("cloisterkit.little-buildings"), a short name ("little-buildings") or
    // "all". Returned sorted by id, without repeats. Throws HostError for an
    // unknown name (listing the available ones, the modules that failed and
    // the search path) and for a missing `requires`.
    std::vector<const PluginExpansion*> resolve(const std::vector<std::string>& specs) const;

    // Where modules were looked for and how to add a folder, for errors
    // about an expansion that is not there: a module installed under another
    // prefix is then one --plugin-path away.
    std::string search_hint() const;

    spdlog::logger& logger() const { return *logger_; }

private:
    const PluginExpansion* find_by_id(std::string_view id) const;
    std::vector<const PluginExpansion*> matches(std::string_view name) const;
    std::string available_text() const;

    std::shared_ptr<spdlog::logger> logger_;  // declared first: outlives the modules
    std::vector<SearchDir> search_path_;
    std::vector<std::string> warnings_;
    std::vector<std::unique_ptr<PluginModule>> modules_;  // loaded, in load order
    std::vector<ModuleRecord> records_;
    // The expansions of modules discover() unloaded again: what they
    // offered, for messages and for the first-found-wins rule.
    struct UnloadedExpansion {
        std::string id, short_name;
        std::filesystem::path module;
    };
    std::vector<UnloadedExpansion> unloaded_;
    void unload(const PluginModule& module);
    // The unloaded module's offer of expansion `id`, or nullptr.
    const UnloadedExpansion* unloaded_by_id(std::string_view id) const;
    // The expansions refused for an id found earlier, and why.
    std::map<const PluginExpansion*, std::string> refused_;
};

}  // namespace ck::host

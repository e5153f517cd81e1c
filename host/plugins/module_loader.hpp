// Loading one plugin module file: dlopen, find the entry symbol, negotiate
// versions, create the module context, read every expansion's descriptor
// and manifest. A PluginModule owns the handle and the context and undoes
// both (destroy, then dlclose) when it is destroyed.
#pragma once

#include <cloisterkit/plugin.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "plugin_expansion.hpp"

namespace spdlog {
class logger;
}

namespace ck::host {

// The host's name and version, given to every module in ck_host_info.
inline constexpr const char* kHostName = "cloisterkit-host";
// What this host implements of the turn protocol: ck_host_info.capabilities
// (NULL-terminated, static), for every module it creates.
const char* const* host_capabilities();

// Why one module could not be loaded; what() is "<path>: <reason>".
class ModuleLoadError : public HostError {
public:
    ModuleLoadError(const std::filesystem::path& path, const std::string& reason)
        : HostError(ErrorCategory::Plugin, path.string() + ": " + reason), reason_(reason) {}
    const std::string& reason() const noexcept { return reason_; }

private:
    std::string reason_;
};

class PluginModule {
public:
    PluginModule(const PluginModule&) = delete;
    PluginModule& operator=(const PluginModule&) = delete;
    ~PluginModule();

    // Loads `path`; throws ModuleLoadError naming the path and the reason.
    // Module log messages go to `logger` (which must outlive the module),
    // prefixed with the module's name.
    static std::unique_ptr<PluginModule> load(const std::filesystem::path& path, spdlog::logger& logger);

    const std::filesystem::path& path() const { return path_; }
    const std::string& name() const { return name_; }
    const std::string& version() const { return version_; }
    uint32_t abi_minor() const { return abi_minor_; }
    uint32_t schema_revision() const { return schema_revision_; }

    const ck_plugin_api& api() const { return *api_; }
    const ck_plugin_ctx* context() const { return ctx_; }
    const std::vector<PluginExpansion>& expansions() const { return expansions_; }

    // The module's name for a status (its status_name()), never NULL.
    const char* status_name(ck_status status) const;

    // Where module log messages go: the ck_host_info.host_data of this module.
    struct LogRoute {
        spdlog::logger* logger = nullptr;
        std::string module;  // prefix of every message
    };

private:
    PluginModule() = default;
    void negotiate(void* entry);
    void create_context(spdlog::logger& logger);
    void read_expansions();

    std::filesystem::path path_;
    void* handle_ = nullptr;
    const ck_plugin_api* api_ = nullptr;
    ck_plugin_ctx* ctx_ = nullptr;
    std::string name_, version_;
    uint32_t abi_minor_ = 0, schema_revision_ = 0;
    LogRoute log_route_;
    std::vector<PluginExpansion> expansions_;
};

}  // namespace ck::host

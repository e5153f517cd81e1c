// Helpers for the plugin tests: where the test modules are, scratch plugin
// directories, and a scoped environment variable.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <spdlog/fwd.h>  // the logger is only held here; full header in the .cpp

namespace ck::test {

// build/tests/plugins/modules/<name>.so
std::filesystem::path test_module(const std::string& name);
// build/plugins/cloisterkit_expansions.so
std::filesystem::path shipped_module();

// A fresh directory under the build tree, removed at the end of the test.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& label);
    ~ScratchDir();
    const std::filesystem::path& path() const { return path_; }
    // Copies `module` into the directory as `file_name` and returns the copy.
    std::filesystem::path add(const std::filesystem::path& module, const std::string& file_name) const;

private:
    std::filesystem::path path_;
};

// Sets (or unsets, with nullopt) an environment variable for a scope.
class ScopedEnv {
public:
    ScopedEnv(const char* name, std::optional<std::string> value);
    ~ScopedEnv();

private:
    std::string name_;
    std::optional<std::string> old_;
};

// A logger that keeps every message, to check what modules logged.
struct CapturedLog {
    std::shared_ptr<spdlog::logger> logger;
    std::shared_ptr<std::vector<std::string>> lines;
};
CapturedLog capturing_logger();

}  // namespace ck::test

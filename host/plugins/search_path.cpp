#include "search_path.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "core/build_tree.hpp"
#include "core/errors.hpp"
#include "core/install_layout.hpp"

namespace fs = std::filesystem;

namespace ck::host {

std::string_view search_origin_name(SearchOrigin origin) {
    switch (origin) {
        case SearchOrigin::CommandLine: return "--plugin-path";
        case SearchOrigin::Environment: return kPluginPathVariable;
        case SearchOrigin::BuildTree: return "build tree";
        case SearchOrigin::Installed: return "installed";
        case SearchOrigin::LocalPrefix: return "/usr/local";
    }
    return "?";
}

namespace {

bool is_dir(const fs::path& p) {
    std::error_code ec;
    return fs::is_directory(p, ec);
}

// Appends `dir` unless the same directory is already listed.
void add_unique(std::vector<SearchDir>& out, fs::path dir, SearchOrigin origin) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(dir, ec);
    if (ec) canonical = dir.lexically_normal();
    for (const auto& existing : out)
        if (existing.dir == canonical) return;
    out.push_back({std::move(canonical), origin});
}

std::vector<std::string> split_colons(std::string_view text) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = std::min(text.find(':', start), text.size());
        parts.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

}  // namespace

std::vector<SearchDir> plugin_search_path(const PluginSearchOptions& options, std::vector<std::string>& warnings) {
    std::vector<SearchDir> out;
    for (const auto& dir : options.dirs) {
        if (!is_dir(dir))
            throw HostError(ErrorCategory::BadInput,
                            "--plugin-path " + dir.string() + ": not a directory (or it does not exist)");
        add_unique(out, fs::absolute(dir), SearchOrigin::CommandLine);
    }
    if (options.use_environment) {
        if (const char* value = std::getenv(kPluginPathVariable)) {
            for (const auto& entry : split_colons(value)) {
                // An empty entry means "current directory" in PATH-like
                // variables; we never search it, and say so.
                if (entry.empty() || fs::path(entry).is_relative()) {
                    warnings.push_back(std::string(kPluginPathVariable) + ": ignoring entry '" + entry +
                                       "': only absolute directories are searched, never the current directory");
                    continue;
                }
                if (!is_dir(entry)) {
                    warnings.push_back(std::string(kPluginPathVariable) + ": ignoring '" + entry +
                                       "': not a directory (or it does not exist)");
                    continue;
                }
                add_unique(out, entry, SearchOrigin::Environment);
            }
        }
    }
    if (options.use_default_dirs) {
        // Only a program of the build tree (its bin/ names the folder,
        // core/build_tree.hpp): an installed program, or a copy of this
        // one elsewhere, must not load what is later put there.
        if (const auto& build_tree = this_build_tree(); build_tree && is_dir(build_tree->plugin_dir))
            add_unique(out, build_tree->plugin_dir, SearchOrigin::BuildTree);
        // The installed folder is found relative to the program (core/install_layout.hpp).
        if (const fs::path installed = installed_plugin_dir(); !installed.empty() && is_dir(installed))
            add_unique(out, installed, SearchOrigin::Installed);
        if (const fs::path local = local_plugin_dir(); !local.empty() && is_dir(local))
            add_unique(out, local, SearchOrigin::LocalPrefix);
    }
    return out;
}

std::vector<fs::path> module_files_in(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        std::error_code file_ec;
        if (p.extension() == ".so" && fs::is_regular_file(p, file_ec)) files.push_back(p);
    }
    std::sort(files.begin(), files.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
    return files;
}

}  // namespace ck::host

// Where the host looks for plugin modules, in order:
//   1. directories given on the command line (--plugin-path),
//   2. CLOISTERKIT_PLUGIN_PATH (colon-separated, absolute entries only),
//   3. the build tree's plugin folder, but only for the uninstalled program
//      running from that build tree's bin/ (core/build_tree.hpp),
//   4. the installed plugin folder (<libdir>/cloisterkit/plugins), found
//      relative to the program (core/install_layout.hpp),
//   5. for the program installed in /usr/bin, the same folder under
//      /usr/local, where `cmake --install` of an SDK module goes by default.
// Never the current directory, and never a build tree from an installed
// program: a module is native code run with the user's rights, so only
// configured places are searched.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace ck::host {

inline constexpr const char* kPluginPathVariable = "CLOISTERKIT_PLUGIN_PATH";

enum class SearchOrigin { CommandLine, Environment, BuildTree, Installed, LocalPrefix };
std::string_view search_origin_name(SearchOrigin origin);  // "--plugin-path", ...

struct SearchDir {
    std::filesystem::path dir;
    SearchOrigin origin;
};

struct PluginSearchOptions {
    std::vector<std::filesystem::path> dirs;  // --plugin-path, in order
    bool use_environment = true;              // read CLOISTERKIT_PLUGIN_PATH
    bool use_default_dirs = true;             // the installed folders (and the build tree's, see above)
};

// The directories to search, in order, without duplicates. A command-line
// directory that does not exist throws HostError (the user named it); an
// environment entry that is empty or relative is skipped and reported in
// `warnings`; default directories that do not exist are left out silently.
std::vector<SearchDir> plugin_search_path(const PluginSearchOptions& options, std::vector<std::string>& warnings);

// The `*.so` files directly inside `dir`, sorted by file name.
std::vector<std::filesystem::path> module_files_in(const std::filesystem::path& dir);

}  // namespace ck::host

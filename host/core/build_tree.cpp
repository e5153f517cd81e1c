#include "build_tree.hpp"

#include "program_location.hpp"

#include <fstream>
#include <string>
#include <system_error>

namespace ck::host {

namespace fs = std::filesystem;

std::optional<BuildTreeFolders> build_tree_of(const fs::path& executable) {
    std::error_code ec;
    const fs::path program = fs::canonical(executable, ec);
    if (ec || !fs::is_regular_file(program, ec)) return std::nullopt;
    std::ifstream in(program.parent_path() / kBuildTreeFile);
    if (!in) return std::nullopt;
    BuildTreeFolders folders;
    std::string line;
    while (std::getline(in, line)) {
        const auto eq = line.find('=');
        if (line.empty() || line[0] == '#' || eq == std::string::npos) continue;
        const std::string key = line.substr(0, eq);
        const fs::path value = line.substr(eq + 1);
        if (key == "tiles") folders.tile_dir = value;
        else if (key == "plugins") folders.plugin_dir = value;
    }
    if (!folders.tile_dir.is_absolute() || !folders.plugin_dir.is_absolute()) return std::nullopt;
    return folders;
}

const std::optional<BuildTreeFolders>& this_build_tree() {
    // The kernel's name for the running program's file; a program deleted
    // or replaced since it started reads "... (deleted)" and has none.
    static const std::optional<BuildTreeFolders> folders = [] {
        const fs::path self = this_program();
        return self.empty() ? std::nullopt : build_tree_of(self);
    }();
    return folders;
}

}  // namespace ck::host

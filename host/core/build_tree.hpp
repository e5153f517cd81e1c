// Whether a program is the uninstalled one of a build tree, and which
// source tiles and build plugins it then uses. No path is compiled in (the
// binaries are reproducible, docs/reliability.md): the build writes the
// file `cloisterkit-build-tree` into its bin/ folder, naming both folders,
// and installs never carry it. Only a program with that file beside it
// uses the build tree's plugin folder and the source tree's tile files; an
// installed copy never reads what is placed at a build's paths (issue 11,
// finding 7).
#pragma once

#include <filesystem>
#include <optional>

namespace ck::host {

// The file beside a build tree's programs.
inline constexpr const char* kBuildTreeFile = "cloisterkit-build-tree";

struct BuildTreeFolders {
    std::filesystem::path tile_dir;    // the source tree's host/data
    std::filesystem::path plugin_dir;  // the build tree's plugins/
};

// The folders of the build tree `executable` belongs to: read from
// kBuildTreeFile in the folder it is in (symbolic links followed). Nothing
// when there is no such file, or it does not name both folders as absolute
// paths (`tiles=` and `plugins=` lines).
std::optional<BuildTreeFolders> build_tree_of(const std::filesystem::path& executable);

// For this process (/proc/self/exe), read once.
const std::optional<BuildTreeFolders>& this_build_tree();

}  // namespace ck::host

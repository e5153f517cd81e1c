// Whether this process is the uninstalled program running from the build
// tree it was compiled in (its bin/ folder, CK_BUILD_BIN_DIR). Only then
// does the host use the build tree's plugin folder and the source tree's
// tile files: the paths are compiled in, and an installed copy must never
// read whatever is later placed at them (issue 11, finding 7;
// docs/reliability.md).
#pragma once

#include <filesystem>

namespace ck::host {

// For this process (/proc/self/exe).
bool running_from_build_tree();

// For a program at `executable`: true when the folder it is in is
// CK_BUILD_BIN_DIR (both resolved, symlinks followed). False when either
// does not exist.
bool is_build_tree_program(const std::filesystem::path& executable);

}  // namespace ck::host

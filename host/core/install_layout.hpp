// Where an installed cloisterkit finds its tile files and its plugin
// folder: relative to its own executable, so an install tree works wherever
// it is put (a relocatable .tar.gz, docs/installing.md). For a program at
// <prefix>/bin/cloisterkit they are <prefix>/share/cloisterkit/tiles and
// <prefix>/<libdir>/cloisterkit/plugins (the paths from the bin folder are
// compiled in, CK_TILE_DIR_FROM_BIN and CK_PLUGIN_DIR_FROM_BIN; no absolute
// path is). The uninstalled program in the build tree uses the source
// tree's tiles and the build tree's plugins first (core/build_tree.hpp).
#pragma once

#include <filesystem>

namespace ck::host {

// The folders for a program at `executable` (symlinks followed; the result
// need not exist). Empty when `executable` does not resolve.
std::filesystem::path installed_tile_dir_for(const std::filesystem::path& executable);
std::filesystem::path installed_plugin_dir_for(const std::filesystem::path& executable);

// For a program installed in /usr/bin (the .deb's), the plugin folder of
// the same layout under /usr/local: where `cmake --install` of a module
// built from the SDK puts it by default (CMake's default prefix). Empty for
// a program anywhere else, so a relocated tree never looks outside itself.
std::filesystem::path local_plugin_dir_for(const std::filesystem::path& executable);

// The same for this process (/proc/self/exe). Empty when it cannot be read.
std::filesystem::path installed_tile_dir();
std::filesystem::path installed_plugin_dir();
std::filesystem::path local_plugin_dir();

}  // namespace ck::host

#include "install_layout.hpp"

#include "program_location.hpp"

#include <system_error>

namespace ck::host {

namespace fs = std::filesystem;

namespace {

// The folder the program really lives in (symlinks followed), or empty.
fs::path bin_dir_of(const fs::path& executable) {
    if (executable.empty()) return {};
    std::error_code ec;
    const fs::path program = fs::canonical(executable, ec);
    return ec ? fs::path() : program.parent_path();
}

fs::path from_bin(const fs::path& executable, const char* relative) {
    const fs::path bin = bin_dir_of(executable);
    return bin.empty() ? fs::path() : (bin / relative).lexically_normal();
}

fs::path self() { return this_program(); }

}  // namespace

fs::path installed_tile_dir_for(const fs::path& executable) { return from_bin(executable, CK_TILE_DIR_FROM_BIN); }
fs::path installed_plugin_dir_for(const fs::path& executable) {
    return from_bin(executable, CK_PLUGIN_DIR_FROM_BIN);
}

fs::path local_plugin_dir_for(const fs::path& executable) {
    if (bin_dir_of(executable) != "/usr/bin") return {};
    return (fs::path("/usr/local/bin") / CK_PLUGIN_DIR_FROM_BIN).lexically_normal();
}

fs::path installed_tile_dir() { return installed_tile_dir_for(self()); }
fs::path installed_plugin_dir() { return installed_plugin_dir_for(self()); }
fs::path local_plugin_dir() { return local_plugin_dir_for(self()); }

}  // namespace ck::host

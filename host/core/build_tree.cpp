#include "build_tree.hpp"

#include <system_error>

namespace ck::host {

namespace fs = std::filesystem;

bool is_build_tree_program(const fs::path& executable) {
    std::error_code ec;
    const fs::path program = fs::canonical(executable, ec);
    if (ec) return false;
    const fs::path build_bin = fs::canonical(CK_BUILD_BIN_DIR, ec);
    if (ec) return false;
    return program.parent_path() == build_bin;
}

bool running_from_build_tree() {
    std::error_code ec;
    // The kernel's name for the running program's file; a program deleted
    // or replaced since it started reads "... (deleted)" and does not match.
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return !ec && is_build_tree_program(self);
}

}  // namespace ck::host

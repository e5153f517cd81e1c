#include "program_location.hpp"

#include <mutex>
#include <stdexcept>
#include <system_error>

namespace ck::host {

namespace fs = std::filesystem;

namespace {

std::mutex location_mutex;
fs::path chosen_location;
bool location_read = false;

}  // namespace

fs::path this_program() {
    std::lock_guard lock(location_mutex);
    location_read = true;
    if (!chosen_location.empty()) return chosen_location;
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe;
}

void set_program_location(fs::path program) {
    std::lock_guard lock(location_mutex);
    if (location_read && program != chosen_location)
        throw std::logic_error("set_program_location: the program's location was already used");
    chosen_location = std::move(program);
}

}  // namespace ck::host

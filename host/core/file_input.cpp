#include "file_input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "errors.hpp"

namespace ck::host {

namespace {

const char* file_kind(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a plain file";
}

// Closes the descriptor however the read ends.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

std::string format_byte_limit(std::uint64_t bytes) {
    constexpr std::uint64_t kKiB = 1024, kMiB = 1024 * 1024;
    if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
    if (bytes >= kKiB && bytes % kKiB == 0) return std::to_string(bytes / kKiB) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string read_input_file(const std::string& path, std::string_view what, std::uint64_t max_bytes) {
    const std::string kind(what);
    const auto fail = [&](const std::string& why) -> void { throw HostError(ErrorCategory::Io, path + ": " + why); };
    const std::string too_large = kind + " is larger than the limit of " + std::to_string(max_bytes) + " bytes (" +
                                  format_byte_limit(max_bytes) + ")";

    if (path.empty()) throw HostError(ErrorCategory::Io, "empty file name given for a " + kind);
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused
    // below as not a regular file. It changes nothing for regular files.
    Fd file{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)};
    if (file.fd < 0) fail("cannot open " + kind + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(file.fd, &st) != 0) fail("cannot read " + kind + ": " + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        fail(std::string("not a regular file (") + file_kind(st.st_mode) + "); a " + kind + " must be a regular file");
    if (st.st_size > 0 && static_cast<std::uint64_t>(st.st_size) > max_bytes)
        fail(kind + " is " + std::to_string(st.st_size) + " bytes, larger than the limit of " +
             std::to_string(max_bytes) + " bytes (" + format_byte_limit(max_bytes) + ")");

    // The size from fstat is a hint (files in /proc say 0, a file may grow
    // while it is read): read until the end, but never past the limit.
    std::string text;
    text.reserve(static_cast<size_t>(st.st_size > 0 ? st.st_size : 0));
    char buffer[64 * 1024];
    for (;;) {
        const ssize_t n = ::read(file.fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("error reading " + kind + ": " + std::strerror(errno));
        }
        if (n == 0) break;
        if (text.size() + static_cast<size_t>(n) > max_bytes) fail(too_large);
        text.append(buffer, static_cast<size_t>(n));
    }
    return text;
}

}  // namespace ck::host

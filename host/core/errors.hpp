// The one exception type for errors a user can cause (bad files, bad
// arguments, illegal moves, misbehaving plugins, I/O). The CLI catches it,
// prints what() and exits 2; messages say what, where and why.
#pragma once

#include <stdexcept>
#include <string>

namespace ck::host {

enum class ErrorCategory {
    BadInput,     // malformed or inconsistent input: tile XML, saved games, arguments
    IllegalMove,  // a move that the rules do not allow
    Plugin,       // a plugin failed to load, negotiate or answer correctly
    Io,           // a file could not be read or written
};

class HostError : public std::runtime_error {
public:
    explicit HostError(const std::string& message, ErrorCategory category = ErrorCategory::BadInput)
        : std::runtime_error(message), category_(category) {}
    HostError(ErrorCategory category, const std::string& message) : HostError(message, category) {}

    ErrorCategory category() const noexcept { return category_; }

private:
    ErrorCategory category_;
};

}  // namespace ck::host

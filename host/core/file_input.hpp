// Reading a whole file the user named (a tile XML file, a .jcz saved game)
// with the checks every such file gets (docs/reliability.md): it must be a
// regular file (a directory, device, FIFO or socket is refused before a
// byte is read) and at most `max_bytes` long.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ck::host {

// Returns the file's bytes. Throws HostError (category Io) whose message
// starts with `path`, names `what` ("tile file", "saved game") and says why:
//   "<path>: cannot open <what>: No such file or directory"
//   "<path>: not a regular file (a directory); a <what> must be a regular file"
//   "<path>: <what> is larger than the limit of 16777216 bytes (16 MiB)"
std::string read_input_file(const std::string& path, std::string_view what, std::uint64_t max_bytes);

// "16 MiB", "4 KiB", "100 bytes": how limits are written in messages.
std::string format_byte_limit(std::uint64_t bytes);

}  // namespace ck::host

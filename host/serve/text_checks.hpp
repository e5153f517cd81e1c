// Checks of text that arrives in requests and imported files, before any
// of it is stored or shown (docs/serve.md, "What the server defends
// against").
#pragma once

#include <string>
#include <string_view>

#include "core/utf8.hpp"

namespace ck::serve {

using host::valid_utf8;  // core/utf8.hpp

// Why `name` cannot be a player's name ("" when it can): 1 to 64 bytes of
// UTF-8 without control characters, from the form and imported files alike.
std::string name_problem(std::string_view name);
inline constexpr size_t kMaxNameBytes = 64;

}  // namespace ck::serve

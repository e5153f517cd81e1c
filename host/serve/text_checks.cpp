#include "text_checks.hpp"

#include <cstdint>

namespace ck::serve {

std::string name_problem(std::string_view name) {
    if (name.empty() || name.size() > kMaxNameBytes)
        return "must have 1 to " + std::to_string(kMaxNameBytes) + " bytes (it has " + std::to_string(name.size()) + ")";
    if (!valid_utf8(name)) return "is not UTF-8";
    for (const char c : name)
        if (static_cast<uint8_t>(c) < 0x20 || c == 0x7F) return "holds a control character";
    return "";
}

}  // namespace ck::serve

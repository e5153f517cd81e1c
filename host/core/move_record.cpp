#include "move_record.hpp"

#include <charconv>

#include "errors.hpp"

namespace ck::host {

std::string format_meeple_id(MeepleId id) {
    return std::to_string(id.player) + ".small." + std::to_string(id.number);
}

MeepleId parse_meeple_id(const std::string& text) {
    const auto bad = [&](const char* why) {
        return HostError("meeple id \"" + text + "\": " + why + " (expected \"<player>.small.<n>\", e.g. \"0.small.1\")");
    };
    const size_t dot1 = text.find('.');
    const size_t dot2 = dot1 == std::string::npos ? dot1 : text.find('.', dot1 + 1);
    if (dot2 == std::string::npos) throw bad("not three parts");
    if (text.compare(dot1 + 1, dot2 - dot1 - 1, "small") != 0) throw bad("only small followers exist here");
    unsigned player = 0, number = 0;
    const char* b = text.data();
    auto r1 = std::from_chars(b, b + dot1, player);
    auto r2 = std::from_chars(b + dot2 + 1, b + text.size(), number);
    if (r1.ec != std::errc{} || r1.ptr != b + dot1 || dot1 == 0) throw bad("bad player number");
    if (r2.ec != std::errc{} || r2.ptr != b + text.size() || dot2 + 1 == text.size()) throw bad("bad meeple number");
    if (player > 255 || number < 1 || number > 255) throw bad("number out of range");
    return {static_cast<uint8_t>(player), static_cast<uint8_t>(number)};
}

}  // namespace ck::host

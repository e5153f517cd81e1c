// How the commands print measured rates (header-only, so tests can check it
// without the executable).
#pragma once

#include <cstdio>
#include <string>

namespace ck::cli {

// A rate with enough digits to be read at any speed: "0.31", "4.50",
// "12.5", "1234". A slow run printed "0 per CPU second" before.
inline std::string format_rate(double per_second) {
    char text[64];
    std::snprintf(text, sizeof text, per_second < 10 ? "%.2f" : per_second < 100 ? "%.1f" : "%.0f", per_second);
    return text;
}

}  // namespace ck::cli

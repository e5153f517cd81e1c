#include "markup.hpp"

#include <cmath>
#include <cstdio>

namespace ck::host::render {

std::string xml_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string num(double value) {
    // Integers of hundredths, so the text does not depend on printf's
    // rounding of halves or on the locale's decimal point.
    long long h = std::llround(value * 100.0);
    const bool negative = h < 0;
    if (negative) h = -h;
    std::string out = std::to_string(h / 100);
    const int frac = static_cast<int>(h % 100);
    if (frac) {
        char buf[4];
        std::snprintf(buf, sizeof buf, "%02d", frac);
        out += '.';
        out += buf[0];
        if (buf[1] != '0') out += buf[1];
    }
    if (negative && h != 0) out.insert(out.begin(), '-');
    return out;
}

}  // namespace ck::host::render

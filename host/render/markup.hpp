// Text helpers shared by the SVG writer and the HTML page: escaping for XML
// and HTML, and one fixed way of writing numbers, so the same game always
// gives the same bytes (no locale, no exponent, at most two decimals).
#pragma once

#include <string>
#include <string_view>

namespace ck::host::render {

// `&`, `<`, `>`, `"` and `'` as entities: safe in element text and in
// double-quoted attributes alike.
std::string xml_escape(std::string_view text);

// A coordinate or length: rounded to two decimals, trailing zeros and a
// negative zero dropped ("12", "-3.5", "0.25").
std::string num(double value);

}  // namespace ck::host::render

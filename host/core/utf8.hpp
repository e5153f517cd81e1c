// Whether text from outside (a request, an imported file, a module's
// labels) is well-formed UTF-8 before it is stored, shown or saved.
#pragma once

#include <string_view>

namespace ck::host {

// Well-formed UTF-8: no overlong forms, surrogates or code points past U+10FFFF.
bool valid_utf8(std::string_view text);

}  // namespace ck::host

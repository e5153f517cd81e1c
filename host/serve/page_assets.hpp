// The page `serve` sends (host/serve/page/: index.html, app.js, app.css),
// compiled into the program so that it needs no file and no network.
#pragma once

#include <string_view>

namespace ck::serve {

// The file's text; empty for a name that is not one of them.
std::string_view page_asset(std::string_view name);

}  // namespace ck::serve

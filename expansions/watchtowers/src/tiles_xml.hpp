// The expansion's tile file (watchtowers.xml), embedded at build time.
#pragma once

#include <string_view>

namespace ck::watchtowers {

std::string_view tiles_xml();

}  // namespace ck::watchtowers

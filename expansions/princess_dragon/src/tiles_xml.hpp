// The expansion's tile file (princess_and_dragon.xml), embedded at build time.
#pragma once

#include <string_view>

namespace ck::princess_dragon {

std::string_view tiles_xml();

}  // namespace ck::princess_dragon

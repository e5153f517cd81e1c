// The expansion's tile file (labyrinth.xml), embedded at build time.
#pragma once

#include <string_view>

namespace ck::labyrinth {

std::string_view tiles_xml();

}  // namespace ck::labyrinth

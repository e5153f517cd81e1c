// The expansion's tile file (inns_and_cathedrals.xml), embedded at build time.
#pragma once

#include <string_view>

namespace ck::inns_cathedrals {

std::string_view tiles_xml();

}  // namespace ck::inns_cathedrals

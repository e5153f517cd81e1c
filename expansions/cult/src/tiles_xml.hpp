// The expansion's tile file (cult.xml), embedded at build time.
#pragma once

#include <string_view>

namespace ck::cult {

std::string_view tiles_xml();

}  // namespace ck::cult

// The expansion's tile file (darmstadt.xml), embedded at build time.
#pragma once

#include <string_view>

namespace ck::darmstadt {

std::string_view tiles_xml();

}  // namespace ck::darmstadt

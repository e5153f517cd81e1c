#include "plugin_expansion.hpp"

namespace ck::host {

std::string PluginExpansion::short_name() const {
    if (!jcz_element.empty()) return jcz_element;
    const auto dot = id.rfind('.');
    return dot == std::string::npos ? id : id.substr(dot + 1);
}

}  // namespace ck::host

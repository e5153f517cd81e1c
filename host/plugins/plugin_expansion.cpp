#include "plugin_expansion.hpp"

namespace ck::host {

std::string PluginExpansion::short_name() const {
    if (!jcz_element.empty()) return jcz_element;
    const auto dot = id.rfind('.');
    return dot == std::string::npos ? id : id.substr(dot + 1);
}


std::vector<FigureKind> figure_kinds_of(const std::vector<const PluginExpansion*>& expansions) {
    std::vector<FigureKind> kinds;
    for (const PluginExpansion* e : expansions) kinds.insert(kinds.end(), e->figure_kinds.begin(), e->figure_kinds.end());
    return kinds;
}

}  // namespace ck::host

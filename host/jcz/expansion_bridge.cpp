#include "expansion_bridge.hpp"

#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"

namespace ck::host::jcz {

std::unique_ptr<ExpansionHooks> make_expansion_hooks(PluginRegistry&,
                                                     const std::vector<const PluginExpansion*>& expansions) {
    if (expansions.empty()) return nullptr;
    return std::make_unique<PluginHooks>(expansions);
}

}  // namespace ck::host::jcz

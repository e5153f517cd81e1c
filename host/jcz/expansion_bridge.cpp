#include "expansion_bridge.hpp"

#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"

namespace ck::host::jcz {

std::unique_ptr<ExpansionHooks> make_expansion_hooks(const PluginRegistry&,
                                                     const std::vector<const PluginExpansion*>& expansions,
                                                     std::chrono::milliseconds time_budget, HandPlayBy hand_play,
                                                     bool ignore_filters) {
    if (expansions.empty()) return nullptr;
    auto hooks = std::make_unique<PluginHooks>(expansions, hand_play);
    hooks->set_time_budget(time_budget);
    if (ignore_filters) hooks->ignore_filters();
    return hooks;
}

}  // namespace ck::host::jcz

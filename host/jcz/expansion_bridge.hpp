// The one place where the replayer (and save/play tools) obtain the
// ExpansionHooks for a set of enabled plugin expansions.
#pragma once

#include <memory>
#include <vector>

#include "core/expansion_hooks.hpp"

namespace ck::host {
class PluginRegistry;
struct PluginExpansion;
}  // namespace ck::host

namespace ck::host::jcz {

// nullptr when no expansion is enabled. The registry must outlive the hooks.
std::unique_ptr<ExpansionHooks> make_expansion_hooks(PluginRegistry& registry,
                                                     const std::vector<const PluginExpansion*>& expansions);

}  // namespace ck::host::jcz

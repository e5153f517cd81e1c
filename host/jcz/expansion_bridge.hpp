// The one place where the replayer (and save/play tools) obtain the
// ExpansionHooks for a set of enabled plugin expansions.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "core/expansion_hooks.hpp"
#include "core/limits.hpp"
#include "plugins/plugin_expansion.hpp"

namespace ck::host {
class PluginRegistry;
}  // namespace ck::host

namespace ck::host::jcz {

// nullptr when no expansion is enabled. The registry must outlive the hooks.
// A hook call taking longer than `time_budget` is refused
// (PluginHooks::set_time_budget).
std::unique_ptr<ExpansionHooks> make_expansion_hooks(
    const PluginRegistry& registry, const std::vector<const PluginExpansion*>& expansions,
    std::chrono::milliseconds time_budget = limits::kDefaultHookTimeBudget,
    HandPlayBy hand_play = HandPlayBy::Declaration);

}  // namespace ck::host::jcz

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
// (PluginHooks::set_time_budget). `ignore_filters`: every hook called, as
// a host without filters calls them (PluginHooks::ignore_filters).
std::unique_ptr<ExpansionHooks> make_expansion_hooks(
    const PluginRegistry& registry, const std::vector<const PluginExpansion*>& expansions,
    std::chrono::milliseconds time_budget = limits::kDefaultHookTimeBudget,
    HandPlayBy hand_play = HandPlayBy::Declaration, bool ignore_filters = false);

}  // namespace ck::host::jcz

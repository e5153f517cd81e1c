// The rule options in force for a game with plugin expansions: what the
// game gave, expanded by the expansions' presets (RulePreset in the
// manifest), and every other declared option at its default. Expansions
// then read one complete set (GameState.rules) and never guess defaults of
// each other's options (Little Buildings reads halflings.gridUnit).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "plugin_expansion.hpp"

namespace ck::host {

// Completes `rules` in place: explicit values win over values a preset
// sets, which win over declared defaults. Presets apply for the preset
// key's value in force (given, or its default). Throws HostError when two
// given presets set one key differently.
void complete_rule_options(const std::vector<const PluginExpansion*>& expansions,
                           std::map<std::string, std::string>& rules);

}  // namespace ck::host

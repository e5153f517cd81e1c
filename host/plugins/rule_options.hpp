// The rule options of a game with plugin expansions: what the game gave,
// expanded by the expansions' presets (RulePreset in the manifest), every
// other declared option at its default, and every value checked against
// its declaration. Expansions then read one complete, valid set
// (GameState.rules) and never guess defaults of each other's options
// (Little Buildings reads halflings.gridUnit).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "plugin_expansion.hpp"

namespace ck::host {

// The namespace of an expansion's option keys: its short name in camel
// case ("little-buildings" -> "littleBuildings", so "littleBuildings.values").
std::string option_namespace(std::string_view short_name);

// Why `key`, declared by `e`, is not in e's namespace ("has no namespace:
// name it 'pilgrimsRoad.bonus'"), or "" when it is. Keys in their own
// namespace cannot meet another expansion's.
std::string option_key_problem(const PluginExpansion& e, const std::string& key);

// Why a declaration cannot be used (an unknown value type, an empty
// integer range, a default its own type refuses), or "".
std::string rule_option_declaration_problem(const RuleOptionInfo& o);

// Why `value` is not a value of option `o` ("\"abc\" is not a whole number
// (an integer from 1 to 10)"), or "" when it is one.
std::string rule_value_problem(const RuleOptionInfo& o, const std::string& value);

// What option `o` takes, in words: "one of flat, 321", "a whole number
// from 1 to 10", "true or false", or "" for free text.
std::string allowed_values_text(const RuleOptionInfo& o);

// "text", "integer" or "boolean": the option's type in JSON answers.
const char* rule_value_type_name(RuleValueType type);

// Whether a Boolean option's accepted value means true ("true", "yes",
// "on", "1").
bool rule_value_true(std::string_view value);

// Completes `rules` in place: explicit values win over values a preset
// sets, which win over declared defaults. Presets apply for the preset
// key's value in force (given, or its default). Then checks the whole set
// before a game starts. Throws HostError when two given presets set one key
// differently, when two enabled expansions declare one key, when an
// expansion declares a key in another enabled expansion's namespace, or
// when a value is not one its declaration allows (naming the key, the value
// and what is allowed).
void complete_rule_options(const std::vector<const PluginExpansion*>& expansions,
                           std::map<std::string, std::string>& rules);

}  // namespace ck::host

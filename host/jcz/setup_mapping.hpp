// From a .jcz `setup` to what the engine and the plugins understand:
// `setup.elements` enable expansions through their manifests' `jcz_element`
// (or short name), `setup.rules` pass through JCloisterZone aliases
// (`little-buildings-scoring: 3/2/1` -> `littleBuildings.values: 321`) or
// under our own option names. Every error names its JSON path.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "saved_game.hpp"

namespace ck::host {
class PluginRegistry;
struct PluginExpansion;
}  // namespace ck::host

namespace ck::host::jcz {

struct MappedSetup {
    std::vector<const PluginExpansion*> expansions;  // enabled, sorted by id
    std::map<std::string, std::string> rules;       // our option names -> values
};

// Elements the base game reads itself (the rest must name an expansion).
inline constexpr const char* kElementSmallFollower = "small-follower";
inline constexpr const char* kElementFarmers = "farmers";
// Halflings' element: JCloisterZone cannot open a game that has it (no
// triangle tiles there), so such a save keeps every option in setup.rules.
inline constexpr const char* kElementHalflings = "halflings";

// Whether JCloisterZone 5.x knows `key` as a rule id. Its engine turns every
// key of setup.rules into a rule with Rule.byKey, which throws for any other
// key, so a file with one does not open there. The list is the keys of the
// enum com.jcloisterzone.game.Rule (FARMERS and ESCAPE have none: they come
// from setup.elements). Options JCloisterZone does not know are saved in
// gameAnnotations.rules, which it ignores (docs/interop.md, "Saving").
bool is_jcz_rule_key(std::string_view key);

// Text of a scalar rule value as options compare it: strings as they are,
// numbers and booleans as written in JSON (321, true).
std::string rule_value_text(const Json& value);

// Throws HostError: an enabled element no loaded expansion provides, an
// unknown rule, a JCZ value with no alias, both names given with different
// values. An option of an enabled expansion that allows the value "jcz"
// (JCloisterZone's behaviour, e.g. littleBuildings.split) is set to it
// unless the file sets that option itself. `annotation_rules` are the
// file's gameAnnotations.rules (options JCloisterZone does not know): read
// like setup.rules; the same option in both places must agree.
MappedSetup map_jcz_setup(const Setup& setup, const PluginRegistry& registry,
                          const Json& annotation_rules = Json::object());

}  // namespace ck::host::jcz

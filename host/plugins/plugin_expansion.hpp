// What the host knows about one expansion of a loaded module: its
// descriptor (ck_expansion_desc) and its verified manifest (CKMF), copied
// into host-owned strings so nothing dangles once the module is gone.
#pragma once

#include <cloisterkit/plugin.h>

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "core/figure_kinds.hpp"
#include <cloisterkit/schemas/manifest_generated.h>

namespace ck::host {

class PluginModule;

// How the expansion's hand tiles are played (manifest HandPlayDecl, revision
// 5): declared means the host offers and plays them itself, with `action`
// and `label` ("{tile}" stands for the tile type's id), and never calls the
// expansion's TILE_STEP_OPTIONS or APPLY_TILE_STEP_OPTION.
struct HandPlayInfo {
    bool declared = false;  // InsteadOfDrawing
    std::string action;     // "play-halfling"
    std::string label;      // "play halfling {tile}"
};

// Whether a host plays a declared hand play itself (the default) or through
// the expansion's hooks, as a host that does not implement the declaration
// does: the games are the same, the second makes a round trip per offer and
// per play (cloisterkit --hand-play-by-hooks, to compare the two).
enum class HandPlayBy { Declaration, Hooks };

// Values match ck.fb.RuleValueType (manifest revision 6).
enum class RuleValueType : uint8_t { Text = 0, Integer = 1, Boolean = 2 };

struct RuleOptionInfo {
    std::string key;
    std::string default_value;
    std::vector<std::string> allowed;  // empty: free-form
    std::string description;
    RuleValueType value_type = RuleValueType::Text;
    int32_t int_min = INT32_MIN;  // Integer: inclusive bounds
    int32_t int_max = INT32_MAX;
};

struct TokenKindInfo {
    std::string kind;  // "LB_TOWER"
    std::string name;  // "tower"
    int count = 0;
    // Placed instead of a figure on the tile just placed, offered and
    // applied by the host itself (manifest.fbs, TokenPlacement).
    bool instead_of_figure = false;
};

struct RuleAliasInfo {
    std::string jcz_key, jcz_value, key, value;
};

// Giving `key` the value `value` also sets `sets` (unless given explicitly).
struct RulePresetInfo {
    std::string key, value;
    std::vector<std::pair<std::string, std::string>> sets;
};

// When the host needs to call a hook (manifest HookFilterDecl).
struct HookFilterInfo {
    ck_hook_id hook = 0;
    fb::HookFilter filter = fb::HookFilter::Always;
    std::string rule_key;                 // RuleIs
    std::vector<std::string> rule_values;  // RuleIs
};

struct PluginExpansion {
    const PluginModule* module = nullptr;  // owner; outlives this entry
    uint32_t index = 0;                    // expansion index inside the module

    // From the descriptor.
    std::string id;  // "cloisterkit.little-buildings"
    std::string name;
    std::string version;
    uint64_t hooks = 0;
    std::vector<std::string> requires_ids;

    // From the manifest.
    std::string description;
    std::vector<RuleOptionInfo> rule_options;
    std::vector<TokenKindInfo> token_kinds;
    std::string tile_definitions_xml;
    std::string jcz_element;  // "little-buildings"
    std::vector<RuleAliasInfo> jcz_rule_aliases;
    std::vector<RulePresetInfo> rule_presets;
    std::vector<FigureKind> figure_kinds;         // checked with figure_kind_problem at load
    std::vector<std::string> jcz_extra_elements;  // more setup.elements keys ("garden")
    std::vector<HookFilterInfo> hook_filters;
    HandPlayInfo hand_play;

    bool has_hook(ck_hook_id hook) const { return hook < 64 && (hooks & CK_HOOK_BIT(hook)) != 0; }
    // The name a user may type instead of the id: the JCloisterZone element
    // when the manifest has one, else the id's last dot-separated part.
    std::string short_name() const;
};

// The figure kinds the enabled expansions declare, in their order: what
// GameSetup::figure_kinds takes (Game refuses two kinds of one name).
std::vector<FigureKind> figure_kinds_of(const std::vector<const PluginExpansion*>& expansions);

}  // namespace ck::host

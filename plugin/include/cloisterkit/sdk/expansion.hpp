// The C++ base class an expansion author derives from.
//
// An expansion overrides the hooks it implements and lists them in
// `ExpansionInfo::hooks`; the SDK (module.hpp) turns a set of expansions into
// the C ABI of abi/cloisterkit/plugin.h: it verifies every incoming buffer,
// dispatches to these virtuals, catches every exception, and hands the built
// response back as a ck_buffer.
//
// Hooks are pure: everything an expansion needs is in the GameState and the
// request; per-game private data goes back into the state through
// Effects::set_expansion_data. An Expansion object is shared by all games
// and threads, so its hook methods are const and must not keep state.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <string>
#include <vector>

#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>
#include <cloisterkit/schemas/manifest_generated.h>

#include <cloisterkit/sdk/effects.hpp>
#include <cloisterkit/sdk/hook_context.hpp>
#include <cloisterkit/sdk/setup_refused.hpp>

namespace ck::sdk {


struct RuleOption {
    std::string key;
    std::string default_value;
    std::vector<std::string> allowed;  // empty: free-form
    std::string description;
};

struct TokenKind {
    std::string kind;  // "LB_TOWER"
    std::string name;  // "tower"
    int count = 0;
    // InsteadOfFigure: the host offers and applies its placement on the tile
    // just placed without calling a hook (manifest.fbs, TokenPlacement).
    fb::TokenPlacement placement = fb::TokenPlacement::ByHooks;
};

struct RuleAlias {
    std::string jcz_key, jcz_value, key, value;
};

// Giving `key` the value `value` also sets `sets` (keys not given
// explicitly), e.g. halflings.ruleset=2015 -> featureCount=tiles, ...
struct RulePreset {
    std::string key, value;
    std::vector<std::pair<std::string, std::string>> sets;
};

// A kind of figure the expansion brings (manifest revision 3; docs/abi.md,
// "Figure kinds"). The host places, weighs, scores and returns it by this
// declaration alone.
struct FigureKind {
    std::string id;    // "abbot"
    std::string name;  // "abbot"
    int count = 0;     // per player
    std::vector<fb::FeatureKind> stands_on;
    int strength = 1;  // towards majorities: 0 none, 1 small, 2 big follower
    std::string jcz_meeple_type;    // "abbot" as in "0.abbot.1"
    std::string jcz_return_source;  // "ABBOT_RETURN"
    bool tile_just_placed = true;
    bool returnable = false;  // may be taken back from an incomplete feature, scoring it
};

// When the host needs to call `hook` (manifest HookFilterDecl): a hook with
// filters is called only when one of them holds, so the expansion must have
// nothing to say whenever none does. Filters save calls, never change rules.
struct HookFilter {
    ck_hook_id hook = 0;
    fb::HookFilter filter = fb::HookFilter::Always;
    std::string rule_key;                 // RuleIs
    std::vector<std::string> rule_values;  // RuleIs
};

// How the tiles the expansion deals into hands are played (manifest
// revision 5, HandPlayDecl). InsteadOfDrawing: a host that implements the
// declaration offers one option per distinct tile type in the active
// player's hand at the start of the tile step and plays the chosen tile
// without calling a hook; the expansion still answers TILE_STEP_OPTIONS and
// APPLY_TILE_STEP_OPTION, with exactly that, for hosts that do not.
struct HandPlay {
    fb::HandPlay mode = fb::HandPlay::ByHooks;
    std::string action;  // "play-halfling"
    std::string label;   // "play halfling {tile}"; the host puts the tile type's id for {tile}
};

struct ExpansionInfo {
    std::string id;       // stable forever: "cloisterkit.little-buildings"
    std::string name;     // "Little Buildings"
    std::string version;  // "1.0.0"
    std::string description;
    uint64_t hooks = 0;   // CK_HOOK_BIT(...) of every hook overridden below
    std::vector<std::string> requires_ids;
    std::vector<RuleOption> rule_options;
    std::vector<TokenKind> token_kinds;
    std::string tile_definitions_xml;
    std::string jcz_element;  // "little-buildings"
    std::vector<RuleAlias> jcz_rule_aliases;
    std::vector<RulePreset> rule_presets;
    std::vector<FigureKind> figure_kinds;         // revision 3
    std::vector<std::string> jcz_extra_elements;  // revision 3: more setup.elements keys ("garden")
    std::vector<HookFilter> hook_filters;
    HandPlay hand_play;  // revision 5
};

class Expansion {
public:
    virtual ~Expansion() = default;

    // Called once when the module context is created; the result is cached.
    virtual ExpansionInfo info() const = 0;

    // One virtual per hook. The defaults do nothing; the SDK only calls a
    // hook whose bit is set in info().hooks.
    virtual void on_game_start(const HookContext&, const fb::GameStartArgs&, Effects&) const {}
    virtual void tile_step_options(const HookContext&, const fb::TileStepOptionsArgs&, Effects&) const {}
    virtual void check_placements(const HookContext&, const fb::PlacementCheckArgs&, Effects&) const {}
    virtual void on_tile_placed(const HookContext&, const fb::TilePlacedArgs&, Effects&) const {}
    virtual void figure_options(const HookContext&, const fb::FigureOptionsArgs&, Effects&) const {}
    virtual void apply_figure_action(const HookContext&, const fb::ApplyFigureActionArgs&, Effects&) const {}
    virtual void score_feature(const HookContext&, const fb::FeatureScoringArgs&, Effects&) const {}
    virtual void bonus_points(const HookContext&, const fb::BonusPointsArgs&, Effects&) const {}
    virtual void on_turn_end(const HookContext&, const fb::TurnEndArgs&, Effects&) const {}
    virtual void check_game_end(const HookContext&, const fb::GameEndCheckArgs&, Effects&) const {}
    virtual void final_scoring(const HookContext&, const fb::FinalScoringArgs&, Effects&) const {}
    virtual void apply_tile_step_option(const HookContext&, const fb::ApplyTileStepOptionArgs&, Effects&) const {}
};

}  // namespace ck::sdk

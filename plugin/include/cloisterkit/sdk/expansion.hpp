// The C++ base class an expansion author derives from.
//
// An expansion overrides the hooks it implements and lists them in
// `ExpansionInfo::hooks` (hooks_overridden_by<T>() below makes that list
// from the code); the SDK (module.hpp) turns a set of expansions into
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

#include <climits>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>
#include <cloisterkit/schemas/manifest_generated.h>

#include <cloisterkit/sdk/effects.hpp>
#include <cloisterkit/sdk/hook_context.hpp>
#include <cloisterkit/sdk/setup_refused.hpp>

namespace ck::sdk {


// A rule option: its key is "<namespace>.<name>", the namespace being the
// expansion's short name in camel case ("pilgrims-road" ->
// "pilgrimsRoad.bonus"). Give it a type (integer_option, boolean_option, or
// a list in `allowed`) and the host refuses other values before the game
// starts, so a hook never sees them (schema revision 6).
struct RuleOption {
    std::string key;
    std::string default_value;
    std::vector<std::string> allowed;  // empty: free-form
    std::string description;
    fb::RuleValueType value_type = fb::RuleValueType::Text;  // revision 6
    int32_t int_min = INT32_MIN;                              // Integer: inclusive bounds
    int32_t int_max = INT32_MAX;
    // Schema revision 11: the JCloisterZone element that carries the value
    // in saves ("pig": 2 for an Integer option, "traders": true for a
    // Boolean one); absent from a save, the option is 0 or false.
    std::string jcz_element{};
};

// A whole number in min..max, `fallback` unless the game sets it.
inline RuleOption integer_option(std::string key, int32_t fallback, int32_t min, int32_t max,
                                 std::string description) {
    return {std::move(key), std::to_string(fallback), {}, std::move(description), fb::RuleValueType::Integer,
            min, max, {}};
}

// true or false ("yes"/"no", "on"/"off", "1"/"0" are accepted too).
inline RuleOption boolean_option(std::string key, bool fallback, std::string description) {
    return {std::move(key), fallback ? "true" : "false", {}, std::move(description), fb::RuleValueType::Boolean,
            INT32_MIN, INT32_MAX, {}};
}

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
    // Schema revision 10: only on an unfinished feature where its owner has
    // a figure of strength 1 or more, one of this kind per owner there
    // (the builder, the pig). Older hosts ignore it: ask for revision 10.
    bool joins_own_follower = false;
    // Schema revision 11: an integer_option of the same expansion whose
    // value replaces `count` in each game (0: none this game).
    std::string count_rule{};
};

// When the host needs to call `hook` (manifest HookFilterDecl): a hook with
// filters is called only when one of them holds, so the expansion must have
// nothing to say whenever none does. Filters save calls, never change rules.
struct HookFilter {
    ck_hook_id hook = 0;
    fb::HookFilter filter = fb::HookFilter::Always;
    std::string rule_key;                 // RuleIs
    std::vector<std::string> rule_values;  // RuleIs
    fb::FeatureKind feature = fb::FeatureKind::Road;  // TileHasFeature (revision 9)
    // Revision 12: TileHasMarker, a tile marker; NeutralFigureBesideActivePlayer,
    // a neutral figure; ActivePlayerHasFigureOnBoard and
    // FeatureHoldsFigureOfKind, a figure kind's id.
    std::string name;
};

// A filter that needs no rule or feature:
//     i.hook_filters = {sdk::only_when(CK_HOOK_TILE_PLACED, fb::HookFilter::TileHasMarker, "volcano")};
inline HookFilter only_when(ck_hook_id hook, fb::HookFilter filter, std::string name = {}) {
    HookFilter f;
    f.hook = hook;
    f.filter = filter;
    f.name = std::move(name);
    return f;
}

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

// A true/false attribute of a tile file's feature element that the rules
// read (manifest revision 6, SegmentAttributeDecl): {Road, "inn", "inn"}
// for `<road inn="true">`. A scored feature of that kind then carries, in
// ScoredFeature.attributes, how many of its segments have it
// (feature_attribute_segments()).
struct SegmentAttribute {
    fb::FeatureKind kind = fb::FeatureKind::Road;
    std::string name;   // "inn": the XML attribute, a-z0-9-
    std::string label;  // "inn": for people, in breakdowns
};

// A tile set that joins the draw pile when the expansion is enabled
// (manifest revision 6, DeckTileSetDecl); the conditions pick an edition.
struct DeckTileSet {
    std::string tile_set;           // "inns-and-cathedrals:1"
    int count = 1;                  // copies, 1..8
    std::string with_expansion;     // only with this expansion id enabled too
    std::string without_expansion;  // only without it
    // Revision 7: a save whose setup.sets holds this set enables the
    // expansion though setup.elements does not name it (an element
    // JCloisterZone's client enforces from the set and never writes).
    bool enabled_by_save = false;
    // Revision 12: only when this expansion's rule option `rule_key` has
    // one of `rule_values` in the game (a release chosen by an option).
    std::string rule_key;
    std::vector<std::string> rule_values;
};

// A figure that belongs to no player and stands on the board (manifest
// revision 6, NeutralFigureDecl; docs/abi.md, "Neutral figures and
// movement"): the host keeps its position, the expansion moves it.
struct NeutralFigure {
    std::string name;    // "dragon": a-z0-9-
    std::string label;   // "the dragon"
    std::string jcz_id;  // "dragon.1": its id in JCloisterZone's saves
    // Schema revision 12: no figure may be put on the space where it stands
    // (the dragon); the host enforces it everywhere figures are put.
    bool blocks_figures = false;
};

// An empty child element of <tile> in tile files that the rules read
// (manifest revision 6, TileMarkerDecl): {"volcano", "volcano"} for
// `<volcano/>`; HookContext::tile_has_marker() answers it.
struct TileMarker {
    std::string name;   // the XML element, a-z0-9-
    std::string label;  // for people
    // Schema revision 12: the tiles carrying it have wild sides (the abbey):
    // any side matches, roads and cities they meet are closed, joined to
    // nothing; they go only on spaces whose four sides face tiles.
    bool wild_edges = false;
};

// Tiles carrying marker `held` are not drawn until a tile carrying marker
// `until_placed` is on the board (manifest revision 6, HeldBackTilesDecl).
struct HeldBackTiles {
    std::string held;          // "dragon"
    std::string until_placed;  // "volcano"
    // Revision 12: only when option `rule_key` has one of `rule_values`
    // (empty: always).
    std::string rule_key{};
    std::vector<std::string> rule_values{};
};

// The tile a game starts on when the expansion is enabled, instead of the
// host's BA/RCr (manifest revision 7, StartTileDecl). Its deck tile sets
// must hold the tile: one copy leaves the draw pile. The conditions pick
// one of several (with the river: its spring).
struct StartTile {
    std::string tile_id;            // "WR/CFR"
    int x = 0, y = 0;               // -1000..1000
    int rotation = 0;               // quarter turns clockwise, 0..3
    std::string with_expansion;     // only with this expansion id enabled too
    std::string without_expansion;  // only without it
};

// An attribute of tile files whose value the rules read (manifest
// revision 9, TileValueDecl): {"city", "resource"} for
// `<city resource="wine">`, {"tile", "wind-rose"} for `<tile wind-rose="NE">`,
// {"watchtower", "bonus"} for `<watchtower bonus="2/meeple"/>`.
// HookContext::tile_value() answers it.
struct TileValue {
    std::string element;    // "tile", a feature element (road, city, field, monastery, garden) or another child
    std::string attribute;  // a-z0-9-
};

// How one of JCloisterZone's tile groups (`<tile group="river">`) is drawn
// (manifest revision 12, TileGroupDecl): a group named as another's
// successor waits until that one is drawn empty; `leaves_pack` takes its
// tiles out of the pack at the start. "default" is the group of the tiles
// without one.
struct TileGroup {
    std::string group;      // "river"
    std::string successor;  // "river-lake"; may be empty
    bool leaves_pack = false;
};

// An edge kind (manifest revision 12, EdgeKindDecl): the sides an element's
// text lists (`<river>W E</river>`) match only themselves.
// HookContext::edge_kind_sides() answers which sides a tile type shows.
struct EdgeKind {
    std::string element;  // "river"
    std::string label;    // "river"
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
    std::vector<SegmentAttribute> segment_attributes;  // revision 6
    std::vector<DeckTileSet> deck_tile_sets;           // revision 6
    std::vector<NeutralFigure> neutral_figures;        // revision 6
    std::vector<TileMarker> tile_markers;              // revision 6
    std::vector<HeldBackTiles> held_back_tiles;        // revision 6
    std::vector<StartTile> start_tiles;                // revision 7
    std::vector<TileValue> tile_values;                // revision 9
    std::vector<TileGroup> tile_groups;                // revision 12
    std::vector<EdgeKind> edge_kinds;                  // revision 12 (one at most)
    // ABI 1.3: what the host must implement for this expansion to play
    // (CK_CAPABILITY_DECISION, ...). A host that does not list one in
    // ck_host_info.capabilities gets CK_E_VERSION_MISMATCH from create(),
    // naming it, instead of a game played without it.
    std::vector<std::string> host_capabilities;
};

class Expansion {
public:
    virtual ~Expansion() = default;

    // Called once when the module context is created; the result is cached.
    virtual ExpansionInfo info() const = 0;

    // One virtual per hook. The SDK only calls a hook whose bit is set in
    // info().hooks; the base versions throw (the host reports "declares
    // hook X but does not override x()"), so a bit without its override
    // is an error, not a hook that silently does nothing.
    virtual void on_game_start(const HookContext&, const fb::GameStartArgs&, Effects&) const;
    virtual void tile_step_options(const HookContext&, const fb::TileStepOptionsArgs&, Effects&) const;
    virtual void check_placements(const HookContext&, const fb::PlacementCheckArgs&, Effects&) const;
    virtual void on_tile_placed(const HookContext&, const fb::TilePlacedArgs&, Effects&) const;
    virtual void figure_options(const HookContext&, const fb::FigureOptionsArgs&, Effects&) const;
    virtual void apply_figure_action(const HookContext&, const fb::ApplyFigureActionArgs&, Effects&) const;
    virtual void score_feature(const HookContext&, const fb::FeatureScoringArgs&, Effects&) const;
    virtual void bonus_points(const HookContext&, const fb::BonusPointsArgs&, Effects&) const;
    virtual void on_turn_end(const HookContext&, const fb::TurnEndArgs&, Effects&) const;
    virtual void check_game_end(const HookContext&, const fb::GameEndCheckArgs&, Effects&) const;
    virtual void final_scoring(const HookContext&, const fb::FinalScoringArgs&, Effects&) const;
    virtual void apply_tile_step_option(const HookContext&, const fb::ApplyTileStepOptionArgs&, Effects&) const;
    // The movement stage (ABI 1.2, schema revision 6).
    virtual void on_turn_start(const HookContext&, const fb::TurnStartArgs&, Effects&) const;
    virtual void on_figure_step_end(const HookContext&, const fb::FigureStepEndArgs&, Effects&) const;
    virtual void apply_movement_step(const HookContext&, const fb::MovementStepArgs&, Effects&) const;
    // Decisions (ABI 1.3, schema revision 8): the option a player chose in
    // a decision this expansion offered (Effects::offer_decision).
    virtual void apply_decision(const HookContext&, const fb::ApplyDecisionArgs&, Effects&) const;
    // A feature was completed this turn, occupied or not (ABI 1.3, schema
    // revision 8): after the turn's scoring, before figures go home.
    virtual void on_feature_completed(const HookContext&, const fb::FeatureCompletedArgs&, Effects&) const;
    // Who holds a feature is being worked out (schema revision 12): set the
    // strength of figures on it (Effects::set_figure_strength; the mayor).
    virtual void figure_strength(const HookContext&, const fb::FigureStrengthArgs&, Effects&) const;

    // The hooks this object's class overrides, when it was made with
    // make_expansion<T>(); nullopt for one made otherwise. The SDK refuses
    // to create a module whose expansion's info().hooks disagrees with it.
    std::optional<uint64_t> overridden_hooks() const { return overridden_hooks_; }

private:
    template <class T, class... Args>
    friend std::unique_ptr<Expansion> make_expansion(Args&&... args);
    std::optional<uint64_t> overridden_hooks_;
};

// The CK_HOOK_BIT()s of the hooks class T overrides (itself or through a
// base between it and Expansion), worked out at compile time: a member T
// does not override is Expansion's, so its pointer type names Expansion.
//     info.hooks = ck::sdk::hooks_overridden_by<MyExpansion>();
template <class T>
constexpr uint64_t hooks_overridden_by() {
    static_assert(std::is_base_of_v<Expansion, T>, "T must derive from ck::sdk::Expansion");
    uint64_t mask = 0;
#define CK_SDK_OVERRIDDEN(hook, method) \
    if constexpr (!std::is_same_v<decltype(&T::method), decltype(&Expansion::method)>) mask |= CK_HOOK_BIT(hook);
    CK_SDK_OVERRIDDEN(CK_HOOK_GAME_START, on_game_start)
    CK_SDK_OVERRIDDEN(CK_HOOK_TILE_STEP_OPTIONS, tile_step_options)
    CK_SDK_OVERRIDDEN(CK_HOOK_PLACEMENT_CHECK, check_placements)
    CK_SDK_OVERRIDDEN(CK_HOOK_TILE_PLACED, on_tile_placed)
    CK_SDK_OVERRIDDEN(CK_HOOK_FIGURE_OPTIONS, figure_options)
    CK_SDK_OVERRIDDEN(CK_HOOK_APPLY_FIGURE_ACTION, apply_figure_action)
    CK_SDK_OVERRIDDEN(CK_HOOK_FEATURE_SCORING, score_feature)
    CK_SDK_OVERRIDDEN(CK_HOOK_BONUS_POINTS, bonus_points)
    CK_SDK_OVERRIDDEN(CK_HOOK_TURN_END, on_turn_end)
    CK_SDK_OVERRIDDEN(CK_HOOK_GAME_END_CHECK, check_game_end)
    CK_SDK_OVERRIDDEN(CK_HOOK_FINAL_SCORING, final_scoring)
    CK_SDK_OVERRIDDEN(CK_HOOK_APPLY_TILE_STEP_OPTION, apply_tile_step_option)
    CK_SDK_OVERRIDDEN(CK_HOOK_TURN_START, on_turn_start)
    CK_SDK_OVERRIDDEN(CK_HOOK_FIGURE_STEP_END, on_figure_step_end)
    CK_SDK_OVERRIDDEN(CK_HOOK_APPLY_MOVEMENT_STEP, apply_movement_step)
    CK_SDK_OVERRIDDEN(CK_HOOK_APPLY_DECISION, apply_decision)
    CK_SDK_OVERRIDDEN(CK_HOOK_FEATURE_COMPLETED, on_feature_completed)
    CK_SDK_OVERRIDDEN(CK_HOOK_FIGURE_STRENGTH, figure_strength)
#undef CK_SDK_OVERRIDDEN
    return mask;
}

// Makes a T for the module's factory and remembers which hooks T
// overrides, so the SDK can check info().hooks against the code when the
// module is created (use it instead of std::make_unique).
template <class T, class... Args>
std::unique_ptr<Expansion> make_expansion(Args&&... args) {
    std::unique_ptr<Expansion> e = std::make_unique<T>(std::forward<Args>(args)...);
    e->overridden_hooks_ = hooks_overridden_by<T>();
    return e;
}

// The name of hook `hook`'s method ("bonus_points"), or "" past the last.
const char* hook_method_name(ck_hook_id hook);

}  // namespace ck::sdk

// What the host knows about one expansion of a loaded module: its
// descriptor (ck_expansion_desc) and its verified manifest (CKMF), copied
// into host-owned strings so nothing dangles once the module is gone.
#pragma once

#include <cloisterkit/plugin.h>

#include <climits>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/figure_kinds.hpp"
#include "core/neutral_figures.hpp"
#include "core/tile_def.hpp"
#include "core/tile_groups.hpp"
#include <cloisterkit/schemas/manifest_generated.h>

namespace ck::host {

struct GameSetup;
struct StartTile;

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
    // The JCloisterZone element carrying the value in saves (revision 11).
    std::string jcz_element;
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
    FeatureKind feature = FeatureKind::Road;  // TileHasFeature
    std::string name;  // TileHasMarker, NeutralFigureBesideActivePlayer, ActivePlayerHasFigureOnBoard
};

// A tile set joining the draw pile with the expansion (manifest DeckTileSetDecl).
struct DeckTileSetInfo {
    std::string tile_set;           // "inns-and-cathedrals:1"
    int count = 1;                  // 1..8
    std::string with_expansion;     // only with this expansion id enabled too
    std::string without_expansion;  // only without it
    bool enabled_by_save = false;   // revision 7: a save holding the set enables the expansion
    // Revision 12: only when option `rule_key` has one of `rule_values` ("" : always).
    std::string rule_key;
    std::vector<std::string> rule_values;
};

// An edge kind an expansion declares (manifest revision 12, EdgeKindDecl):
// the sides an element's text lists (`<river>W E</river>`) match only
// themselves.
struct EdgeKindInfo {
    std::string element;  // "river"
    std::string label;    // "river"
};

// A start tile an expansion declares (manifest revision 7, StartTileDecl),
// checked at load: a tile id, -1000..1000, a rotation 0..3.
struct StartTileInfo {
    std::string tile_id;            // "WR/CFR"
    int x = 0, y = 0;
    int rotation = 0;               // quarter turns clockwise
    std::string with_expansion;     // only with this expansion id enabled too
    std::string without_expansion;  // only without it
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
    std::vector<SegmentAttribute> segment_attributes;  // checked at load
    std::vector<DeckTileSetInfo> deck_tile_sets;       // checked at load
    // The movement stage (manifest revision 6), checked at load.
    std::vector<NeutralFigureKind> neutral_figures;  // `expansion` is this one's id
    std::vector<TileMarker> tile_markers;
    std::vector<HeldBackTiles> held_back_tiles;
    std::vector<StartTileInfo> start_tiles;  // manifest revision 7, checked at load
    std::vector<TileValueKey> tile_values;   // manifest revision 9, checked at load
    std::vector<TileGroupRule> tile_groups;  // manifest revision 12, checked at load
    std::vector<EdgeKindInfo> edge_kinds;    // manifest revision 12, checked at load

    bool has_hook(ck_hook_id hook) const { return hook < 64 && (hooks & CK_HOOK_BIT(hook)) != 0; }
    // The name a user may type instead of the id: the JCloisterZone element
    // when the manifest has one, else the id's last dot-separated part.
    std::string short_name() const;
};

// The setup.elements keys of a JCloisterZone save that stand for `e`: its
// short name and its extra elements ("abbot", "garden"). An expansion with
// extra elements but no jcz_element of its own is its extra elements alone
// (Inns & Cathedrals: "inn", "cathedral", "big-follower"; JCloisterZone has
// no element of the expansion's name). Elements that carry a rule option
// (RuleOptionInfo::jcz_element) are not among them: each comes or not on
// its own; an expansion with such elements and no extra ones has none here.
std::vector<std::string> jcz_elements_of(const PluginExpansion& e);

// The tile values the expansions declare, each once (GameSetup::tile_values).
std::vector<TileValueKey> tile_values_of(const std::vector<const PluginExpansion*>& expansions);

// The option of `e` that element `element` carries, or nullptr.
const RuleOptionInfo* option_of_element(const PluginExpansion& e, std::string_view element);

// The figure kinds the enabled expansions declare, in their order: what
// GameSetup::figure_kinds takes (Game refuses two kinds of one name).
std::vector<FigureKind> figure_kinds_of(const std::vector<const PluginExpansion*>& expansions);

// The segment attributes the enabled expansions declare, each (kind, name)
// once, in their order: what GameSetup::segment_attributes takes.
std::vector<SegmentAttribute> segment_attributes_of(const std::vector<const PluginExpansion*>& expansions);

// The neutral figures, tile markers and held-back tiles the enabled
// expansions declare, into `setup` (each marker once). Throws HostError when
// two declare a neutral figure of the same name.
void add_movement_declarations(const std::vector<const PluginExpansion*>& expansions, GameSetup& setup);

// The tile groups and the edge kind the enabled expansions declare, into
// `setup`. Throws HostError when two declare different edge kinds (a game
// holds one at most).
void add_deck_and_edge_declarations(const std::vector<const PluginExpansion*>& expansions, GameSetup& setup);

// The draw pile's tile sets: `game_set` once plus every enabled expansion's
// deck tile sets whose conditions hold (a set named twice adds its counts);
// `rules` gives the options that choose sets (DeckTileSetInfo::rule_key),
// an option absent there counting with its default.
std::map<std::string, int> deck_tile_sets_of(const std::string& game_set,
                                             const std::vector<const PluginExpansion*>& expansions,
                                             const std::map<std::string, std::string>& rules = {});

// The tiles a game with these expansions starts on: the one start tile an
// enabled expansion declares whose conditions hold, or the host's own
// (GameSetup's default) when none does. Throws HostError naming both when
// two declarations apply, from one expansion or from two.
std::vector<StartTile> start_tiles_of(const std::vector<const PluginExpansion*>& expansions);

// Loads a game's tiles into `catalog`: the host's basic.xml (when
// `default_tiles`), then `tile_files` (--tiles), then each enabled
// expansion's own tile XML, whose tiles and sets a file already defined are
// taken from the file (JCloisterZone's own file replaces an expansion's).
// `replace_default_hint` ("replay with --no-default-tiles"), when given,
// ends the error of a file that clashes with basic.xml.
void load_game_tiles(bool default_tiles, const std::vector<std::string>& tile_files,
                     const std::vector<const PluginExpansion*>& expansions, TileCatalog& catalog,
                     std::string_view replace_default_hint = {});

}  // namespace ck::host

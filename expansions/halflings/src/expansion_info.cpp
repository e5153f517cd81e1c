#include "expansion_info.hpp"

#include <halflings/halflings.hpp>

#include "options.hpp"
#include "tile_step.hpp"
#include "tiles.hpp"

namespace ck::halflings {

sdk::ExpansionInfo expansion_info() {
    sdk::ExpansionInfo info;
    info.id = kExpansionId;
    info.name = "Halflings";
    info.version = "1.3.0";
    info.description =
        "24 triangular tiles, each half a board space, dealt into small private hands (3 each by default, "
        "at random or by draft). On their turn a player may play a halfling from their hand instead of "
        "drawing a regular tile. Under the default 1/2021 rules everything is counted in occupied spaces; "
        "the halflings.ruleset presets restore the older eras' counting by tiles.";
    info.hooks = kHooks;
    info.rule_options = rule_option_declarations();
    info.rule_presets = rule_presets();
    info.tile_definitions_xml = std::string(tiles_xml());
    // setup.elements key of saved games (halflings-geometry.md, "Saved games and scenarios").
    info.jcz_element = "halflings";
    // Saved calls: a player with an empty hand has nothing to play (HF-16),
    // and feature scoring changes points only where something is counted
    // by tiles (HF-29 ff.); under the default spaces it says nothing.
    info.hook_filters.push_back({CK_HOOK_TILE_STEP_OPTIONS, fb::HookFilter::ActivePlayerHasHandTiles, {}, {}});
    for (std::string_view key : {option_keys::kFeatureCount, option_keys::kMonasteryCount})
        info.hook_filters.push_back({CK_HOOK_FEATURE_SCORING, fb::HookFilter::RuleIs, std::string(key), {"tiles"}});
    // HF-16 by declaration: a host that implements it offers and plays the
    // hand's tiles with no round trip on every turn; TILE_STEP_OPTIONS and
    // APPLY_TILE_STEP_OPTION answer the same for hosts that do not.
    info.hand_play = {fb::HandPlay::InsteadOfDrawing, std::string(kPlayHalflingAction), std::string(kPlayHalflingLabel)};
    return info;
}

}  // namespace ck::halflings

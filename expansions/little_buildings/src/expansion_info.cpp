#include "expansion_info.hpp"

#include <little_buildings/little_buildings.hpp>

#include "building_kind.hpp"
#include "options.hpp"

namespace ck::little_buildings {

sdk::ExpansionInfo expansion_info() {
    sdk::ExpansionInfo info;
    info.id = kExpansionId;
    info.name = "Little Buildings";
    info.version = "1.0.0";
    info.description =
        "18 building tokens (6 towers, 6 houses, 6 sheds). Instead of a meeple, a player may put one of "
        "their buildings on the tile they just placed. Every road, city, field and monastery scored with "
        "a building in it gets +1 per building (towers 3, houses 2, sheds 1 under the 3/2/1 variant), "
        "added after all other modifiers, also at final scoring.";
    info.hooks = kHooks;
    info.rule_options = rule_option_declarations();
    // LB-6, LB-8: a building goes on the tile just placed instead of a
    // meeple and uses up the figure step. The host offers and applies that
    // itself (TokenPlacement::InsteadOfFigure): no hook call on the ~60
    // figure steps of a game.
    for (BuildingKind kind : kAllKinds)
        info.token_kinds.push_back({std::string(token_kind(kind)), std::string(display_name(kind)), kTokensPerKind,
                                    fb::TokenPlacement::InsteadOfFigure});
    info.jcz_element = "little-buildings";
    // JCloisterZone's scoring rule means our values option.
    const std::string values_key(option_keys::kValues);
    info.jcz_rule_aliases = {{"little-buildings-scoring", "1/1/1", values_key, "flat"},
                             {"little-buildings-scoring", "3/2/1", values_key, "321"}};
    // Saved calls: a feature no building lies on gets no bonus (LB-2).
    info.hook_filters.push_back({CK_HOOK_BONUS_POINTS, fb::HookFilter::FeatureTouchesOwnTokens, {}, {}});
    return info;
}

}  // namespace ck::little_buildings

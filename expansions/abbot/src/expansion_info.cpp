#include "expansion_info.hpp"

#include <abbot/abbot.hpp>

namespace ck::abbot {

sdk::ExpansionInfo expansion_info() {
    sdk::ExpansionInfo info;
    info.id = kExpansionId;
    info.name = "Abbot and gardens";
    info.version = "1.0.0";
    info.description =
        "The abbot of the 2nd-edition base game: each player has one. Instead of a meeple, a player may put "
        "their abbot on a monastery or a garden of the tile just placed (never on a road, city or field; small "
        "followers never stand on gardens). A garden scores like a monastery. In a later figure step, instead "
        "of placing a figure, the player may take the abbot back from its incomplete monastery or garden and "
        "score it at once as at the end of the game. Play it with the basic:2 tile set, which has the gardens.";
    info.hooks = 0;  // everything is in the figure kind below
    info.jcz_element = "abbot";          // setup.elements "abbot": 1 gives each player one abbot
    info.jcz_extra_elements = {"garden"};  // JCloisterZone's gardens come with it

    sdk::FigureKind abbot;
    abbot.id = "abbot";
    abbot.name = "abbot";
    abbot.count = 1;                                                  // AB-1
    abbot.stands_on = {fb::FeatureKind::Monastery, fb::FeatureKind::Garden};  // AB-2, AB-3
    abbot.strength = 1;             // AB-5: a follower (JCZ's Abbot extends Follower)
    abbot.jcz_meeple_type = "abbot";  // "0.abbot.1"
    abbot.jcz_return_source = "ABBOT_RETURN";
    abbot.tile_just_placed = true;  // AB-2
    abbot.returnable = true;        // AB-7, AB-8
    info.figure_kinds = {abbot};
    return info;
}

}  // namespace ck::abbot

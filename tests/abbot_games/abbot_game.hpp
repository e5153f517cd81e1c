// Games with the abbot on the reference host: the shipped module loaded
// once (tests/lb_games), the 2nd-edition tile set basic:2 and the figure
// kinds the enabled expansions declare.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lb_game.hpp"

namespace ck::host::test {

inline constexpr uint8_t kSmall = 0;  // figure kind 0: the small follower
inline constexpr uint8_t kAbbot = 1;  // the abbot's figure kind when it is the only declared one

// The enabled expansions (by short name) and hooks calling them.
struct Expansions {
    std::vector<const PluginExpansion*> enabled;
    std::unique_ptr<PluginHooks> hooks;
};
Expansions enable(const std::vector<std::string>& names);

// base_setup on basic:2 with `expansions` enabled and their figure kinds.
GameSetup abbot_setup(Expansions& expansions, const std::vector<std::string>& draw_order, int players = 2,
                      int end_turn = 0);

// Index into meeple_options() of the option for figure `kind` on the
// segment of `feature` including `location`; options().size() if none.
size_t figure_option(const Game& game, uint8_t kind, FeatureKind feature, const std::string& location);

// JCloisterZone's basic/garden-scoring moves (8 tiles, forced order), each
// as a placement; the abbot goes on the garden in moves 0 and 1.
struct Placed {
    std::string tile;
    int x, y, rotation;
};
const std::vector<Placed>& garden_scoring_moves();
std::vector<std::string> tiles_of(const std::vector<Placed>& moves);
// Places the drawn tile of `m`; fails the test if it is another one.
void place_move(Game& game, const Placed& m);

}  // namespace ck::host::test

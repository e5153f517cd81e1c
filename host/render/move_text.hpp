// One line for a recorded move, as players read it in the step-through page
// and in the served game's turn log: "placed BA/CRr at (2,-1) R90",
// "follower 0.small.1 on City N", "placed a tower (LB_TOWER) on (2,-1)".
#pragma once

#include <string>

#include "core/game.hpp"

namespace ck::host::render {

// "" for a COMMIT, which says nothing a player reads.
std::string move_text(const Game& game, const Move& move);

}  // namespace ck::host::render

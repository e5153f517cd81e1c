// The last turn played to its end, so that whoever plays next sees what the
// player before them did (issue 42): the served board marks its tiles,
// figures and buildings (live_board_svg, data-last-move) and the served
// state lists them (host/serve, "last_move").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "core/game.hpp"

namespace ck::host::render {

struct LastTurn {
    uint32_t turn = 0;
    uint8_t player = 0;  // whose turn it was (its COMMIT's player)
    // Game::moves() [moves_begin, moves_end): the turn's moves, its COMMIT
    // last; a movement step among them may be another player's choice.
    size_t moves_begin = 0, moves_end = 0;
};

// None before the first turn ends. A turn still going on is not the last
// turn: its player sees it happen.
std::optional<LastTurn> last_turn(const Game& game);

// Whether `tile` / `figure` / `token` was put on the board in `last`.
bool placed_in(const Game& game, const LastTurn& last, TileRef tile);
bool placed_in(const Game& game, const LastTurn& last, const PlacedFigure& figure);
bool placed_in(const LastTurn& last, const PlacedToken& token);

}  // namespace ck::host::render

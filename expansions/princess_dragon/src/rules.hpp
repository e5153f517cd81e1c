// The dragon's movement in The Princess & the Dragon
// (docs/expansions/princess-and-dragon.md), free of the SDK's types so a
// plain test can check it: where the dragon may go from a space, who
// chooses each step, and the movement kept between steps in the
// expansion's data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ck::princess_dragon {

// PD-4: a movement has at most six steps (JCloisterZone's DRAGON_MOVES).
inline constexpr size_t kDragonSteps = 6;

// A board space (x grows eastwards, y southwards).
struct Space {
    int x = 0;
    int y = 0;
    friend bool operator==(const Space&, const Space&) = default;
};

// A placed tile: its space and, for a Halflings triangle, the corner of its
// right angle, numbered as the schemas' Corner (0 a square tile, 1 NE,
// 2 SE, 3 SW, 4 NW).
struct BoardTile {
    Space space;
    uint8_t corner = 0;
    friend bool operator==(const BoardTile&, const BoardTile&) = default;
};

// PD-4, PD-6, PD-13, PD-14: where the dragon may go from space `from`: one
// target per orthogonal neighbour space, in the order north, east, south,
// west (JCloisterZone's Position.ADJACENT), that holds at least one tile of
// `board`, is not in `visited` (the spaces the dragon has left during this
// movement) and is not `fairy` (the fairy's space, when it is on the
// board). A space is entered as a whole, whichever half of it a triangle
// fills: the target is its square tile, or the first of its triangles in
// corner order NE, SE, SW, NW.
std::vector<BoardTile> dragon_targets(std::span<const BoardTile> board, Space from, std::span<const Space> visited,
                                      std::optional<Space> fairy);

// PD-4: the player who chooses the step after `steps_taken` steps: the
// turn player chooses the first, then each next player in seat order,
// wrapping round. `player_count` must be at least 1.
uint8_t step_chooser(uint8_t turn_player, size_t steps_taken, int player_count);

// The label of step `step` (from 1): "move the dragon (step 2 of 6)".
std::string step_label(size_t step);

// A movement in progress, kept in the expansion's data between steps.
struct Movement {
    uint8_t turn_player = 0;    // whose dragon tile opened it
    std::vector<Space> visited;  // the spaces the dragon has left, in order
    friend bool operator==(const Movement&, const Movement&) = default;
};

// The movement as bytes: a format byte (1), the turn player, the number of
// visited spaces, then each space as two little-endian int16 (x, y).
std::vector<uint8_t> encode_movement(const Movement& movement);
// The movement in `bytes`, nullopt when they are empty (no movement in
// progress); throws std::runtime_error when they are not of that form.
std::optional<Movement> decode_movement(std::string_view bytes);

}  // namespace ck::princess_dragon

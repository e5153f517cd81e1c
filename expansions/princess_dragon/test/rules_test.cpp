// The dragon's movement rules of The Princess & the Dragon on their own
// (src/rules.hpp), without a host: rule IDs of
// docs/expansions/princess-and-dragon.md.
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules.hpp"

namespace {

using ck::princess_dragon::BoardTile;
using ck::princess_dragon::decode_movement;
using ck::princess_dragon::dragon_targets;
using ck::princess_dragon::encode_movement;
using ck::princess_dragon::Movement;
using ck::princess_dragon::Space;
using ck::princess_dragon::step_chooser;
using ck::princess_dragon::step_label;

constexpr uint8_t kSquare = 0, kNE = 1, kSE = 2, kSW = 3, kNW = 4;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

BoardTile square(int x, int y) { return BoardTile{Space{x, y}, kSquare}; }
BoardTile triangle(int x, int y, uint8_t corner) { return BoardTile{Space{x, y}, corner}; }

std::vector<BoardTile> targets(const std::vector<BoardTile>& board, Space from, const std::vector<Space>& visited = {},
                               std::optional<Space> fairy = std::nullopt) {
    return dragon_targets(board, from, visited, fairy);
}

// A plus of five squares around (0,0).
std::vector<BoardTile> plus() { return {square(0, 0), square(0, -1), square(1, 0), square(0, 1), square(-1, 0)}; }

}  // namespace

int main() {
    // PD-4: the four orthogonal neighbours, north, east, south, west.
    expect(targets(plus(), {0, 0}) ==
               std::vector<BoardTile>{square(0, -1), square(1, 0), square(0, 1), square(-1, 0)},
           "PD-4: every occupied orthogonal neighbour, in the order N, E, S, W");
    // PD-4: diagonal neighbours and empty spaces are no targets.
    {
        const std::vector<BoardTile> board{square(0, 0), square(1, 1), square(2, 0), square(1, 0)};
        expect(targets(board, {0, 0}) == std::vector<BoardTile>{square(1, 0)},
               "PD-4: only placed orthogonal neighbours (not the diagonal (1,1), not two away)");
        expect(targets({square(0, 0)}, {0, 0}).empty(), "PD-6: a lone tile: nowhere to go");
    }
    // PD-6: not back to a space left during this movement (the start included).
    expect(targets(plus(), {0, -1}, {Space{0, 0}}).empty(), "PD-6: the space just left is no target");
    expect(targets(plus(), {0, 0}, {Space{1, 0}, Space{-1, 0}}) == std::vector<BoardTile>{square(0, -1), square(0, 1)},
           "PD-6: spaces left earlier in the movement are no targets");
    // PD-6: never into the fairy's space.
    expect(targets(plus(), {0, 0}, {}, Space{0, 1}) ==
               std::vector<BoardTile>{square(0, -1), square(1, 0), square(-1, 0)},
           "PD-6: the fairy's space is no target");
    expect(targets(plus(), {0, 0}, {}, Space{5, 5}).size() == 4, "PD-6: a fairy far away blocks nothing");

    // PD-13 (HF-49): a space holding triangles is one target, its first
    // triangle in corner order NE, SE, SW, NW.
    {
        const std::vector<BoardTile> board{square(0, 0), triangle(1, 0, kSW), triangle(1, 0, kNE),
                                           triangle(0, 1, kNW), triangle(0, 1, kSE), triangle(-1, 0, kNW)};
        expect(targets(board, {0, 0}) ==
                   std::vector<BoardTile>{triangle(1, 0, kNE), triangle(0, 1, kSE), triangle(-1, 0, kNW)},
               "PD-13: one target per space, its first triangle in the order NE, SE, SW, NW");
    }
    // PD-13: a triangular gap does not block: the half-filled space east of
    // (0,0) holds only its NE triangle, whose gap faces west towards the
    // dragon, and is still entered; from a half-filled space the dragon
    // leaves on every side, its gap's too.
    {
        const std::vector<BoardTile> board{square(0, 0), triangle(1, 0, kNE), square(2, 0), square(1, 1)};
        expect(targets(board, {0, 0}) == std::vector<BoardTile>{triangle(1, 0, kNE)},
               "PD-13: a half-filled space is entered across its gap");
        expect(targets(board, {1, 0}, {Space{0, 0}}) == std::vector<BoardTile>{square(2, 0), square(1, 1)},
               "PD-13: from a half-filled space the dragon leaves on its triangle's sides (east) and across its gap (south)");
        expect(targets(board, {1, 0}) == std::vector<BoardTile>{square(2, 0), square(1, 1), square(0, 0)},
               "PD-13: from a half-filled space, every occupied neighbour space");
    }
    // PD-14 (HF-50): the fairy protects the whole space, both triangles.
    {
        const std::vector<BoardTile> board{square(0, 0), triangle(1, 0, kNE), triangle(1, 0, kSW)};
        expect(targets(board, {0, 0}, {}, Space{1, 0}).empty(),
               "PD-14: the fairy on one triangle keeps the dragon off the other one too");
        expect(targets(board, {1, 0}, {}, Space{1, 0}) == std::vector<BoardTile>{square(0, 0)},
               "PD-14: a dragon standing in the fairy's space may still leave it");
    }

    // PD-4: the turn player chooses the first step, then the next players in
    // seat order, wrapping round.
    {
        std::vector<int> order;
        for (size_t taken = 0; taken < 6; ++taken) order.push_back(step_chooser(2, taken, 3));
        expect(order == std::vector<int>{2, 0, 1, 2, 0, 1}, "PD-4: 3 players, turn player 2: 2 0 1 2 0 1");
        order.clear();
        for (size_t taken = 0; taken < 6; ++taken) order.push_back(step_chooser(0, taken, 2));
        expect(order == std::vector<int>{0, 1, 0, 1, 0, 1}, "PD-4: 2 players, turn player 0: 0 1 0 1 0 1");
        expect(step_chooser(1, 5, 1) == 0 && step_chooser(0, 3, 1) == 0, "PD-4: alone, every step is one's own");
        bool threw = false;
        try {
            step_chooser(0, 0, 0);
        } catch (const std::invalid_argument&) {
            threw = true;
        }
        expect(threw, "no players: a clear error, no division by zero");
    }
    expect(step_label(1) == "move the dragon (step 1 of 6)" && step_label(6) == "move the dragon (step 6 of 6)",
           "step labels");

    // The movement kept between steps.
    {
        const Movement m{2, {Space{0, 0}, Space{-3, 7}, Space{-32768, 32767}}};
        const std::vector<uint8_t> bytes = encode_movement(m);
        const std::string text(bytes.begin(), bytes.end());
        const auto back = decode_movement(text);
        expect(back && *back == m, "a movement survives encoding (negative coordinates too)");
        expect(!decode_movement(std::string()), "no data: no movement in progress");
        const std::vector<uint8_t> start = encode_movement(Movement{1, {}});
        const auto empty = decode_movement(std::string(start.begin(), start.end()));
        expect(empty && empty->turn_player == 1 && empty->visited.empty(), "a movement before its first step");
        int refused = 0;
        for (const std::string& bad : {std::string("\x01", 1), std::string("\x02\x00\x00", 3),
                                      std::string("\x01\x00\x01\x00", 4), std::string("\x01\x00\x07", 3)}) {
            try {
                decode_movement(bad);
            } catch (const std::runtime_error&) {
                ++refused;
            }
        }
        expect(refused == 4, "malformed movement data is refused");
    }

    if (failures == 0) std::puts("princess_dragon.rules: all passed");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

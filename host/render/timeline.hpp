// A game as a list of frames, one per turn, for drawing it turn by turn:
// what was on the board after each turn (docs/rendering.md, "Frames").
// A frame keeps only what changes and is not kept by the final Game:
// followers (they go home) and tokens; tiles, moves and score entries are
// prefixes of the final game's lists, so a frame names where they end.
//
// Frames: `Start` (the start tiles, before turn 1), one `Turn` frame after
// every turn, and `Final` (final scoring) when the game is over. The last
// turn's frame shows the scores before final scoring.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/game.hpp"

namespace ck::host::render {

struct Frame {
    enum class Kind : uint8_t { Start, Turn, Final };
    Kind kind = Kind::Start;
    uint32_t turn = 0;         // the turn just played (Turn), the last turn (Final), 0 (Start)
    uint8_t player = 0;        // who played it
    bool in_progress = false;  // a saved game that stops inside this turn (no COMMIT yet)
    size_t tiles = 0;          // Game::placed_tiles() shown: [0, tiles)
    size_t moves_end = 0;      // Game::moves() up to this frame
    size_t entries_end = 0;    // Game::score_log() up to this frame
    size_t discarded_end = 0;  // Game::discarded_tiles() up to this frame
    std::vector<PlacedFigure> figures;
    std::vector<PlacedToken> tokens;
    // Where each neutral figure stands (Game::neutral_figures(), by kind).
    std::vector<std::optional<NeutralFigureSpot>> neutral;
};

class Timeline {
public:
    // Call with the game before its first turn, then after every turn; a
    // call that finds nothing new adds no frame.
    void capture(const Game& game);
    // After the last capture: the final-scoring frame, if the game is over.
    void finish(const Game& game);

    const std::vector<Frame>& frames() const { return frames_; }
    const Frame& frame(size_t i) const { return frames_.at(i); }
    size_t size() const { return frames_.size(); }
    // Where frame i's moves, score entries and set-aside tiles begin (the
    // end of frame i - 1's).
    size_t moves_begin(size_t i) const { return i ? frames_[i - 1].moves_end : 0; }
    size_t entries_begin(size_t i) const { return i ? frames_[i - 1].entries_end : 0; }
    size_t discarded_begin(size_t i) const { return i ? frames_[i - 1].discarded_end : 0; }
    size_t tiles_begin(size_t i) const { return i ? frames_[i - 1].tiles : 0; }
    // Each player's total at the end of frame i (the score entries so far).
    std::vector<int> scores(const Game& game, size_t i) const;
    // The frame showing the board after turn `turn` (0: the start), or -1.
    int frame_after_turn(uint32_t turn) const;
    // The last turn frame's turn (0 when no turn was played).
    uint32_t last_turn() const;

private:
    std::vector<Frame> frames_;
};

// The frames of a finished (or stopped) game: its moves are played again on
// a fresh game made from `setup`, with the dealt hands fixed, capturing a
// frame after every turn. Throws HostError when that does not reproduce the
// game (different tiles or scores), rather than drawing something else.
Timeline replay_timeline(const GameSetup& setup, const Game& game);

}  // namespace ck::host::render

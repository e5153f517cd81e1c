// SVG pictures of a board (docs/rendering.md): every placed tile drawn from
// its definition (tile_geometry.*), the gaps beside lone triangles hatched,
// followers in their players' colours on the segment they occupy (farmers
// lying down), tokens by kind, coordinates along the edges, and a score
// table. The output depends only on the game: the same game gives the same
// bytes.
//
// Elements carry classes and data attributes that tests and the page rely
// on: one `polygon.tile-shape` per tile (4 points for a square, 3 for a
// triangle) inside `g.tile`, `polygon.gap`, `g.meeple[data-player]`,
// `g.building[data-kind]`, and `g.score-row[data-player][data-points]`.
#pragma once

#include <cstddef>
#include <string>

#include "core/game.hpp"
#include "timeline.hpp"

namespace ck::host::render {

struct SvgOptions {
    std::string title;         // a line above the board; none when empty
    bool score_table = true;   // the players' points, by kind of feature
};

// Frame `frame` of `timeline` as one picture: the board as it was then,
// the tile placed in that turn outlined and the features it scored
// highlighted, and the scores at that moment.
std::string frame_svg(const Game& game, const Timeline& timeline, size_t frame, const SvgOptions& options = {});

// Every frame in one picture, for the step-through page: each element that
// is not there from the start to the end carries `data-from` (the first
// frame index it is shown in) and, if it goes away, `data-to` (the first
// frame it is no longer shown in); the page shows those of the current
// frame. The bounds are the final board's. No score table (the page has it).
std::string timeline_svg(const Game& game, const Timeline& timeline);

// What a served board offers the player on turn (host/serve), drawn over it
// so that a page can make each one clickable by its `data-option-id` (and
// `data-kind`, the served API's kind: tile, figure, building, return): where
// the tile may go (the tile drawn there, in `g.option.placement` carrying
// `data-rotation`, one for each rotation), and in the figure step where a
// figure or a token may go and which figure may come back.
struct BoardOption {
    enum class Kind : uint8_t { Placement, Figure, Token, Return };
    Kind kind = Kind::Placement;
    std::string id, label;
    Placement placement;      // Placement
    TileTypeId tile = 0;      // Placement: the tile to place
    FeaturePointer pointer;   // Figure: where it would stand; Return: where it stands
    uint8_t player = 0;       // Figure, Token, Return: whose it is
    std::string token_kind;   // Token
    TileRef token_at;         // Token
};

// The board as it is now: every tile (`data-turn`: the turn it was placed
// in), the figures and tokens on it, the tile placed this turn outlined, the
// last turn's tiles outlined and its figures and buildings ringed in its
// player's colour (each carrying `data-last-move`, that player's seat; see
// last_turn.hpp), and `options` over it; no score table.
// The picture reaches one space past the tiles on every side and past
// every option.
std::string live_board_svg(const Game& game, const std::vector<BoardOption>& options);

// One tile of `type` turned `rotation` quarter turns, alone, in a space
// (a triangle in its corner): the tile to place, a tile in the hand.
std::string tile_svg(const Game& game, TileTypeId type, uint8_t rotation);

}  // namespace ck::host::render

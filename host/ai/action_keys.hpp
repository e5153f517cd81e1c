// Names for the choices of a turn that stay the same across copies of a
// game and across determinisations (docs/ai.md, "The tree"): a search tree
// keys its edges by them, and the same keys are read back from a game's
// move record to find where the game has got to in a tree kept from an
// earlier move.
//
// A turn is four steps, each an edge of the tree:
//   tile step  draw, or a tile from the hand (always present: "draw" alone
//              when nothing else is offered)
//   chance     the tile drawn (only after "draw")
//   placement  where the tile goes
//   figure     pass, a figure, an expansion's action, a figure taken back,
//              or "none" when the turn has no figure step
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.hpp"
#include "core/players.hpp"

namespace ck::host::ai {

using ActionKey = uint64_t;

enum class Step : uint8_t { TileStep, Chance, Placement, Figure };

ActionKey draw_key();
ActionKey hand_key(TileTypeId tile);
ActionKey drawn_key(TileTypeId tile);
ActionKey placement_key(const Placement& p);
ActionKey no_figure_key();  // the turn has no figure step
ActionKey figure_key(const Game& game, const FigureChoice& choice);  // in the figure step
ActionKey figure_move_key(const Move& move);  // from a recorded DeployMeeple, PlaceToken, Pass or ReturnFigure

// The choices open now, with their keys, at `step` of the active player's
// turn; `game` must be at that step.
struct Choice {
    ActionKey key;
    size_t index;  // tile step: 0 draw, 1 + i option i; placement: index; figure: see FigureChoice
    FigureChoice figure;
};
void tile_step_choices(const Game& game, std::vector<Choice>& out);
void placement_choices(const Game& game, std::vector<Choice>& out);
void figure_choices(const Game& game, std::vector<Choice>& out);  // [none] outside ActionPhase

// The keys from the start of the game to where `game` is now, and the step
// it is at: a TilePhase awaiting its tile-step choice is at TileStep, a
// tile ready to place at Placement, an ActionPhase at Figure.
struct GamePath {
    std::vector<ActionKey> keys;
    Step step = Step::TileStep;
};
GamePath path_of(const Game& game);

}  // namespace ck::host::ai

// A neutral list of what the players did in a game, in order. It is what a
// saved game (.jcz, host/jcz) is written from, and what a replayer feeds
// back into Game's action methods to reproduce the game move by move:
//
//   PlaceTile      -> Game::place_tile(move.tile, move.placement), after
//                     Game::choose_tile_step_option for the option with
//                     that tile when move.from_hand, else Game::draw() when
//                     a tile-step choice is pending
//   DeployMeeple   -> Game::deploy_meeple(move.pointer, move.meeple)
//   PlaceToken     -> Game::apply_expansion_option(i) for the offered option
//                     equal to move.option (same action, token kind, tile);
//                     any expansion action, also one moving a neutral figure
//                     (option.neutral_figure) or sending a figure back
//                     (option.return_source)
//   Pass           -> Game::pass()
//   ReturnFigure   -> Game::return_figure(move.meeple) (move.pointer: where it stood)
//   MoveNeutralFigure -> Game::choose_movement(move.target) in a MovementPhase
//                     (move.player: who chose the step)
//   Decision       -> Game::choose_decision(move.decision_index), or
//                     Game::pass_decision() when it has none (move.player:
//                     who chose)
//   Commit         -> Game::commit(move.random)
//
// Tiles drawn and set aside because they fit nowhere are not moves; they are
// listed in Game::discarded_tiles() for information.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "decisions.hpp"
#include "expansion_hooks.hpp"
#include "geometry.hpp"
#include "tile_def.hpp"

namespace ck::host {

// A segment of a placed tile: its tile, feature kind and the board-
// orientation location of the whole segment (jcz-interop.md §4.6).
struct FeaturePointer {
    TileRef at;
    FeatureKind kind = FeatureKind::Road;
    Location location = 0;
    friend bool operator==(const FeaturePointer&, const FeaturePointer&) = default;
};

// Where and how a tile goes. For a triangle, `at.corner` must equal
// corner_for_rotation(rotation); for a square it is Corner::None.
struct Placement {
    TileRef at;
    uint8_t rotation = 0;  // quarter turns clockwise
    friend bool operator==(const Placement&, const Placement&) = default;
};

// A figure, JCZ id "<player>.<type>.<number>" (number 1..count of its
// kind); `kind` indexes Game::figure_kinds(), 0 being the small follower.
struct MeepleId {
    uint8_t player = 0;
    uint8_t number = 1;
    uint8_t kind = 0;
    friend bool operator==(const MeepleId&, const MeepleId&) = default;
};

// Small followers only (kind 0); figure_kinds.hpp has the forms for any kind.
std::string format_meeple_id(MeepleId id);  // "0.small.3"
// Parses "<player>.small.<n>"; throws HostError on anything else.
MeepleId parse_meeple_id(const std::string& text);

enum class MoveType : uint8_t { PlaceTile, DeployMeeple, PlaceToken, Pass, Commit, ReturnFigure, MoveNeutralFigure, Decision };

struct Move {
    MoveType type = MoveType::Pass;
    uint8_t player = 0;       // the active player who made the move
    uint32_t turn = 0;        // turn number (1-based)
    // PlaceTile
    TileTypeId tile = 0;
    Placement placement;
    bool from_hand = false;  // played from the player's hand instead of drawn
    // DeployMeeple, ReturnFigure; PlaceToken of an option with a location:
    // its segment and the figure standing there before it was applied
    FeaturePointer pointer;
    MeepleId meeple;
    // PlaceToken: the expansion option that was applied (for Little
    // Buildings: action "place-token", token_kind "LB_TOWER", at = the tile).
    ExpansionOption option;
    // Commit: the value that re-seeded the draw generator (jcz-interop §4.10).
    double random = 0.0;
    // MoveNeutralFigure: a step of a movement (Game::neutral_figure_kinds()
    // index, where it went).
    uint8_t neutral_figure = 0;
    MoveTarget target;
    // Decision: the expansion that offered it, its key, and the option
    // chosen (nullopt: passed), as offered (its jcz_type and jcz_payload
    // are what a save writes).
    uint32_t decision_expansion = 0;
    std::string decision_key;
    std::optional<uint32_t> decision_index;
    DecisionOption decision_option;
    std::string decision_pass_type;  // OfferDecision.jcz_pass_type: what a save writes for a pass
};

using MoveRecord = std::vector<Move>;

}  // namespace ck::host

#include "last_turn.hpp"

namespace ck::host::render {

namespace {
// Whether the COMMIT at `i` ends a tile step. One that decisions follow
// (the scoring it started opened them: a wagon's move) or that confirms a
// decision's choice (as JCloisterZone confirms a wagon's move) is inside it.
bool ends_tile_step(const MoveRecord& moves, size_t i) {
    if (moves[i].type != MoveType::Commit) return false;
    if (i > 0 && moves[i - 1].type == MoveType::Decision) return false;
    return i + 1 >= moves.size() || moves[i + 1].type != MoveType::Decision;
}
}  // namespace

std::optional<LastTurn> last_turn(const Game& game) {
    const auto& moves = game.moves();
    size_t end = moves.size();
    while (end > 0 && moves[end - 1].type != MoveType::Commit) --end;
    if (end == 0) return std::nullopt;
    LastTurn last{moves[end - 1].turn, moves[end - 1].player, end - 1, end};
    while (last.moves_begin > 0) {
        const size_t prev = last.moves_begin - 1;
        if (moves[prev].turn != last.turn) break;
        if (ends_tile_step(moves, prev)) break;
        --last.moves_begin;
    }
    // The tile step's player, not whoever confirmed a decision at its end.
    last.player = moves[last.moves_begin].player;
    return last;
}

bool placed_in(const Game& game, const LastTurn& last, TileRef tile) {
    for (size_t m = last.moves_begin; m < last.moves_end; ++m)
        if (game.moves()[m].type == MoveType::PlaceTile && game.moves()[m].placement.at == tile) return true;
    return false;
}

bool placed_in(const Game& game, const LastTurn& last, const PlacedFigure& figure) {
    for (size_t m = last.moves_begin; m < last.moves_end; ++m) {
        const Move& move = game.moves()[m];
        if (move.type == MoveType::DeployMeeple && move.meeple == figure.meeple && move.pointer == figure.pointer)
            return true;
    }
    return false;
}

bool placed_in(const LastTurn& last, const PlacedToken& token) {
    return token.turn == last.turn && token.placed_by == last.player;
}

}  // namespace ck::host::render

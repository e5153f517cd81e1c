#include "last_turn.hpp"

namespace ck::host::render {

std::optional<LastTurn> last_turn(const Game& game) {
    const auto& moves = game.moves();
    size_t end = moves.size();
    while (end > 0 && moves[end - 1].type != MoveType::Commit) --end;
    if (end == 0) return std::nullopt;
    LastTurn last{moves[end - 1].turn, moves[end - 1].player, end - 1, end};
    while (last.moves_begin > 0 && moves[last.moves_begin - 1].type != MoveType::Commit &&
           moves[last.moves_begin - 1].turn == last.turn)
        --last.moves_begin;
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

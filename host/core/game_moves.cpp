// apply_move: a recorded move played again through Game's own checks, for
// the renderer's turn-by-turn frames and for tests that replay a game.
#include <string>

#include "game.hpp"

namespace ck::host {
namespace {

[[noreturn]] void not_offered(const std::string& what) {
    throw HostError(what + " is not offered now", ErrorCategory::IllegalMove);
}

void take_tile(Game& game, const Move& m) {
    if (game.awaiting_tile_choice()) {
        if (!m.from_hand) {
            game.draw();
        } else {
            const auto& options = game.tile_step_options();
            size_t i = 0;
            while (i < options.size() && options[i].tile_type != m.tile) ++i;
            if (i == options.size()) not_offered("the hand tile \"" + game.tile_def(m.tile).id + "\"");
            game.choose_tile_step_option(i);
        }
    }
    if (game.awaiting_caller_draw()) game.draw_tile(m.tile);
}

}  // namespace

void apply_move(Game& game, const Move& m) {
    switch (m.type) {
        case MoveType::PlaceTile:
            take_tile(game, m);
            game.place_tile(m.tile, m.placement);
            return;
        case MoveType::DeployMeeple: game.deploy_meeple(m.pointer, m.meeple); return;
        case MoveType::PlaceToken: {
            const auto& options = game.expansion_options();
            size_t i = 0;
            while (i < options.size() &&
                   !(options[i].action == m.option.action && options[i].token_kind == m.option.token_kind &&
                     options[i].at == m.option.at && options[i].location == m.option.location))
                ++i;
            if (i == options.size()) not_offered("the expansion option " + m.option.action + " " + m.option.token_kind);
            game.apply_expansion_option(i);
            return;
        }
        case MoveType::ReturnFigure: game.return_figure(m.meeple); return;
        case MoveType::Pass: game.pass(); return;
        case MoveType::Commit: game.commit(m.random); return;
        case MoveType::MoveNeutralFigure: game.choose_movement(m.target); return;
        case MoveType::Decision:
            if (m.decision_index) game.choose_decision(*m.decision_index);
            else game.pass_decision();
            return;
    }
}

}  // namespace ck::host

#include "move_text.hpp"

#include "core/location_names.hpp"
#include "score_breakdown.hpp"

namespace ck::host::render {

std::string move_text(const Game& game, const Move& m) {
    switch (m.type) {
        case MoveType::PlaceTile:
            return "placed " + game.tile_def(m.tile).id + " at " + format_tile_ref(m.placement.at) + " " +
                   std::string(rotation_name(m.placement.rotation)) + (m.from_hand ? ", from the hand" : "");
        case MoveType::DeployMeeple:
            return "follower " + game.meeple_text(m.meeple) + " on " + std::string(feature_kind_name(m.pointer.kind)) +
                   " " + format_location(m.pointer.location) + (m.pointer.kind == FeatureKind::Field ? " (farmer)" : "");
        case MoveType::PlaceToken:
            if (!m.option.neutral_figure.empty() || !m.option.return_source.empty()) return m.option.label;
            return "placed a " + token_name(game, m.option.token_kind) + " (" + m.option.token_kind + ") on " +
                   format_tile_ref(m.option.at);
        case MoveType::ReturnFigure:
            return "took back " + game.meeple_text(m.meeple) + " from " + std::string(feature_kind_name(m.pointer.kind)) +
                   " " + format_location(m.pointer.location);
        case MoveType::MoveNeutralFigure:
            return game.player(m.player).name + " moved " + game.neutral_figure_kinds()[m.neutral_figure].label +
                   " to " + format_tile_ref(m.target.at);
        case MoveType::Decision:
            return game.player(m.player).name +
                   (m.decision_index ? " chose \"" + m.decision_option.label + "\"" : " passed") + " (" +
                   m.decision_key + ")";
        case MoveType::Pass: return "no figure";
        case MoveType::Commit: return "";
    }
    return "";
}

}  // namespace ck::host::render

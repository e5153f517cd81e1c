#include "turn_options.hpp"

#include "errors.hpp"
#include "location_names.hpp"

namespace ck::host {

std::string_view turn_option_kind_name(TurnOption::Kind kind) {
    switch (kind) {
        case TurnOption::Kind::Draw: return "draw";
        case TurnOption::Kind::HandTile: return "hand-tile";
        case TurnOption::Kind::Tile: return "tile";
        case TurnOption::Kind::Pass: return "pass";
        case TurnOption::Kind::Figure: return "figure";
        case TurnOption::Kind::Building: return "building";
        case TurnOption::Kind::Return: return "return";
        case TurnOption::Kind::Move: return "move";
        case TurnOption::Kind::Decision: return "decision";
        case TurnOption::Kind::DecisionPass: return "decision-pass";
    }
    return "?";
}

std::vector<TurnOption> turn_options(const Game& game) {
    std::vector<TurnOption> out;
    if (game.is_over()) return out;
    using Kind = TurnOption::Kind;
    if (game.phase() == Phase::TilePhase && game.awaiting_tile_choice()) {
        out.push_back({.kind = Kind::Draw, .label = "draw a tile"});
        const auto& hand = game.tile_step_options();
        for (size_t i = 0; i < hand.size(); ++i)
            out.push_back({.kind = Kind::HandTile,
                           .label = std::string(hand[i].label),
                           .tile = game.tile_def(hand[i].tile_type).id,
                           .index = i});
    } else if (game.phase() == Phase::TilePhase && game.drawn_tile()) {
        const std::string tile = game.tile_def(*game.drawn_tile()).id;
        const auto& legal = game.legal_placements();
        out.reserve(legal.size());
        for (size_t i = 0; i < legal.size(); ++i)
            out.push_back({.kind = Kind::Tile,
                           .label = "place " + tile + " at " + format_tile_ref(legal[i].at) + " " +
                                    std::string(rotation_name(legal[i].rotation)),
                           .tile = tile,
                           .at = legal[i].at,
                           .rotation = legal[i].rotation,
                           .index = i});
    } else if (game.phase() == Phase::MovementPhase && game.movement()) {
        const MovementOffer& m = *game.movement();
        const NeutralFigureKind& figure = game.neutral_figure_kinds()[m.figure];
        for (size_t i = 0; i < m.targets.size(); ++i)
            out.push_back({.kind = Kind::Move,
                           .label = "move " + figure.label + " to " + format_tile_ref(m.targets[i].at) +
                                    (m.targets[i].location ? " " + format_location(m.targets[i].location) : std::string()),
                           .at = m.targets[i].at,
                           .location = m.targets[i].location,
                           .figure_kind = figure.name,
                           .index = i});
    } else if (game.phase() == Phase::DecisionPhase && game.decision()) {
        const Decision& d = *game.decision();
        for (size_t i = 0; i < d.options.size(); ++i) {
            const DecisionOption& o = d.options[i];
            TurnOption option{.kind = Kind::Decision, .label = o.label, .index = i};
            option.decision = d.key;
            if (o.target == DecisionTarget::Figure && o.figure < game.figures().size()) {
                option.at = game.figures()[o.figure].pointer.at;
                option.location = game.figures()[o.figure].pointer.location;
                option.placed_at = true;
            } else if (o.target != DecisionTarget::None) {
                option.at = o.at;
                option.location = o.target == DecisionTarget::Location ? o.location : 0;
                option.placed_at = true;
            }
            out.push_back(std::move(option));
        }
        if (d.may_pass) out.push_back({.kind = Kind::DecisionPass, .label = "pass", .decision = d.key});
    } else if (game.phase() == Phase::ActionPhase) {
        out.push_back({.kind = Kind::Pass, .label = "no figure"});
        const auto& meeples = game.meeple_options();
        for (size_t i = 0; i < meeples.size(); ++i) {
            const MeepleOption& m = meeples[i];
            const FigureKind& kind = game.figure_kinds()[m.kind];
            out.push_back({.kind = Kind::Figure,
                           .label = kind.name + " on " + std::string(feature_kind_name(m.pointer.kind)) + " " +
                                    format_location(m.pointer.location),
                           .at = m.pointer.at,
                           .feature = m.pointer.kind,
                           .location = m.pointer.location,
                           .figure_kind = kind.id,
                           .index = i});
        }
        const auto& actions = game.expansion_options();
        for (size_t i = 0; i < actions.size(); ++i)
            out.push_back({.kind = Kind::Building,
                           .label = actions[i].label,
                           .at = actions[i].at,
                           .location = actions[i].location,
                           .action = actions[i].action,
                           .token_kind = actions[i].token_kind,
                           .index = i});
        const auto& returns = game.return_options();
        for (size_t i = 0; i < returns.size(); ++i) {
            const std::string meeple = game.meeple_text(returns[i].meeple);
            out.push_back({.kind = Kind::Return,
                           .label = "take back " + meeple + " from " +
                                    std::string(feature_kind_name(returns[i].pointer.kind)),
                           .at = returns[i].pointer.at,
                           .feature = returns[i].pointer.kind,
                           .meeple = meeple,
                           .index = i});
        }
    }
    return out;
}

void play_turn_option(Game& game, const TurnOption& option) {
    using Kind = TurnOption::Kind;
    switch (option.kind) {
        case Kind::Draw: game.draw(); return;
        case Kind::HandTile: game.choose_tile_step_option(option.index); return;
        case Kind::Tile: {
            if (!game.drawn_tile()) throw HostError("no tile to place now");
            const Placement p = game.legal_placements().at(option.index);
            game.place_tile(*game.drawn_tile(), p);
            return;
        }
        case Kind::Pass: apply_figure_choice(game, {FigureChoice::Kind::None, 0}); return;
        case Kind::Figure: apply_figure_choice(game, {FigureChoice::Kind::Meeple, option.index}); return;
        case Kind::Building: apply_figure_choice(game, {FigureChoice::Kind::Expansion, option.index}); return;
        case Kind::Return: apply_figure_choice(game, {FigureChoice::Kind::Return, option.index}); return;
        case Kind::Move: game.choose_movement(option.index); return;
        case Kind::Decision: game.choose_decision(option.index); return;
        case Kind::DecisionPass: game.pass_decision(); return;
    }
}

size_t turn_option_count(const Game& game) {
    if (game.is_over()) return 0;
    if (game.phase() == Phase::TilePhase && game.awaiting_tile_choice()) return 1 + game.tile_step_options().size();
    if (game.phase() == Phase::TilePhase && game.drawn_tile()) return game.legal_placements().size();
    if (game.phase() == Phase::ActionPhase)
        return 1 + game.meeple_options().size() + game.expansion_options().size() + game.return_options().size();
    if (game.phase() == Phase::MovementPhase && game.movement()) return game.movement()->targets.size();
    if (game.phase() == Phase::DecisionPhase && game.decision())
        return game.decision()->options.size() + (game.decision()->may_pass ? 1 : 0);
    return 0;
}

void require_turn_option(const Game& game, size_t i) {
    const size_t count = turn_option_count(game);
    if (i >= count)
        throw HostError("option " + std::to_string(i) + " is not offered: " +
                        (count ? "the options are 0 to " + std::to_string(count - 1) : std::string("there is none now")));
}

void play_turn_option_at(Game& game, size_t i) {
    require_turn_option(game, i);
    using Kind = TurnOption::Kind;
    TurnOption o;
    if (game.phase() == Phase::TilePhase && game.awaiting_tile_choice()) {
        o.kind = i == 0 ? Kind::Draw : Kind::HandTile;
        o.index = i - (i > 0);
    } else if (game.phase() == Phase::TilePhase) {
        o.kind = Kind::Tile;
        o.index = i;
    } else if (game.phase() == Phase::MovementPhase) {
        o.kind = Kind::Move;
        o.index = i;
    } else if (game.phase() == Phase::DecisionPhase) {
        o.kind = i < game.decision()->options.size() ? Kind::Decision : Kind::DecisionPass;
        o.index = i;
    } else if (i == 0) {
        o.kind = Kind::Pass;
    } else {
        size_t rest = i - 1;
        const size_t meeples = game.meeple_options().size(), actions = game.expansion_options().size();
        if (rest < meeples) {
            o.kind = Kind::Figure;
        } else if ((rest -= meeples) < actions) {
            o.kind = Kind::Building;
        } else {
            rest -= actions;
            o.kind = Kind::Return;
        }
        o.index = rest;
    }
    play_turn_option(game, o);
}

void settle_turn(Game& game, std::optional<double> commit_random) {
    while (game.phase() == Phase::CommitActionPhase) game.commit(commit_random);
}

}  // namespace ck::host

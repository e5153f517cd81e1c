#include "players.hpp"

#include <algorithm>
#include <limits>

namespace ck::host {

size_t RandomPlayer::choose_tile_step(const Game& game) {
    return rng_.below(static_cast<uint32_t>(1 + game.tile_step_options().size()));
}

size_t RandomPlayer::choose_placement(const Game& game) {
    return rng_.below(static_cast<uint32_t>(game.legal_placements().size()));
}

FigureChoice RandomPlayer::choose_figure(const Game& game) {
    const size_t meeples = game.meeple_options().size();
    const size_t expansion = game.expansion_options().size();
    const size_t returns = game.return_options().size();
    const size_t pick = rng_.below(static_cast<uint32_t>(1 + meeples + expansion + returns));
    if (pick == 0) return {};
    if (pick <= meeples) return {FigureChoice::Kind::Meeple, pick - 1};
    if (pick <= meeples + expansion) return {FigureChoice::Kind::Expansion, pick - 1 - meeples};
    return {FigureChoice::Kind::Return, pick - 1 - meeples - expansion};
}

namespace {
int advantage(const std::vector<int>& points, uint8_t me) {
    int best_other = 0;
    for (size_t p = 0; p < points.size(); ++p)
        if (p != me) best_other = std::max(best_other, points[p]);
    return points[me] - best_other;
}
}  // namespace

GreedyPlayer::Plan GreedyPlayer::best_plan(const Game& game) {
    const uint8_t me = game.active_player();
    const TileTypeId tile = *game.drawn_tile();
    Plan best{std::numeric_limits<int>::min(), 0, {}};
    uint32_t ties = 0;
    // Reservoir choice among equally good moves keeps ties uniform.
    const auto consider = [&](int value, size_t placement, FigureChoice figure) {
        if (value > best.value) {
            ties = 1;
        } else if (value == best.value) {
            ++ties;
            if (rng_.below(ties) != 0) return;
        } else {
            return;
        }
        best = {value, placement, figure};
    };
    const auto& placements = game.legal_placements();
    for (size_t i = 0; i < placements.size(); ++i) {
        Game trial = game;
        trial.place_tile(tile, placements[i]);
        trial.preview_commit_points(std::nullopt, points_);
        consider(advantage(points_, me), i, {});
        if (trial.phase() != Phase::ActionPhase) continue;
        for (size_t m = 0; m < trial.meeple_options().size(); ++m) {
            trial.preview_commit_points(m, points_);
            consider(advantage(points_, me), i, {FigureChoice::Kind::Meeple, m});
        }
        for (size_t x = 0; x < trial.expansion_options().size(); ++x) {
            Game with_action = trial;
            with_action.apply_expansion_option(x);
            with_action.preview_commit_points(std::nullopt, points_);
            consider(advantage(points_, me), i, {FigureChoice::Kind::Expansion, x});
        }
        for (size_t r = 0; r < trial.return_options().size(); ++r) {
            Game with_return = trial;
            with_return.return_figure(r);
            with_return.preview_commit_points(std::nullopt, points_);
            for (size_t p = 0; p < points_.size(); ++p)
                points_[p] += with_return.score(static_cast<uint8_t>(p)) - trial.score(static_cast<uint8_t>(p));
            consider(advantage(points_, me), i, {FigureChoice::Kind::Return, r});
        }
    }
    return best;
}

size_t GreedyPlayer::choose_tile_step(const Game& game) {
    size_t choice = 0;
    Plan best{0, 0, {}};  // drawing: worth nothing known now
    for (size_t i = 0; i < game.tile_step_options().size(); ++i) {
        Game trial = game;
        trial.choose_tile_step_option(i);
        const Plan plan = best_plan(trial);
        if (plan.value > best.value) best = plan, choice = i + 1;
    }
    if (choice != 0) {
        planned_ = best;
        planned_turn_ = game.turn_number();
        placement_planned_ = true;
    }
    return choice;
}

size_t GreedyPlayer::choose_placement(const Game& game) {
    if (placement_planned_ && planned_turn_ == game.turn_number()) {
        placement_planned_ = false;  // chosen with the tile-step option
        return planned_.placement;
    }
    planned_ = best_plan(game);
    planned_turn_ = game.turn_number();
    return planned_.placement;
}

FigureChoice GreedyPlayer::choose_figure(const Game& game) {
    if (planned_turn_ == game.turn_number()) return planned_.figure;
    return {};
}

std::unique_ptr<PlayerAgent> make_player(std::string_view type, uint64_t seed) {
    if (type == "random") return std::make_unique<RandomPlayer>(seed);
    if (type == "greedy") return std::make_unique<GreedyPlayer>(seed);
    throw HostError("unknown player type \"" + std::string(type) + "\" (expected random or greedy)");
}

const std::vector<std::string>& player_types() {
    static const std::vector<std::string> types{"random", "greedy"};
    return types;
}

void apply_figure_choice(Game& game, const FigureChoice& choice) {
    switch (choice.kind) {
        case FigureChoice::Kind::None: game.pass(); return;
        case FigureChoice::Kind::Meeple: {
            const MeepleOption option = game.meeple_options().at(choice.index);
            game.deploy_meeple(option.pointer, *game.next_meeple(option.kind));
            return;
        }
        case FigureChoice::Kind::Return: game.return_figure(choice.index); return;
        case FigureChoice::Kind::Expansion: game.apply_expansion_option(choice.index); return;
    }
}

void play_turn(Game& game, PlayerAgent& agent, std::optional<double> commit_random) {
    if (game.awaiting_tile_choice()) {
        const size_t choice = agent.choose_tile_step(game);
        if (choice == 0) game.draw();
        else game.choose_tile_step_option(choice - 1);
        if (game.is_over()) return;  // every tile left fitted nowhere
    }
    const size_t i = agent.choose_placement(game);
    const Placement placement = game.legal_placements().at(i);  // copied: placing changes the list
    game.place_tile(*game.drawn_tile(), placement);
    if (game.phase() == Phase::ActionPhase) apply_figure_choice(game, agent.choose_figure(game));
    game.commit(commit_random);
}

void play_to_end(Game& game, const std::vector<std::unique_ptr<PlayerAgent>>& agents) {
    while (!game.is_over()) play_turn(game, *agents.at(game.active_player()));
}

}  // namespace ck::host

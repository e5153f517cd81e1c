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

size_t RandomPlayer::choose_movement(const Game& game) {
    return rng_.below(static_cast<uint32_t>(game.movement()->targets.size()));
}

size_t RandomPlayer::choose_decision(const Game& game) {
    return rng_.below(static_cast<uint32_t>(decision_choice_count(game)));
}

size_t decision_choice_count(const Game& game) {
    const Decision& d = *game.decision();
    return d.options.size() + (d.may_pass ? 1 : 0);
}

void apply_decision_choice(Game& game, size_t i) {
    if (i < game.decision()->options.size()) game.choose_decision(i);
    else game.pass_decision();
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
    // The trials copy a game without its history (moves and score log,
    // which nothing here reads): a copy per placement and per action.
    Game base = game;
    base.forget_history();
    const auto& placements = game.legal_placements();
    for (size_t i = 0; i < placements.size(); ++i) {
        Game trial = base;
        trial.place_tile(tile, placements[i]);
        trial.preview_commit_points(std::nullopt, points_);
        const int without_figure = advantage(points_, me);
        consider(without_figure, i, {});
        if (trial.phase() != Phase::ActionPhase) continue;
        for (size_t m = 0; m < trial.meeple_options().size(); ++m) {
            // A figure on a feature this commit does not score changes
            // nothing now (most options through a magic portal).
            if (!trial.scores_this_turn(trial.meeple_options()[m].feature)) {
                consider(without_figure, i, {FigureChoice::Kind::Meeple, m});
                continue;
            }
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

size_t GreedyPlayer::choose_movement(const Game& game) { return greediest_movement(game, &rng_); }

namespace {
// The index in 0..n-1 whose value_of(i) is highest; ties broken uniformly
// with `ties` (reservoir sampling), or the first when null.
template <class ValueOf>
size_t highest(size_t n, ValueOf value_of, SplitMix64* ties) {
    size_t best = 0;
    int best_value = std::numeric_limits<int>::min();
    uint32_t n_ties = 0;
    for (size_t i = 0; i < n; ++i) {
        const int value = value_of(i);
        if (value > best_value) {
            best_value = value;
            best = i;
            n_ties = 1;
        } else if (value == best_value && ties != nullptr && ties->below(++n_ties) == 0) {
            best = i;
        }
    }
    return best;
}
}  // namespace

size_t greediest_movement(const Game& game, SplitMix64* ties) {
    const uint8_t me = game.deciding_player();
    const auto& targets = game.movement()->targets;
    return highest(targets.size(), [&](size_t i) {
        int value = 0;
        for (const PlacedFigure& f : game.figures())
            if (f.pointer.at.pos == targets[i].at.pos) value += f.meeple.player == me ? -1 : 1;
        return value;
    }, ties);
}

size_t greediest_decision(const Game& game, SplitMix64* ties) {
    const uint8_t me = game.deciding_player();
    const size_t n = decision_choice_count(game);
    if (n == 1) return 0;
    Game base = game;
    base.forget_history();
    std::vector<int> points(game.player_count());
    return highest(n, [&](size_t i) {
        Game trial = base;
        apply_decision_choice(trial, i);
        for (size_t p = 0; p < points.size(); ++p) points[p] = trial.score(static_cast<uint8_t>(p));
        return advantage(points, me);
    }, ties);
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

namespace {

// The choices of a turn from wherever it stands until the next turn begins
// or the game ends: the tile step, the figure step, the steps of movements
// and decisions (`agent_for(p)` chooses for player p, wherever they come),
// the commit. With `only_own`, it stops at a movement step or a decision
// another player chooses.
template <class AgentFor>
void play_turn_with(Game& game, AgentFor agent_for, std::optional<double> commit_random, bool only_own = false) {
    const uint8_t me = game.deciding_player();
    const uint32_t turn = game.turn_number();
    PlayerAgent& agent = agent_for(game.active_player());
    // One turn, every tile step of it (an extra turn keeps its number).
    while (!game.is_over() && game.turn_number() == turn) {
        // A player choosing in another's turn (a decision, a movement step)
        // makes their own choices only; a commit is nobody's choice.
        if (only_own && game.deciding_player() != me && game.phase() != Phase::CommitActionPhase) return;
        switch (game.phase()) {
            case Phase::TilePhase: {
                if (game.awaiting_tile_choice()) {
                    const size_t choice = agent.choose_tile_step(game);
                    if (choice == 0) game.draw();
                    else game.choose_tile_step_option(choice - 1);
                    if (game.is_over()) return;  // every tile left fitted nowhere
                }
                const size_t i = agent.choose_placement(game);
                const Placement placement = game.legal_placements().at(i);  // copied: placing changes the list
                game.place_tile(*game.drawn_tile(), placement);
                break;
            }
            case Phase::ActionPhase: apply_figure_choice(game, agent.choose_figure(game)); break;
            case Phase::MovementPhase:
                game.choose_movement(agent_for(game.deciding_player()).choose_movement(game));
                break;
            case Phase::DecisionPhase:
                apply_decision_choice(game, agent_for(game.deciding_player()).choose_decision(game));
                break;
            case Phase::CommitActionPhase: game.commit(commit_random); break;
            case Phase::GameOverPhase: return;
        }
    }
}

}  // namespace

void play_own_decisions(Game& game, PlayerAgent& agent, std::optional<double> commit_random) {
    play_turn_with(game, [&](uint8_t) -> PlayerAgent& { return agent; }, commit_random, true);
}

void play_turn(Game& game, PlayerAgent& agent, std::optional<double> commit_random) {
    play_turn_with(game, [&](uint8_t) -> PlayerAgent& { return agent; }, commit_random);
}

void play_turn(Game& game, const std::vector<std::unique_ptr<PlayerAgent>>& agents,
               std::optional<double> commit_random) {
    play_turn_with(game, [&](uint8_t p) -> PlayerAgent& { return *agents.at(p); }, commit_random);
}

void play_to_end(Game& game, const std::vector<std::unique_ptr<PlayerAgent>>& agents) {
    while (!game.is_over()) play_turn(game, agents);
}

}  // namespace ck::host

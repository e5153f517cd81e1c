// Computer players for `play`, `simulate`, tests and benchmarks. Each is
// seeded and deterministic: the same game and seed give the same moves.
//   random  in a tile step with options, uniform over "draw" and every
//           option offered (a halfling in hand that fits); then uniform over
//           the tile's legal placements, then uniform over "no figure" and
//           every figure option offered (figures of every kind, figures to
//           take back, and expansion actions); uniform over the targets
//           of a movement step.
//   greedy  the (placement, figure) pair with the best immediate score
//           difference — own points minus the best opponent's — from what
//           this turn's commit would score (taking a figure back counts the
//           points it scores at once); ties broken at random. In a tile
//           step with options it evaluates every option that way and plays
//           the best one if it gains something now (advantage > 0); a
//           regular draw is unknown in advance, so otherwise it draws.
//           A movement step goes where it would eat the most figures of
//           other players less its own. A decision takes the choice that
//           leaves the best score difference at once (ties at random).
//   Both     choose uniformly among a decision's options (and its pass)
//           when random.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"
#include "random.hpp"

namespace ck::host {

struct FigureChoice {
    enum class Kind : uint8_t { None, Meeple, Expansion, Return };
    Kind kind = Kind::None;
    size_t index = 0;  // into Game::meeple_options(), expansion_options() or return_options()
};

// DecisionPhase: the choice (an option index, or options.size() for a
// pass) after which the deciding player's points less the best other
// player's are highest, each tried on a copy of the game; ties broken
// with `ties`, or the first when null.
size_t greediest_decision(const Game& game, SplitMix64* ties);
// How many choices the open decision has: its options, and a pass if allowed.
size_t decision_choice_count(const Game& game);
// Plays choice `i` as counted there (choose_decision or pass_decision).
void apply_decision_choice(Game& game, size_t i);

class PlayerAgent {
public:
    virtual ~PlayerAgent() = default;
    virtual std::string_view type() const = 0;
    // TilePhase with a pending choice (Game::awaiting_tile_choice): 0 to
    // draw, 1 + i for game.tile_step_options()[i].
    virtual size_t choose_tile_step(const Game& game) = 0;
    // TilePhase: an index into game.legal_placements().
    virtual size_t choose_placement(const Game& game) = 0;
    // ActionPhase: what to do in the figure step.
    virtual FigureChoice choose_figure(const Game& game) = 0;
    // MovementPhase, when this agent's player is the one to choose
    // (Game::deciding_player()): an index into game.movement()->targets.
    virtual size_t choose_movement(const Game& game) = 0;
    // DecisionPhase, when this agent's player chooses: an index into
    // game.decision()->options, or options.size() to pass (when allowed).
    // By default the best immediate score difference (greediest_decision).
    virtual size_t choose_decision(const Game& game) { return greediest_decision(game, nullptr); }
};

class RandomPlayer : public PlayerAgent {
public:
    explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
    std::string_view type() const override { return "random"; }
    size_t choose_tile_step(const Game& game) override;
    size_t choose_placement(const Game& game) override;
    FigureChoice choose_figure(const Game& game) override;
    size_t choose_movement(const Game& game) override;
    size_t choose_decision(const Game& game) override;

private:
    SplitMix64 rng_;
};

class GreedyPlayer : public PlayerAgent {
public:
    explicit GreedyPlayer(uint64_t seed) : rng_(seed) {}
    std::string_view type() const override { return "greedy"; }
    size_t choose_tile_step(const Game& game) override;
    size_t choose_placement(const Game& game) override;
    FigureChoice choose_figure(const Game& game) override;
    // The target whose space holds the most figures of other players less
    // its own (a dragon eats them; nothing scores in a movement).
    size_t choose_movement(const Game& game) override;
    size_t choose_decision(const Game& game) override { return greediest_decision(game, &rng_); }

private:
    // The best (placement, figure) for the tile `game` has to place now.
    struct Plan {
        int value = 0;
        size_t placement = 0;
        FigureChoice figure;
    };
    Plan best_plan(const Game& game);

    SplitMix64 rng_;
    uint32_t planned_turn_ = 0;   // turn of planned_ (0: none)
    bool placement_planned_ = false;
    Plan planned_;
    std::vector<int> points_;
};

// MovementPhase: the target whose space holds the most figures of players
// other than the deciding one, less that player's own (what a dragon
// eats); ties broken with `ties`, or the first when null.
size_t greediest_movement(const Game& game, SplitMix64* ties);

// "random" or "greedy"; throws HostError for anything else.
std::unique_ptr<PlayerAgent> make_player(std::string_view type, uint64_t seed);
const std::vector<std::string>& player_types();

// Applies a figure choice to the game (ActionPhase).
void apply_figure_choice(Game& game, const FigureChoice& choice);

// Plays the active player's whole turn with `agent`: choose between drawing
// and the tile-step options when there is a choice, place the tile, take
// the figure step, choose the steps of a movement, commit (with
// `commit_random`, when given, as the value that re-seeds the draws:
// Game::commit). The game must be in TilePhase. The first form lets
// `agent` choose every movement step too; the second asks each step of
// agents[step's player].
void play_turn(Game& game, PlayerAgent& agent, std::optional<double> commit_random = std::nullopt);
void play_turn(Game& game, const std::vector<std::unique_ptr<PlayerAgent>>& agents,
               std::optional<double> commit_random = std::nullopt);
// The choices of the player who decides now (Game::deciding_player()),
// from wherever the turn stands, until another player is to choose
// anything (a decision or movement step, or the rest of their own turn
// after this player decided in it) or the turn is over (`cloisterkit
// serve`'s computer seats, beside people).
void play_own_decisions(Game& game, PlayerAgent& agent, std::optional<double> commit_random = std::nullopt);

// Plays until the game is over; agents[i] plays player i.
void play_to_end(Game& game, const std::vector<std::unique_ptr<PlayerAgent>>& agents);

}  // namespace ck::host

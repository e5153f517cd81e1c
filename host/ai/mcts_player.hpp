// The `mcts` computer player (docs/ai.md): information-set Monte Carlo tree
// search (single observer) over the whole turn — tile-step choices, the
// placement, the figure step of every kind — played through the host's
// Game and so through every loaded expansion's hooks. Each iteration
// determinises a copy of the game (Game::determinise): the pack's order
// and other players' hands are sampled, never read. Root-parallel threads,
// each with its own tree and its own bridge to the plugins; trees are kept
// from one decision to the next and re-rooted where the game went.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/players.hpp"
#include "search_tree.hpp"

namespace ck::host::ai {

struct MctsOptions {
    // A decision stops at the first limit reached: `playouts` (counting the
    // visits the kept tree already has) or `ms` of search (0: none; a time
    // limit makes choices depend on the machine's speed). ms given alone
    // lifts the playout limit.
    uint32_t playouts = 1500;
    uint32_t ms = 0;
    uint32_t threads = 1;
    double c = 0.7;                // exploration constant of UCB (rewards lie in [0, 1])
    double margin = 0.3;           // weight of the score margin in the reward, the rest is winning
    size_t nodes = 1'000'000;      // node budget of all trees together
};

// Parses the parameters of a kind's text ("playouts=2000:threads=2"); throws
// HostError naming the parameter for anything else.
MctsOptions parse_mcts_options(std::string_view text);
std::string describe(const MctsOptions& o);  // "mcts:playouts=1500:c=0.7:..." as parse_mcts_options reads it

// What the player needs from the program that runs it: bridges to the
// plugins for its extra threads (the game's own serves the calling thread),
// and where to say that the node budget ran out.
struct SearchEnvironment {
    std::function<std::unique_ptr<ExpansionHooks>()> make_hooks;  // may be empty without plugins
    std::function<void(const std::string&)> notice;               // may be empty
    // Asked between iterations: true ends the search at once, the choice
    // being the best so far (serve: a move's deadline, the server stopping).
    std::function<bool()> stop_requested;                         // may be empty
};

struct SearchStats {
    uint64_t searches = 0, iterations = 0, playouts_kept = 0;  // kept: visits the re-rooted trees brought
    uint64_t decisions_from_tree = 0;                           // decisions taken with no iteration needed
    size_t peak_nodes = 0;
    bool budget_reached = false;
    double seconds = 0;
};

class MctsPlayer : public PlayerAgent {
public:
    MctsPlayer(uint64_t seed, MctsOptions options, SearchEnvironment env = {});
    ~MctsPlayer() override;
    std::string_view type() const override { return "mcts"; }
    size_t choose_tile_step(const Game& game) override;
    size_t choose_placement(const Game& game) override;
    FigureChoice choose_figure(const Game& game) override;
    // Movement steps are not searched: the greedy player's choice.
    size_t choose_movement(const Game& game) override { return greediest_movement(game, nullptr); }

    const SearchStats& stats() const { return stats_; }
    const MctsOptions& options() const { return options_; }

private:
    struct Worker;
    // Brings every tree to the position of `game` and searches it; returns
    // the chosen choice among `choices` (those of the root).
    const Choice& decide(const Game& game, Step step, const std::vector<Choice>& choices);

    uint64_t seed_;
    MctsOptions options_;
    SearchEnvironment env_;
    std::vector<std::unique_ptr<Worker>> workers_;
    std::vector<ActionKey> root_path_;  // keys from the start of the game to the trees' roots
    bool have_root_ = false;
    std::vector<Choice> choices_;
    SearchStats stats_;
    bool budget_noticed_ = false;
};

}  // namespace ck::host::ai

// The choices of the player on turn, as one list of plain values: what
// `cloisterkit serve` offers in the browser and the Python package offers
// to scripts and learning agents. One list, so both offer exactly the same
// moves in the same order.
//
// Order: a tile step with a choice lists "draw" and then each tile-step
// option (a hand tile); a drawn tile lists its legal placements in
// Game::legal_placements() order; the figure step lists "pass" (no
// figure), the figures (Game::meeple_options()), the expansions' actions
// (Game::expansion_options()) and the figures that may be taken back
// (Game::return_options()); a movement step lists its targets, for the
// player who chooses it (Game::deciding_player()); a decision lists its
// options and then, when it may be passed, "pass" (Game::decision(), for
// Game::deciding_player()). Nothing is listed when
// the game is over or the turn only waits for its commit (Game::commit;
// settle_turn does it).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"
#include "players.hpp"

namespace ck::host {

struct TurnOption {
    enum class Kind : uint8_t {
        Draw,      // draw a tile from the pack
        HandTile,  // play a tile-step option instead of drawing (Halflings' hand)
        Tile,      // place the tile to place at `at` turned `rotation`
        Pass,      // no figure this turn
        Figure,    // a figure of kind `figure_kind` on `feature` at `location` of `at`
        Building,  // an expansion's figure-step action (`action`, `token_kind` at `at`)
        Return,    // take back `meeple`, standing at `at`, scoring its feature
        Move,      // a step of a movement: neutral figure `figure_kind` to `at` (`location`: a segment)
        Decision,  // option `index` of the open decision `decision` (`at`, `location`: where it points, if anywhere)
        DecisionPass,  // no option of the open decision `decision` (when it may be passed)
    };
    Kind kind = Kind::Draw;
    // The {} keep designated initializers that name only some members
    // free of -Wmissing-field-initializers.
    std::string label{};  // for people: "place BA/RCr at (1,0) R90"
    std::string tile{};   // HandTile, Tile: the tile type's id
    TileRef at{};         // Tile, Figure, Building, Return
    int rotation = 0;   // Tile: quarter turns clockwise
    FeatureKind feature = FeatureKind::Road;  // Figure, Return
    Location location = 0;                    // Figure, Building, Move: the segment, board orientation (0: the tile)
    std::string figure_kind{};                // Figure: "small", "abbot", ...; Move: the neutral figure ("dragon")
    std::string action{}, token_kind{};       // Building
    std::string meeple{};                     // Return: the meeple id as saved games write it
    std::string decision{};                   // Decision, DecisionPass: the decision's key
    bool placed_at = false;                   // Decision: `at` names a place on the board
    size_t index = 0;                         // into the Game list the option comes from

    // Whether `at` names a place on the board (a tile, a figure's or a
    // target's tile, a decision option pointing somewhere).
    bool on_board() const {
        return kind == Kind::Tile || kind == Kind::Figure || kind == Kind::Building || kind == Kind::Return ||
               kind == Kind::Move || (kind == Kind::Decision && placed_at);
    }
};

// "draw", "hand-tile", "tile", "pass", "figure", "building", "return", "move",
// "decision", "decision-pass".
std::string_view turn_option_kind_name(TurnOption::Kind kind);

// The options of the player on turn (empty when none is open).
std::vector<TurnOption> turn_options(const Game& game);
// Plays one option of turn_options(game), as listed for this very state.
void play_turn_option(Game& game, const TurnOption& option);

// The same without building the list, for callers that choose by number
// (a learning agent's action, a random choice): how many options
// turn_options(game) lists, and playing the i-th of them.
size_t turn_option_count(const Game& game);
// Throws HostError naming the options there are when `i` is not one of them.
void require_turn_option(const Game& game, size_t i);
// Plays the i-th option (require_turn_option first: a bad number changes nothing).
void play_turn_option_at(Game& game, size_t i);
// Commits a turn whose figure step is over (with `commit_random`, when
// given: Game::commit), so that the game stands at the next choice or its
// end. Does nothing otherwise.
void settle_turn(Game& game, std::optional<double> commit_random = std::nullopt);

}  // namespace ck::host

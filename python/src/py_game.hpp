// The C++ side of cloisterkit.Game: a host::Game with what its copies
// share (the environment or saved game it comes from, the plugin bridge,
// the setup for saving). Python calls it under the GIL only, so the one
// bridge of a source serves every copy.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runs/game_options.hpp"
#include "core/game.hpp"
#include "core/turn_options.hpp"
#include "jcz/replayer.hpp"

namespace ck::python {

// Where games come from: an environment (players, expansions, rules) or a
// saved game; and the bridge to their expansions.
struct GameSource {
    std::shared_ptr<const cli::GameEnvironment> env;  // games from options
    std::unique_ptr<host::jcz::Replay> replay;        // a game from a .jcz
    host::GameSetup setup;                            // what it was set up with (saving)
    std::unique_ptr<host::ExpansionHooks> hooks;
    uint64_t seed = 0;
};

// One option, with the state it belongs to: playing it on another state
// is refused instead of playing whatever that state lists at its place.
struct PyOption {
    host::TurnOption turn;
    size_t position = 0;     // in the game's list
    uint64_t version = 0;    // Game::state_version() of the state that listed it
};

class PyGame {
public:
    PyGame(std::shared_ptr<GameSource> source, host::Game game);

    static PyGame from_environment(std::shared_ptr<const cli::GameEnvironment> env, uint64_t seed);
    static PyGame from_jcz(const std::string& text, const std::vector<std::string>& plugin_dirs,
                           const std::vector<std::string>& tile_files);

    const host::Game& game() const { return game_; }
    const GameSource& source() const { return *source_; }

    std::vector<PyOption> options() const;
    size_t option_count() const { return host::turn_option_count(game_); }
    void play(const PyOption& option);
    void play_index(size_t i);
    // Plays the rest of the game with the environment's computer players,
    // as `cloisterkit play` does from the start (its agents are made
    // anew, seeded with the game's seed).
    void autoplay();
    PyGame clone() const { return *this; }
    // A copy in which what `observer` cannot know (the pack's order, the
    // others' hands) is drawn again with `seed` (Game::determinise).
    PyGame determinised(uint8_t observer, uint64_t seed) const;
    std::string to_jcz() const;

private:
    void settle() { host::settle_turn(game_); }
    // Throws when an earlier move failed inside the host or a plugin: the
    // game may be half-way through that move, so it is not played on.
    void check_usable() const;

    std::string failure_;  // why the game stopped being usable (empty: it is)

    std::shared_ptr<GameSource> source_;
    host::Game game_;
};

}  // namespace ck::python

// Many games of one environment on several threads: `simulate`, and the
// Python package's simulate(). Game i of a run with `seed` is played with
// game_seed(seed, i) by the environment's computer players, so the games
// and their results do not depend on the number of threads, nor on how a
// run is cut into pieces (first, count): a Dask shard of games 1000..1999
// plays exactly the games 1000..1999 of the whole run.
#pragma once

#include <cstdint>
#include <functional>

#include "game_options.hpp"

namespace ck::cli {

struct GameRun {
    uint64_t seed = 0;
    uint64_t first = 0;  // the index of the run's first game
    uint64_t count = 0;
    unsigned threads = 1;  // at most `count` are used
    // Called on each worker thread around its games, to install what is
    // kept per thread (a profile); by default it only calls `games`.
    std::function<void(unsigned thread, const std::function<void()>& games)> around_thread;
    // Called for each game once it is over, on the thread that played it;
    // `index` counts from 0 for the run's first game. Must be thread-safe.
    std::function<void(unsigned thread, uint64_t index, const host::Game& game)> finished;
};

// Plays the run; the calling thread is worker 0. The first failure stops
// the other workers after their current game and is rethrown.
void play_games(const GameEnvironment& env, const GameRun& run);

}  // namespace ck::cli

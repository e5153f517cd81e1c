// How many games a property test plays in this build. The sanitizer builds
// run the code under test about ten times slower, and their point is the
// memory and undefined-behaviour checks, not the number of games; there
// scripts/run-sanitizers.sh sets CK_TEST_GAMES_PERCENT (1 to 100) and the
// property tests play that share of their games. The ordinary suite plays
// all of them.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <string>

namespace ck::test {

inline int games_for_this_build(int full) {
    const char* percent = std::getenv("CK_TEST_GAMES_PERCENT");
    if (!percent || !*percent) return full;
    const int p = std::clamp(std::atoi(percent), 1, 100);
    return std::max(1, full * p / 100);
}

// For a loop that checks many items the same way (every turn of a game,
// every scenario): take item i when i % sample_step() == 0. 1 in the
// ordinary suite; with CK_TEST_GAMES_PERCENT its inverse (30: every third
// item), so a sanitizer build checks the same kinds of item, fewer of them.
inline size_t sample_step() {
    const char* percent = std::getenv("CK_TEST_GAMES_PERCENT");
    if (!percent || !*percent) return 1;
    return static_cast<size_t>(100 / std::clamp(std::atoi(percent), 1, 100));
}

}  // namespace ck::test

// A time limit a test hands to the code under test (not a timing of the
// test: speed is measured in bench/). The sanitizer builds run the code
// about ten times slower, and on CI's two cores two tests share them; there
// scripts/run-sanitizers.sh sets CK_TEST_TIME_SCALE and limits are that
// many times longer. The ordinary suite uses them as written.
#pragma once

#include <algorithm>
#include <cstdlib>

namespace ck::test {

inline int seconds_for_this_build(int seconds) {
    const char* scale = std::getenv("CK_TEST_TIME_SCALE");
    if (!scale || !*scale) return seconds;
    return seconds * std::clamp(std::atoi(scale), 1, 20);
}

}  // namespace ck::test

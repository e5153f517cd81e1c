// Assertions are matched as whole texts and without std::regex (issue 11,
// findings 2 and 5; docs/reliability.md): trailing text fails and is named,
// and texts of any length are evaluated in linear time without recursion.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "jcz/assertions.hpp"

using namespace ck::host::jcz;
using testing::HasSubstr;

namespace {

AssertionState sample() {
    AssertionState s;
    s.player_names = {"Alice", "Bob"};
    s.totals = {4, 0};
    s.score_log = {{0, 4, "city"}};
    s.phase = "GameOverPhase";
    return s;
}

}  // namespace

TEST(JczAssertionsStrict, TrailingTextFailsAndIsNamed) {
    const auto ok = evaluate_assertion("Alice scored city for 4 points", sample());
    EXPECT_TRUE(ok.passed) << ok.detail;
    const auto r = evaluate_assertion("Alice scored city for 4 pointsss garbage", sample());
    EXPECT_FALSE(r.passed);
    EXPECT_EQ(r.detail,
              "Unknown assertion: text after \"Alice scored city for 4 points\": \"ss garbage\" "
              "(an assertion must be exactly one of the forms)");
    EXPECT_FALSE(evaluate_assertion("Alice has 4 points ", sample()).passed);
    EXPECT_FALSE(evaluate_assertion("phase is GameOverPhase!", sample()).passed);
    EXPECT_FALSE(evaluate_assertion(" Alice has 4 points", sample()).passed);
    EXPECT_TRUE(evaluate_assertion("Alice has 4 point", sample()).passed);  // singular, as before
    EXPECT_TRUE(evaluate_assertion("phase is GameOverPhase", sample()).passed);
}

// std::regex overflowed the stack at about 30,000 characters.
TEST(JczAssertionsStrict, VeryLongTextsDoNotCrash) {
    const size_t n = 2'000'000;
    const auto start = std::chrono::steady_clock::now();
    const std::string texts[] = {
        std::string(n, 'a'),
        "Alice has 4 point" + std::string(n, 's'),
        "Alice has " + std::string(n, '4') + " points",
        "Alice scored " + std::string(n, 'c') + " for 4 points",
        "phase is " + std::string(n, 'P'),
        std::string(n, ' '),
    };
    for (const auto& t : texts) {
        const auto r = evaluate_assertion(t, sample());
        EXPECT_FALSE(r.passed);
        EXPECT_LT(r.detail.size(), 300u) << "the detail quotes an excerpt, not the text";
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 10.0) << "linear in the text length";
    const auto r = evaluate_assertion("Alice has 4 point" + std::string(100, 's'), sample());
    EXPECT_THAT(r.detail, HasSubstr("text after \"Alice has 4 points\": \"sssss"));
}

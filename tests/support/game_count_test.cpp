// The share of a property test's games a build plays (game_count.hpp).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "game_count.hpp"

namespace {

// Sets CK_TEST_GAMES_PERCENT for one test and restores it after.
class GamesPercent {
public:
    explicit GamesPercent(const char* value) {
        if (const char* old = std::getenv(kName)) old_ = old, had_ = true;
        if (value) setenv(kName, value, 1);
        else unsetenv(kName);
    }
    ~GamesPercent() {
        if (had_) setenv(kName, old_.c_str(), 1);
        else unsetenv(kName);
    }

private:
    static constexpr const char* kName = "CK_TEST_GAMES_PERCENT";
    std::string old_;
    bool had_ = false;
};

TEST(GameCount, TheOrdinarySuitePlaysEveryGame) {
    GamesPercent unset(nullptr);
    EXPECT_EQ(ck::test::games_for_this_build(500), 500);
    GamesPercent empty("");
    EXPECT_EQ(ck::test::games_for_this_build(500), 500);
}

TEST(GameCount, ASanitizerBuildPlaysItsShareAndAtLeastOneGame) {
    GamesPercent thirty("30");
    EXPECT_EQ(ck::test::games_for_this_build(500), 150);
    EXPECT_EQ(ck::test::games_for_this_build(200), 60);
    EXPECT_EQ(ck::test::games_for_this_build(2), 1);
}

TEST(GameCount, APercentOutsideOneToAHundredIsClamped) {
    GamesPercent over("250");
    EXPECT_EQ(ck::test::games_for_this_build(40), 40);
    GamesPercent zero("0");
    EXPECT_EQ(ck::test::games_for_this_build(40), 1);
}

}  // namespace

TEST(GameCount, SampleStepTakesEveryItemInTheOrdinarySuiteAndItsShareUnderASanitizer) {
    {
        GamesPercent unset(nullptr);
        EXPECT_EQ(ck::test::sample_step(), 1u);
    }
    {
        GamesPercent thirty("30");
        EXPECT_EQ(ck::test::sample_step(), 3u);
    }
    GamesPercent all("100");
    EXPECT_EQ(ck::test::sample_step(), 1u);
}

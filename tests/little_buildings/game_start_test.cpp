// GAME_START: dealing the buildings (LB-4, LB-21, jcz-interop §4.13).
#include <gtest/gtest.h>

#include <array>

#include "abi_harness.hpp"

namespace lbtest {
namespace {

using Counts = std::array<int, 3>;  // tower, house, shed

std::vector<Counts> deal(int players, const std::map<std::string, std::string>& rules) {
    const HookResult r = call(CK_HOOK_GAME_START, make_state(players, rules), game_start(players));
    EXPECT_TRUE(CK_SUCCEEDED(r.status)) << r.error;
    const auto given = given_tokens(r);
    std::vector<Counts> out(players, Counts{});
    for (const auto& [key, count] : given) {
        const auto& [player, kind] = key;
        EXPECT_LT(player, players);
        EXPECT_GT(count, 0) << "GiveTokens with a zero count";
        const int k = kind == kTower ? 0 : kind == kHouse ? 1 : kind == kShed ? 2 : -1;
        EXPECT_GE(k, 0) << kind;
        if (k >= 0 && player < players) out[player][k] = count;
    }
    return out;
}

int total(const Counts& c) { return c[0] + c[1] + c[2]; }

// LB-4: floor(18 / N) buildings each, the rest back in the box.
TEST(LittleBuildingsGameStart, LB4_RulesSplitGivesEveryPlayerFloor18OverN) {
    const std::map<int, int> per_player{{2, 9}, {3, 6}, {4, 4}, {5, 3}, {6, 3}};
    for (const auto& [n, expected] : per_player) {
        const auto dealt = deal(n, {});  // split=rules, values=flat are the defaults
        for (int p = 0; p < n; ++p) EXPECT_EQ(total(dealt[p]), expected) << n << " players, player " << p;
    }
}

// LB-4 with our documented mix: player p's k-th building is type (p + k) mod 3.
TEST(LittleBuildingsGameStart, LB4_FourPlayersGetARoundRobinMix) {
    const auto dealt = deal(4, {{"littleBuildings.split", "rules"}, {"littleBuildings.values", "flat"}});
    EXPECT_EQ(dealt[0], (Counts{2, 1, 1}));
    EXPECT_EQ(dealt[1], (Counts{1, 2, 1}));
    EXPECT_EQ(dealt[2], (Counts{1, 1, 2}));
    EXPECT_EQ(dealt[3], (Counts{2, 1, 1}));
}

// LB-3: the box holds 6 of each type; no player count may deal more.
TEST(LittleBuildingsGameStart, LB3_LB4_NeverDealsMoreThanSixOfAType) {
    for (int n = 1; n <= 20; ++n) {
        const auto dealt = deal(n, {});
        Counts sum{};
        for (const Counts& c : dealt)
            for (int k = 0; k < 3; ++k) sum[k] += c[k];
        for (int k = 0; k < 3; ++k) EXPECT_LE(sum[k], 6) << n << " players, kind " << k;
        EXPECT_EQ(total(sum), n * (18 / n)) << n << " players";
    }
}

// LB-21: under 3/2/1 every player gets floor(6 / N) of each type; with 4
// players that is 3 buildings, not 4.
TEST(LittleBuildingsGameStart, LB21_ThreeTwoOneGivesEqualTypes) {
    const std::map<int, int> per_type{{2, 3}, {3, 2}, {4, 1}, {5, 1}, {6, 1}};
    for (const auto& [n, each] : per_type) {
        const auto dealt = deal(n, {{"littleBuildings.values", "321"}});
        for (int p = 0; p < n; ++p) EXPECT_EQ(dealt[p], (Counts{each, each, each})) << n << " players";
    }
}

// jcz-interop §4.13 / §8.3: JCloisterZone deals floor(6 / N) of each type
// whatever the values, also for 1 player and none from 7 players on.
TEST(LittleBuildingsGameStart, JczSplitGivesFloor6OverNOfEachTypeUnderBothValues) {
    for (const char* values : {"flat", "321"}) {
        for (int n = 1; n <= 8; ++n) {
            const auto dealt = deal(n, {{"littleBuildings.split", "jcz"}, {"littleBuildings.values", values}});
            const int each = 6 / n;
            for (int p = 0; p < n; ++p) EXPECT_EQ(dealt[p], (Counts{each, each, each})) << n << " players, " << values;
        }
    }
    // Four players differ from the published rules (LB-4): 3 each instead of 4 (docs/jcz-interop.md §8.3).
    EXPECT_EQ(total(deal(4, {{"littleBuildings.split", "jcz"}})[0]), 3);
}

TEST(LittleBuildingsGameStart, SevenPlayersUnderJczGetNothingAndNoEffects) {
    const HookResult r = call(CK_HOOK_GAME_START, make_state(7, {{"littleBuildings.split", "jcz"}}), game_start(7));
    EXPECT_EQ(r.status, CK_NOTHING_TO_DO);
}

TEST(LittleBuildingsGameStart, PlayerCountDisagreeingWithTheStateIsAnError) {
    const HookResult r = call(CK_HOOK_GAME_START, make_state(3), game_start(4));
    EXPECT_EQ(r.status, CK_E_INTERNAL);
    EXPECT_NE(r.error.find("4 players"), std::string::npos) << r.error;
}

// An option value we do not know must not silently fall back to a default.
TEST(LittleBuildingsGameStart, UnknownOptionValueIsAClearError) {
    const HookResult r = call(CK_HOOK_GAME_START, make_state(2, {{"littleBuildings.split", "even"}}), game_start(2));
    EXPECT_EQ(r.status, CK_E_SETUP_REFUSED);  // the user's choice (issue #29), not a bug
    EXPECT_NE(r.error.find("littleBuildings.split"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("'even'"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("rules, jcz"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace lbtest

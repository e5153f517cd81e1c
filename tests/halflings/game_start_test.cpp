// GAME_START: dealing the hands (HF-12, HF-14, HF-39, HF-40) or dealing the
// hands a saved game fixes.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "hf_harness.hpp"

namespace hftest {
namespace {

using Hands = std::vector<std::vector<std::string>>;
using Rules = std::map<std::string, std::string>;

HookResult start(int players, const Rules& rules, uint64_t seed = 42) {
    return call(CK_HOOK_GAME_START, make_state(players, rules), game_start(players, seed));
}

Hands deal(int players, const Rules& rules, uint64_t seed = 42) {
    const HookResult r = start(players, rules, seed);
    EXPECT_EQ(r.status, CK_OK) << r.error;
    EXPECT_EQ(count_effects(r, fb::Effect::AddHandTile), static_cast<int>(r.response.effects.size()))
        << "GAME_START answers nothing but AddHandTile";
    return hands_dealt(r, make_state(players, rules), players);
}

std::vector<std::string> all_dealt(const Hands& hands) {
    std::vector<std::string> all;
    for (const auto& h : hands) all.insert(all.end(), h.begin(), h.end());
    return all;
}

bool is_halfling(const std::string& id) {
    return std::find(all_halflings().begin(), all_halflings().end(), id) != all_halflings().end();
}
bool is_symbol(const std::string& id) {
    return std::find(symbol_tiles().begin(), symbol_tiles().end(), id) != symbol_tiles().end();
}

// A setup the user chose that cannot be dealt is their error (issue #29):
// CK_E_SETUP_REFUSED; what a host gets wrong, CK_E_INTERNAL.
void expect_error(const HookResult& r, const std::vector<std::string>& parts, ck_status status = CK_E_SETUP_REFUSED) {
    EXPECT_EQ(r.status, status);
    for (const auto& part : parts) EXPECT_NE(r.error.find(part), std::string::npos) << part << " in: " << r.error;
}

// HF-12: each player takes handSize (3 by default) distinct halflings.
TEST(HalflingsGameStart, HF12_RandomSetupDealsThreeDistinctHalflingsToEveryPlayer) {
    for (int players = 1; players <= 6; ++players) {
        const Hands hands = deal(players, {});
        for (int p = 0; p < players; ++p) EXPECT_EQ(hands[p].size(), 3u) << players << " players, player " << p;
        const std::vector<std::string> all = all_dealt(hands);
        EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), all.size()) << "one copy of each (HF-11)";
        for (const auto& id : all) EXPECT_TRUE(is_halfling(id)) << id << " is not one of the 24";
    }
}

// HF-12: the deal comes from GAME_START's seed only.
TEST(HalflingsGameStart, HF12_SameSeedSameDealOtherSeedsOtherDeals) {
    for (const char* setup : {"random", "draft"}) {
        const Rules rules{{"halflings.setup", setup}};
        EXPECT_EQ(deal(4, rules, 7), deal(4, rules, 7)) << setup;
        std::set<Hands> seen;
        for (uint64_t seed = 1; seed <= 20; ++seed) seen.insert(deal(4, rules, seed));
        EXPECT_GT(seen.size(), 15u) << setup << ": 20 seeds gave only " << seen.size() << " deals";
    }
}

// HF-12: a first game leaves Halflings II 1-4 in the box; auto means that
// under random, and so does an explicit true.
TEST(HalflingsGameStart, HF12_RandomSetupNeverDealsTheSymbolTiles) {
    for (const Rules& rules :
         {Rules{}, Rules{{"halflings.excludeSymbolTiles", "auto"}}, Rules{{"halflings.excludeSymbolTiles", "true"}}}) {
        std::set<std::string> ever;
        for (uint64_t seed = 1; seed <= 100; ++seed) {
            const std::vector<std::string> all = all_dealt(deal(6, rules, seed));  // 18 of the 20
            ever.insert(all.begin(), all.end());
        }
        for (const auto& id : symbol_tiles()) EXPECT_EQ(ever.count(id), 0u) << id;
        EXPECT_EQ(ever.size(), 20u) << "every other halfling gets dealt in 100 deals";
    }
}

// HF-12 with excludeSymbolTiles=false: the pool is all 24.
TEST(HalflingsGameStart, HF12_ExcludeFalseKeepsTheSymbolTilesInTheRandomPool) {
    const Hands hands = deal(8, {{"halflings.excludeSymbolTiles", "false"}});  // 8 x 3 = 24
    std::vector<std::string> all = all_dealt(hands);
    std::sort(all.begin(), all.end());
    std::vector<std::string> expected = all_halflings();
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(all, expected);
}

// HF-39 step 1: the draft lays out all 24, symbol tiles included (auto).
TEST(HalflingsGameStart, HF39_DraftKeepsTheSymbolTilesUnlessExcluded) {
    std::vector<std::string> all = all_dealt(deal(8, {{"halflings.setup", "draft"}}));
    EXPECT_EQ(all.size(), 24u);
    for (const auto& id : symbol_tiles()) EXPECT_EQ(std::count(all.begin(), all.end(), id), 1) << id;

    std::set<std::string> ever;
    for (uint64_t seed = 1; seed <= 50; ++seed) {
        const auto dealt = all_dealt(deal(3, {{"halflings.setup", "draft"}}, seed));
        ever.insert(dealt.begin(), dealt.end());
    }
    for (const auto& id : symbol_tiles()) EXPECT_EQ(ever.count(id), 1u) << id << " never drafted in 50 games";

    for (uint64_t seed = 1; seed <= 30; ++seed)
        for (const auto& id :
             all_dealt(deal(6, {{"halflings.setup", "draft"}, {"halflings.excludeSymbolTiles", "true"}}, seed)))
            EXPECT_FALSE(is_symbol(id)) << id;
}

// HF-39: the last player in turn order picks first, then counter-clockwise
// (reverse turn order), the same order every round: P4 P3 P2 P1 x 3. The
// AddHandTile effects come in pick order.
TEST(HalflingsGameStart, HF39_DraftPicksInReverseTurnOrderEveryRound) {
    const HookResult r = start(4, {{"halflings.setup", "draft"}});
    ASSERT_EQ(r.status, CK_OK) << r.error;
    std::vector<int> order;
    for (const HandTile& t : hand_tiles_added(r, make_state(4))) order.push_back(t.player);
    EXPECT_EQ(order, (std::vector<int>{3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0}));

    const HookResult two = start(2, {{"halflings.setup", "draft"}, {"halflings.handSize", "2"}});
    order.clear();
    for (const HandTile& t : hand_tiles_added(two, make_state(2))) order.push_back(t.player);
    EXPECT_EQ(order, (std::vector<int>{1, 0, 1, 0}));
}

// HF-14: handSize x players may not exceed the pool (20 without the symbol
// tiles, 24 with them); the message names the numbers and the rule.
TEST(HalflingsGameStart, HF14_HandsLargerThanThePoolAreRefused) {
    expect_error(start(7, {{"halflings.handSize", "3"}}),
                 {"handSize 3 x 7 players needs 21", "at most 2 each fit the pool of 20", "HF-14",
                  "choose the rule halflings.handSize=2"});
    expect_error(start(5, {{"halflings.handSize", "5"}, {"halflings.excludeSymbolTiles", "false"}}),
                 {"handSize 5 x 5 players needs 25", "at most 4 each fit the pool of 24", "HF-14"});
    expect_error(start(9, {{"halflings.setup", "draft"}, {"halflings.handSize", "3"}}),
                 {"needs 27", "pool of 24", "HF-14"});
    expect_error(start(2, {{"halflings.handSize", "9223372036854775807"}}), {"HF-14"});
}

// HF-14, handSize=auto (the default): 3 each while the pool holds them, as
// many as it holds for everyone beyond (our reading: the rules leave more
// than 6 players open).
TEST(HalflingsGameStart, HF14_AutoHandSizeDealsEveryPlayerCount) {
    for (int players = 1; players <= 8; ++players)
        for (const auto& hand : deal(players, {})) EXPECT_EQ(hand.size(), players <= 6 ? 3u : 2u) << players;
    for (const auto& hand : deal(8, {{"halflings.excludeSymbolTiles", "false"}})) EXPECT_EQ(hand.size(), 3u);
    for (const auto& hand : deal(9, {{"halflings.setup", "draft"}})) EXPECT_EQ(hand.size(), 2u);  // 24 / 9
}

// HF-14 boundary: exactly the pool is fine, and everything is dealt.
TEST(HalflingsGameStart, HF14_HandsFillingThePoolExactlyAreDealt) {
    const std::vector<std::string> all = all_dealt(deal(5, {{"halflings.handSize", "4"}}));  // 20 of 20
    EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), 20u);
    EXPECT_EQ(all_dealt(deal(6, {{"halflings.handSize", "4"}, {"halflings.setup", "draft"}})).size(), 24u);
}

// HF-14: the pool is the halflings among the game's tile types, nothing else.
TEST(HalflingsGameStart, HF14_ThePoolIsOnlyTheHalflingsTileTypes) {
    const HookResult r = call(CK_HOOK_GAME_START, make_state_without_halflings(2), game_start(2));
    expect_error(r, {"2 players cannot each take a tile from the pool of 0", "HF-14"});
}

// HF-40: the 1st-edition rulesets deal 2; an explicit handSize wins over the preset.
TEST(HalflingsGameStart, HF40_HandSizeComesFromTheRulesetUnlessGiven) {
    for (const char* ruleset : {"2015", "2014"})
        for (const auto& hand : deal(3, {{"halflings.ruleset", ruleset}})) EXPECT_EQ(hand.size(), 2u) << ruleset;
    for (const char* ruleset : {"2021", "2020"})
        for (const auto& hand : deal(3, {{"halflings.ruleset", ruleset}})) EXPECT_EQ(hand.size(), 3u) << ruleset;
    for (const auto& hand : deal(3, {{"halflings.ruleset", "2015"}, {"halflings.handSize", "5"}}))
        EXPECT_EQ(hand.size(), 5u);
    for (const auto& hand : deal(2, {{"halflings.handSize", "1"}})) EXPECT_EQ(hand.size(), 1u);
}

// HF-40: handSize is a whole number >= 1; anything else is a clear error.
TEST(HalflingsGameStart, HF40_HandSizeMustBeAWholeNumberOfAtLeastOne) {
    for (const char* bad : {"0", "-1", "two", "2.5", "", " 3", "3 "})
        expect_error(start(2, {{"halflings.handSize", bad}}),
                     {"halflings.handSize must be a whole number >= 1 or auto", std::string("'") + bad + "'"});
}

TEST(HalflingsGameStart, UnknownOptionValuesAreClearErrors) {
    expect_error(start(2, {{"halflings.setup", "snake"}}),
                 {"halflings.setup has unknown value 'snake'", "random, draft"});
    expect_error(start(2, {{"halflings.excludeSymbolTiles", "yes"}}),
                 {"halflings.excludeSymbolTiles has unknown value 'yes'", "auto, true, false"});
    expect_error(start(2, {{"halflings.ruleset", "2016"}}), {"halflings.ruleset has unknown value '2016'"});
}

// A saved game's hands (gameAnnotations.halflingHands) are dealt exactly:
// any triangle of the game, any number per player, handSize not enforced.
TEST(HalflingsGameStart, PresetHandsAreDealtExactlyAsGiven) {
    const TestState state = make_state(3, {{"halflings.handSize", "1"}});
    const std::vector<std::vector<uint16_t>> preset{
        {type_of(state, "HF/II-3"), type_of(state, kForeignTriangle), type_of(state, "HF/I-4")},
        {},
        {type_of(state, "HF/II-1"), type_of(state, "HF/II-1"), type_of(state, "HF/I-12"), type_of(state, "HF/II-12")},
    };
    const HookResult r = call(CK_HOOK_GAME_START, state, game_start(3, 42, preset));
    ASSERT_EQ(r.status, CK_OK) << r.error;
    EXPECT_EQ(hand_tiles_added(r, state), (std::vector<HandTile>{{0, "HF/II-3"},
                                                                 {0, kForeignTriangle},
                                                                 {0, "HF/I-4"},
                                                                 {2, "HF/II-1"},
                                                                 {2, "HF/II-1"},
                                                                 {2, "HF/I-12"},
                                                                 {2, "HF/II-12"}}));
    EXPECT_EQ(r.response.effects.size(), 7u);
}

// Preset hands need no pool: 9 players would break HF-14 for a deal.
TEST(HalflingsGameStart, PresetHandsIgnoreThePoolAndTheSeed) {
    const TestState state = make_state(9);
    std::vector<std::vector<uint16_t>> preset;
    for (int p = 0; p < 9; ++p) preset.push_back({type_of(state, all_halflings()[static_cast<size_t>(p)])});
    const HookResult a = call(CK_HOOK_GAME_START, state, game_start(9, 1, preset));
    const HookResult b = call(CK_HOOK_GAME_START, state, game_start(9, 2, preset));
    ASSERT_EQ(a.status, CK_OK) << a.error;
    EXPECT_EQ(hand_tiles_added(a, state), hand_tiles_added(b, state));
    EXPECT_EQ(hands_dealt(a, state, 9)[8], (std::vector<std::string>{"HF/I-9"}));
}

TEST(HalflingsGameStart, PresetHandsMustBeOnePerPlayer) {
    const TestState state = make_state(3);
    const HookResult r = call(CK_HOOK_GAME_START, state, game_start(3, 42, {{type_of(state, "HF/I-1")}, {}}));
    expect_error(r, {"2 preset hands for 3 players"}, CK_E_INTERNAL);
}

TEST(HalflingsGameStart, PresetHandTilesMustBeTileTypesOfTheGame) {
    const TestState state = make_state(2);
    const auto unknown = static_cast<uint16_t>(state.setup.tile_types.size());
    const HookResult r = call(CK_HOOK_GAME_START, state, game_start(2, 42, {{unknown}, {}}));
    expect_error(r, {"tile type " + std::to_string(unknown) + " is not in the game's tile types"}, CK_E_INTERNAL);
}

TEST(HalflingsGameStart, PlayerCountDisagreeingWithTheStateIsAnError) {
    expect_error(call(CK_HOOK_GAME_START, make_state(3), game_start(4)), {"4 players", "lists 3"}, CK_E_INTERNAL);
}

}  // namespace
}  // namespace hftest

// The pure dealing functions of expansions/halflings/src/deal.hpp (HF-12,
// HF-14, HF-39), linked directly: the draft order and the generator are
// pinned here so a change to either is a visible test failure.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include <cloisterkit/sdk/setup_refused.hpp>

#include "deal.hpp"
#include "options.hpp"
#include "tiles.hpp"

namespace ck::halflings {
namespace {

// HF-39: last player first, reverse turn order, the same every round.
TEST(HalflingsDeal, HF39_DraftOrderIsReverseTurnOrderEveryRound) {
    EXPECT_EQ(draft_order(4, 3), (std::vector<int>{3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0}));
    EXPECT_EQ(draft_order(2, 2), (std::vector<int>{1, 0, 1, 0}));  // 1st edition: 2 rounds
    EXPECT_EQ(draft_order(3, 1), (std::vector<int>{2, 1, 0}));
    EXPECT_EQ(draft_order(1, 3), (std::vector<int>{0, 0, 0}));
}

// The SplitMix64 reference sequence for seed 0 (its published first outputs).
TEST(HalflingsDeal, SplitMix64MatchesTheReferenceSequence) {
    SplitMix64 r(0);
    EXPECT_EQ(r.next(), 0xE220A8397B1DCDAFull);
    EXPECT_EQ(r.next(), 0x6E789E6AA1B965F4ull);
    EXPECT_EQ(r.next(), 0x06C45D188009454Full);
}

TEST(HalflingsDeal, BelowIsInRangeAndReachesEveryValue) {
    SplitMix64 r(123);
    std::set<uint64_t> seen;
    for (int i = 0; i < 2000; ++i) {
        const uint64_t v = r.below(7);
        ASSERT_LT(v, 7u);
        seen.insert(v);
    }
    EXPECT_EQ(seen.size(), 7u);
    EXPECT_EQ(r.below(1), 0u);
}

// HF-11, HF-12: the pool is the halflings among the tile types, in type order.
TEST(HalflingsDeal, HF12_PoolIsTheHalflingsTileTypesWithoutTheSymbolTilesWhenExcluded) {
    const std::vector<std::string_view> types{"BA/RCr", "HF/II-2", "HF/I-1", "EX/tri", "HF/II-5", "HF/II-4"};
    EXPECT_EQ(halflings_pool(types, false), (std::vector<TileType>{1, 2, 4, 5}));
    EXPECT_EQ(halflings_pool(types, true), (std::vector<TileType>{2, 4}));
    std::vector<std::string_view> all(kTileIds.begin(), kTileIds.end());
    EXPECT_EQ(halflings_pool(all, false).size(), 24u);
    EXPECT_EQ(halflings_pool(all, true).size(), 20u);
}

TEST(HalflingsDeal, HF14_PoolSizeCheck) {
    EXPECT_NO_THROW(check_pool_size(20, 5, 4, true));
    EXPECT_NO_THROW(check_pool_size(24, 8, 3, false));
    try {
        check_pool_size(20, 7, 3, true);
        FAIL() << "7 x 3 > 20 accepted";
    } catch (const sdk::SetupRefused& e) {  // the user's choice, not a bug (CK_E_SETUP_REFUSED)
        EXPECT_STREQ(e.what(),
                     "halflings: handSize 3 x 7 players needs 21 tiles, but with 7 players at most 2 each fit the "
                     "pool of 20 (Halflings II 1-4 excluded) (HF-14); choose the rule halflings.handSize=2 or "
                     "halflings.excludeSymbolTiles=false");
    }
    try {
        check_pool_size(24, 25, 1, false);
        FAIL() << "25 players x 1 > 24 accepted";
    } catch (const sdk::SetupRefused& e) {
        EXPECT_STREQ(e.what(), "halflings: 25 players cannot each take a tile from the pool of 24 (HF-14); play with "
                               "at most 24 players");
    }
    EXPECT_THROW(check_pool_size(24, 0, 3, false), std::runtime_error);
}

TEST(HalflingsDeal, HF14_HandSizeAutoIsThreeOrWhatThePoolHoldsForEveryone) {
    EXPECT_EQ(hand_size_for(kHandSizeAuto, 20, 2), 3);
    EXPECT_EQ(hand_size_for(kHandSizeAuto, 20, 6), 3);
    EXPECT_EQ(hand_size_for(kHandSizeAuto, 20, 7), 2);
    EXPECT_EQ(hand_size_for(kHandSizeAuto, 20, 8), 2);
    EXPECT_EQ(hand_size_for(kHandSizeAuto, 24, 8), 3);  // excludeSymbolTiles=false
    EXPECT_EQ(hand_size_for(5, 20, 8), 5);              // a number is the user's, checked by check_pool_size
    EXPECT_EQ(hand_size_for(kHandSizeAuto, 1, 2), 1);   // at least 1: check_pool_size refuses it
}

std::vector<TileType> pool_of(int n) {
    std::vector<TileType> pool;
    for (int i = 0; i < n; ++i) pool.push_back(static_cast<TileType>(100 + i));
    return pool;
}

// HF-12: seat by seat, hand_size each, no tile twice, from the pool only.
TEST(HalflingsDeal, HF12_RandomDealGivesEachSeatItsHand) {
    const std::vector<Dealt> dealt = deal_random(pool_of(20), 4, 3, 99);
    ASSERT_EQ(dealt.size(), 12u);
    std::set<TileType> tiles;
    for (size_t i = 0; i < dealt.size(); ++i) {
        EXPECT_EQ(dealt[i].seat, static_cast<int>(i / 3));
        EXPECT_GE(dealt[i].tile, 100);
        EXPECT_LT(dealt[i].tile, 120);
        tiles.insert(dealt[i].tile);
    }
    EXPECT_EQ(tiles.size(), 12u);
    EXPECT_EQ(deal_random(pool_of(20), 4, 3, 99), dealt);
    EXPECT_NE(deal_random(pool_of(20), 4, 3, 100), dealt);
}

// HF-39: picks in draft order, each from what is left.
TEST(HalflingsDeal, HF39_DraftDealsInPickOrderFromWhatIsLeft) {
    const std::vector<Dealt> dealt = deal_draft(pool_of(24), 4, 3, 5);
    ASSERT_EQ(dealt.size(), 12u);
    std::vector<int> seats;
    std::set<TileType> tiles;
    for (const Dealt& d : dealt) seats.push_back(d.seat), tiles.insert(d.tile);
    EXPECT_EQ(seats, draft_order(4, 3));
    EXPECT_EQ(tiles.size(), 12u);
    EXPECT_EQ(deal_draft(pool_of(24), 4, 3, 5), dealt);
    // Drafting the whole pool gives every tile out once.
    const std::vector<Dealt> all = deal_draft(pool_of(24), 6, 4, 5);
    std::set<TileType> every;
    for (const Dealt& d : all) every.insert(d.tile);
    EXPECT_EQ(every.size(), 24u);
}

}  // namespace
}  // namespace ck::halflings

// What the tile step offers (HF-16): each tile type of the hand once, in
// the order the types first appear in it.
#include <gtest/gtest.h>

#include <vector>

#include "tile_step.hpp"

namespace ck::halflings {
namespace {

std::vector<uint16_t> distinct(const std::vector<fb::HandTile>& hand) {
    const DistinctTileTypes types(sdk::HandRange{hand.data(), hand.data() + hand.size()});
    return std::vector<uint16_t>(types.data(), types.data() + types.size());
}

TEST(HalflingsDistinctTileTypes, HF16_EachTypeOnceInFirstAppearanceOrder) {
    EXPECT_EQ(distinct({{1, 7}, {1, 3}, {1, 7}, {1, 5}, {1, 3}}), (std::vector<uint16_t>{7, 3, 5}));
    EXPECT_EQ(distinct({}), std::vector<uint16_t>{});
}

TEST(HalflingsDistinctTileTypes, HF16_AHandOfManyTypesIsNotCut) {
    // More distinct types than the stack buffer holds (a fan tile set, or a
    // saved game's hands): all are offered, in order, each once.
    std::vector<fb::HandTile> hand;
    std::vector<uint16_t> expected;
    for (uint16_t t = 0; t < 100; ++t) {
        hand.emplace_back(0, static_cast<uint16_t>(200 - t));
        hand.emplace_back(0, static_cast<uint16_t>(200 - t));
        expected.push_back(static_cast<uint16_t>(200 - t));
    }
    EXPECT_EQ(distinct(hand), expected);
}

}  // namespace
}  // namespace ck::halflings

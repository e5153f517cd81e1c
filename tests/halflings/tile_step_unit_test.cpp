// The tile step's labels (HF-16): what a player reads for each offer.
#include <gtest/gtest.h>

#include <string>

#include "tile_step.hpp"

namespace ck::halflings {
namespace {

TEST(HalflingsOptionLabel, HF16_NamesTheTileToPlay) {
    EXPECT_EQ(OptionLabel("HF/I-3").view(), "play halfling HF/I-3");
    EXPECT_EQ(OptionLabel("").view(), "play halfling ");
}

TEST(HalflingsOptionLabel, HF16_LongTileIdsAreNotCut) {
    // A fan tile set may name its tiles at any length.
    const std::string id(200, 'x');
    EXPECT_EQ(OptionLabel(id).view(), "play halfling " + id);
    const std::string just_fits(48 - 14, 'y');
    EXPECT_EQ(OptionLabel(just_fits).view(), "play halfling " + just_fits);
    EXPECT_EQ(OptionLabel(just_fits + "z").view(), "play halfling " + just_fits + "z");
}

}  // namespace
}  // namespace ck::halflings

// The pure option and scoring functions of expansions/halflings/src
// (options.hpp, scoring.hpp), linked directly.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "options.hpp"
#include "scoring.hpp"

namespace ck::halflings {
namespace {

Options read(const std::map<std::string, std::string>& rules) {
    return read_options([&](std::string_view key) -> std::optional<std::string_view> {
        auto it = rules.find(std::string(key));
        if (it == rules.end()) return std::nullopt;
        return std::string_view(it->second);
    });
}

TEST(HalflingsOptions, DefaultsAreThe2021Rules) {
    const Options o = read({});
    EXPECT_EQ(o.ruleset, Ruleset::Y2021);
    EXPECT_EQ(o.feature_count, Count::Spaces);
    EXPECT_EQ(o.monastery_count, Count::Spaces);
    EXPECT_EQ(o.grid_unit, GridUnit::Space);
    EXPECT_EQ(o.hand_size, kHandSizeAuto);  // 3, or fewer for 7 and 8 players (HF-14)
    EXPECT_EQ(o.setup, Setup::Random);
    EXPECT_TRUE(o.exclude_symbol_tiles());
    EXPECT_EQ(o.barn_placement, BarnPlacement::FullCorners);
    EXPECT_EQ(o.bridge_count, BridgeCount::One);
}

// Table 3.3, read back through read_options (a state with only the ruleset).
TEST(HalflingsOptions, HF3_3_EachPresetsValues) {
    const Options y2020 = read({{"halflings.ruleset", "2020"}});
    EXPECT_EQ(y2020.feature_count, Count::Tiles);
    EXPECT_EQ(y2020.monastery_count, Count::Spaces);
    EXPECT_EQ(y2020.grid_unit, GridUnit::Tile);
    EXPECT_EQ(y2020.hand_size, kHandSizeAuto);
    EXPECT_EQ(y2020.barn_placement, BarnPlacement::NoEmptyQuarter);
    EXPECT_EQ(y2020.bridge_count, BridgeCount::One);

    const Options y2015 = read({{"halflings.ruleset", "2015"}});
    EXPECT_EQ(y2015.feature_count, Count::Tiles);
    EXPECT_EQ(y2015.monastery_count, Count::Tiles);
    EXPECT_EQ(y2015.grid_unit, GridUnit::Tile);
    EXPECT_EQ(y2015.hand_size, 2);
    EXPECT_EQ(y2015.barn_placement, BarnPlacement::NoEmptyQuarter);
    EXPECT_EQ(y2015.bridge_count, BridgeCount::PerTile);

    const Options y2014 = read({{"halflings.ruleset", "2014"}});
    EXPECT_EQ(y2014.feature_count, Count::Spaces);
    EXPECT_EQ(y2014.monastery_count, Count::Spaces);
    EXPECT_EQ(y2014.grid_unit, GridUnit::Space);
    EXPECT_EQ(y2014.hand_size, 2);
    EXPECT_EQ(y2014.barn_placement, BarnPlacement::FullCorners);
    EXPECT_EQ(y2014.bridge_count, BridgeCount::One);

    // Explicit keys win over the preset.
    const Options mixed =
        read({{"halflings.ruleset", "2015"}, {"halflings.handSize", "4"}, {"halflings.monasteryCount", "spaces"}});
    EXPECT_EQ(mixed.hand_size, 4);
    EXPECT_EQ(mixed.monastery_count, Count::Spaces);
    EXPECT_EQ(mixed.feature_count, Count::Tiles);
    // The presets declared in the manifest are the same rows.
    for (const sdk::RulePreset& p : rule_presets()) {
        std::map<std::string, std::string> explicit_rules{{p.key, p.value}};
        for (const auto& [k, v] : p.sets) explicit_rules[k] = v;
        const Options a = read({{p.key, p.value}}), b = read(explicit_rules);
        EXPECT_EQ(a.feature_count, b.feature_count) << p.value;
        EXPECT_EQ(a.monastery_count, b.monastery_count) << p.value;
        EXPECT_EQ(a.hand_size, b.hand_size) << p.value;
        EXPECT_EQ(a.bridge_count, b.bridge_count) << p.value;
    }
}

// HF-12, HF-39: auto follows the setup; true/false force it.
TEST(HalflingsOptions, HF12_HF39_ExcludeSymbolTilesAuto) {
    EXPECT_TRUE(read({{"halflings.setup", "random"}}).exclude_symbol_tiles());
    EXPECT_FALSE(read({{"halflings.setup", "draft"}}).exclude_symbol_tiles());
    EXPECT_TRUE(read({{"halflings.setup", "draft"}, {"halflings.excludeSymbolTiles", "true"}}).exclude_symbol_tiles());
    EXPECT_FALSE(
        read({{"halflings.setup", "random"}, {"halflings.excludeSymbolTiles", "false"}}).exclude_symbol_tiles());
}

TEST(HalflingsOptions, HF40_HandSizeValidation) {
    EXPECT_EQ(read({{"halflings.handSize", "12"}}).hand_size, 12);
    for (const char* bad : {"0", "-3", "x", "1e2", "+"})
        EXPECT_THROW(read({{"halflings.handSize", bad}}), std::runtime_error) << bad;
}

FeatureCounts counts(fb::FeatureKind kind, bool completed, uint32_t tiles, uint32_t pennants = 0) {
    return FeatureCounts{kind, completed, tiles, pennants};
}

TEST(HalflingsScoringRule, PointsCountedInTiles) {
    Options tiles;
    tiles.feature_count = Count::Tiles;
    tiles.monastery_count = Count::Tiles;
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::City, true, 4, 1), tiles, false), 10);  // HF-EX-1
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::City, true, 2, 1), tiles, true), 3);    // tiny
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::City, true, 2, 1), tiles, false), 6);
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::City, false, 3, 2), tiles, true), 5);      // HF-33
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::Road, true, 5), tiles, false), 5);         // HF-EX-2
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::Monastery, true, 16), tiles, false), 16);  // HF-EX-4
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::Garden, false, 7), tiles, false), 7);
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::Field, true, 7), tiles, false), std::nullopt);
    const Options spaces;
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::City, true, 4, 1), spaces, false), std::nullopt);
    EXPECT_EQ(points_counted_in_tiles(counts(fb::FeatureKind::Monastery, true, 16), spaces, false), std::nullopt);
    EXPECT_THROW(points_counted_in_tiles(counts(fb::FeatureKind::Road, true, 0), tiles, false), std::runtime_error);
}

}  // namespace
}  // namespace ck::halflings

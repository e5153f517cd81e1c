// ck::sdk::hooks_overridden_by<T>() at compile time and make_expansion<T>()
// at run time: the mask follows the overrides, through an intermediate base.
#include <gtest/gtest.h>

#include <cloisterkit/sdk/expansion.hpp>

namespace {

namespace fb = ck::fb;
using ck::sdk::Effects;
using ck::sdk::HookContext;

struct Nothing : ck::sdk::Expansion {
    ck::sdk::ExpansionInfo info() const override { return {}; }
};

struct Scorer : Nothing {
    void score_feature(const HookContext&, const fb::FeatureScoringArgs&, Effects&) const override {}
};

// Inherits Scorer's override and adds one.
struct ScorerWithBonus final : Scorer {
    void bonus_points(const HookContext&, const fb::BonusPointsArgs&, Effects&) const override {}
};

static_assert(ck::sdk::hooks_overridden_by<Nothing>() == 0);
static_assert(ck::sdk::hooks_overridden_by<Scorer>() == CK_HOOK_BIT(CK_HOOK_FEATURE_SCORING));
static_assert(ck::sdk::hooks_overridden_by<ScorerWithBonus>() ==
              (CK_HOOK_BIT(CK_HOOK_FEATURE_SCORING) | CK_HOOK_BIT(CK_HOOK_BONUS_POINTS)));

}  // namespace

TEST(HookMask, MakeExpansionRemembersTheOverridesAndMakeUniqueDoesNot) {
    const auto made = ck::sdk::make_expansion<ScorerWithBonus>();
    ASSERT_TRUE(made->overridden_hooks().has_value());
    EXPECT_EQ(*made->overridden_hooks(), CK_HOOK_BIT(CK_HOOK_FEATURE_SCORING) | CK_HOOK_BIT(CK_HOOK_BONUS_POINTS));
    const std::unique_ptr<ck::sdk::Expansion> plain = std::make_unique<ScorerWithBonus>();
    EXPECT_FALSE(plain->overridden_hooks().has_value());
}

TEST(HookMask, EveryHookHasItsMethodName) {
    EXPECT_STREQ(ck::sdk::hook_method_name(CK_HOOK_GAME_START), "on_game_start");
    EXPECT_STREQ(ck::sdk::hook_method_name(CK_HOOK_BONUS_POINTS), "bonus_points");
    EXPECT_STREQ(ck::sdk::hook_method_name(CK_HOOK_APPLY_TILE_STEP_OPTION), "apply_tile_step_option");
    EXPECT_STREQ(ck::sdk::hook_method_name(CK_HOOK_COUNT), "");
}

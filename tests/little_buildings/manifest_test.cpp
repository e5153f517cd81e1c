// What Little Buildings declares: the host relies on this to enable the
// expansion, translate JCloisterZone rules and call only the hooks listed.
#include <gtest/gtest.h>

#include <algorithm>

#include "abi_harness.hpp"

namespace lbtest {
namespace {

const fb::RuleOptionDeclT* find_option(const fb::ExpansionManifestT& m, const std::string& key) {
    for (const auto& o : m.rule_options)
        if (o->key == key) return o.get();
    return nullptr;
}

// Dealing (GAME_START) and the bonus (BONUS_POINTS); placing a building
// needs no hook (below).
TEST(LittleBuildingsManifest, DescriptorNamesTheExpansionAndItsTwoHooks) {
    const Module& module = Module::get();
    const ck_expansion_desc* desc = module.api().expansion_at(module.ctx(), module.little_buildings());
    ASSERT_NE(desc, nullptr);
    EXPECT_STREQ(desc->id, "cloisterkit.little-buildings");
    EXPECT_EQ(desc->hooks, CK_HOOK_BIT(CK_HOOK_GAME_START) | CK_HOOK_BIT(CK_HOOK_BONUS_POINTS));
}

// LB-3: 6 towers, 6 houses, 6 sheds, under JCloisterZone's token names.
// LB-6, LB-8: each is placed instead of a meeple on the tile just placed,
// which the host offers and applies from this declaration.
TEST(LittleBuildingsManifest, LB3_LB6_DeclaresSixTokensOfEachKindPlacedInsteadOfAFigure) {
    const fb::ExpansionManifestT m = Module::get().manifest();
    EXPECT_EQ(m.id, "cloisterkit.little-buildings");
    EXPECT_EQ(m.jcz_element, "little-buildings");
    EXPECT_FALSE(m.description.empty());
    ASSERT_EQ(m.token_kinds.size(), 3u);
    EXPECT_EQ(m.token_kinds[0]->kind, kTower);
    EXPECT_EQ(m.token_kinds[1]->kind, kHouse);
    EXPECT_EQ(m.token_kinds[2]->kind, kShed);
    for (const auto& k : m.token_kinds) {
        EXPECT_EQ(k->count, 6) << k->kind;
        EXPECT_EQ(k->placement, fb::TokenPlacement::InsteadOfFigure) << k->kind;
    }
}

TEST(LittleBuildingsManifest, DeclaresEveryOptionWithDefaultFirst) {
    const fb::ExpansionManifestT m = Module::get().manifest();
    const std::vector<std::pair<std::string, std::vector<std::string>>> expected{
        {"littleBuildings.values", {"flat", "321"}},
        {"littleBuildings.split", {"rules", "jcz"}},
        {"littleBuildings.scope", {"extended", "official"}},
        {"littleBuildings.bonusOnZeroScore", {"true", "false"}},
    };
    EXPECT_EQ(m.rule_options.size(), expected.size());
    for (const auto& [key, allowed] : expected) {
        const fb::RuleOptionDeclT* o = find_option(m, key);
        ASSERT_NE(o, nullptr) << key;
        EXPECT_EQ(o->default_value, allowed.front()) << key;
        EXPECT_EQ(o->allowed, allowed) << key;
        EXPECT_FALSE(o->description.empty()) << key;
    }
}

// LB-20: JCloisterZone's little-buildings-scoring means our values option.
TEST(LittleBuildingsManifest, LB20_JczScoringRuleIsAnAliasOfValues) {
    const fb::ExpansionManifestT m = Module::get().manifest();
    ASSERT_EQ(m.jcz_rule_aliases.size(), 2u);
    std::map<std::string, std::string> jcz_to_ours;
    for (const auto& a : m.jcz_rule_aliases) {
        EXPECT_EQ(a->jcz_key, "little-buildings-scoring");
        EXPECT_EQ(a->key, "littleBuildings.values");
        jcz_to_ours[a->jcz_value] = a->value;
    }
    EXPECT_EQ(jcz_to_ours["1/1/1"], "flat");
    EXPECT_EQ(jcz_to_ours["3/2/1"], "321");
}

}  // namespace
}  // namespace lbtest

// What Halflings declares: the host relies on it to enable the expansion,
// validate and expand its options, load its tiles and call only its hooks.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "hf_harness.hpp"

namespace hftest {
namespace {

const fb::RuleOptionDeclT* find_option(const fb::ExpansionManifestT& m, const std::string& key) {
    for (const auto& o : m.rule_options)
        if (o->key == key) return o.get();
    return nullptr;
}

std::map<std::string, std::string> preset(const fb::ExpansionManifestT& m, const std::string& ruleset) {
    std::map<std::string, std::string> sets;
    int found = 0;
    for (const auto& p : m.rule_presets) {
        if (p->key != "halflings.ruleset" || p->value != ruleset) continue;
        ++found;
        for (const auto& kv : p->sets) sets[kv->key] = kv->value;
    }
    EXPECT_EQ(found, 1) << "presets for ruleset " << ruleset;
    return sets;
}

std::string source_file(const std::string& relative) {
    std::ifstream in(std::string(CK_TEST_SOURCE_DIR) + "/" + relative, std::ios::binary);
    EXPECT_TRUE(in) << relative;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

size_t occurrences(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
    return n;
}

TEST(HalflingsManifest, DescriptorNamesTheExpansionAndItsFourHooks) {
    const ck_expansion_desc& desc = descriptor();
    EXPECT_STREQ(desc.id, "cloisterkit.halflings");
    EXPECT_STREQ(desc.name, "Halflings");
    EXPECT_EQ(desc.hooks, CK_HOOK_BIT(CK_HOOK_GAME_START) | CK_HOOK_BIT(CK_HOOK_TILE_STEP_OPTIONS) |
                              CK_HOOK_BIT(CK_HOOK_APPLY_TILE_STEP_OPTION) | CK_HOOK_BIT(CK_HOOK_FEATURE_SCORING));
    // Both expansions live in the one shipped module.
    EXPECT_NO_THROW(ck::test::ShippedModule::get().index_of("cloisterkit.little-buildings"));
}

// HF-16 by declaration: a host may offer and play the hand itself, with
// Halflings' own action and label; the hooks above stay for hosts that do not.
TEST(HalflingsManifest, HF16_DeclaresItsHandPlayedInsteadOfDrawing) {
    const fb::ExpansionManifestT m = manifest();
    ASSERT_NE(m.hand_play, nullptr);
    EXPECT_EQ(m.hand_play->mode, fb::HandPlay::InsteadOfDrawing);
    EXPECT_EQ(m.hand_play->action, "play-halfling");
    EXPECT_EQ(m.hand_play->label, "play halfling {tile}");
}

TEST(HalflingsManifest, ShortNameIsTheSetupElementHalflings) {
    const fb::ExpansionManifestT m = manifest();
    EXPECT_EQ(m.id, "cloisterkit.halflings");
    EXPECT_EQ(m.jcz_element, "halflings");  // setup.elements {"halflings": 1}
    EXPECT_FALSE(m.description.empty());
    EXPECT_TRUE(m.token_kinds.empty());
    EXPECT_TRUE(m.requires_.empty());
    EXPECT_TRUE(m.jcz_rule_aliases.empty());
}

// The rules' section 3.2: every key, its values, default first.
TEST(HalflingsManifest, DeclaresEveryOptionWithDefaultFirst) {
    const fb::ExpansionManifestT m = manifest();
    const std::vector<std::pair<std::string, std::vector<std::string>>> expected{
        {"halflings.ruleset", {"2021", "2020", "2015", "2014"}},
        {"halflings.featureCount", {"spaces", "tiles"}},
        {"halflings.monasteryCount", {"spaces", "tiles"}},
        {"halflings.gridUnit", {"space", "tile"}},
        {"halflings.setup", {"random", "draft"}},
        {"halflings.excludeSymbolTiles", {"auto", "true", "false"}},
        {"halflings.barnPlacement", {"fullCorners", "noEmptyQuarter"}},
        {"halflings.bridgeCount", {"one", "perTile"}},
    };
    EXPECT_EQ(m.rule_options.size(), expected.size() + 1);  // + handSize
    for (const auto& [key, allowed] : expected) {
        const fb::RuleOptionDeclT* o = find_option(m, key);
        ASSERT_NE(o, nullptr) << key;
        EXPECT_EQ(o->default_value, allowed.front()) << key;
        EXPECT_EQ(o->allowed, allowed) << key;
        EXPECT_GT(o->description.size(), 60u) << key;
    }
    // HF-40: handSize is free-form (any whole number >= 1, or auto), default auto (HF-14).
    const fb::RuleOptionDeclT* hand = find_option(m, "halflings.handSize");
    ASSERT_NE(hand, nullptr);
    EXPECT_EQ(hand->default_value, "auto");
    EXPECT_TRUE(hand->allowed.empty());
    EXPECT_NE(hand->description.find("HF-14"), std::string::npos);
    // Barns and bridges do not exist in this library; the descriptions say so.
    for (const char* key : {"halflings.barnPlacement", "halflings.bridgeCount"})
        EXPECT_NE(find_option(m, key)->description.find("no effect"), std::string::npos) << key;
}

// The presets (docs/expansions/halflings.md "Presets"); every preset names all six era keys.
TEST(HalflingsManifest, HF3_3_PresetsFollowTheRulesTable) {
    const fb::ExpansionManifestT m = manifest();
    EXPECT_EQ(m.rule_presets.size(), 4u);
    using Sets = std::map<std::string, std::string>;
    EXPECT_EQ(preset(m, "2021"), (Sets{{"halflings.featureCount", "spaces"},
                                       {"halflings.monasteryCount", "spaces"},
                                       {"halflings.gridUnit", "space"},
                                       {"halflings.handSize", "auto"},
                                       {"halflings.barnPlacement", "fullCorners"},
                                       {"halflings.bridgeCount", "one"}}));
    EXPECT_EQ(preset(m, "2020"), (Sets{{"halflings.featureCount", "tiles"},
                                       {"halflings.monasteryCount", "spaces"},
                                       {"halflings.gridUnit", "tile"},
                                       {"halflings.handSize", "auto"},
                                       {"halflings.barnPlacement", "noEmptyQuarter"},
                                       {"halflings.bridgeCount", "one"}}));
    EXPECT_EQ(preset(m, "2015"), (Sets{{"halflings.featureCount", "tiles"},
                                       {"halflings.monasteryCount", "tiles"},
                                       {"halflings.gridUnit", "tile"},
                                       {"halflings.handSize", "2"},
                                       {"halflings.barnPlacement", "noEmptyQuarter"},
                                       {"halflings.bridgeCount", "perTile"}}));
    EXPECT_EQ(preset(m, "2014"), (Sets{{"halflings.featureCount", "spaces"},
                                       {"halflings.monasteryCount", "spaces"},
                                       {"halflings.gridUnit", "space"},
                                       {"halflings.handSize", "2"},
                                       {"halflings.barnPlacement", "fullCorners"},
                                       {"halflings.bridgeCount", "one"}}));
    // A preset value the declaration does not allow would be refused by the host.
    for (const auto& p : m.rule_presets)
        for (const auto& kv : p->sets) {
            const fb::RuleOptionDeclT* o = find_option(m, kv->key);
            ASSERT_NE(o, nullptr) << kv->key;
            if (o->allowed.empty()) continue;
            EXPECT_NE(std::find(o->allowed.begin(), o->allowed.end(), kv->value), o->allowed.end())
                << p->value << ": " << kv->key << "=" << kv->value;
        }
}

// HF-11: the manifest carries halflings.xml byte for byte (embedded at build
// time), with each of the 24 ids once and no tile set (hands, not the pack).
TEST(HalflingsManifest, HF11_TileDefinitionsAreTheEmbeddedHalflingsXml) {
    const fb::ExpansionManifestT m = manifest();
    EXPECT_EQ(m.tile_definitions_xml, source_file("expansions/halflings/halflings.xml"));
    for (const std::string& id : all_halflings())
        EXPECT_EQ(occurrences(m.tile_definitions_xml, "<tile id=\"" + id + "\" shape=\"triangle\">"), 1u) << id;
    EXPECT_EQ(occurrences(m.tile_definitions_xml, "<tile "), 24u);
    EXPECT_EQ(occurrences(m.tile_definitions_xml, "<tile-set"), 0u);
    EXPECT_EQ(occurrences(m.tile_definitions_xml, "<monastery/>"), 1u);  // HF/I-4 only
}

}  // namespace
}  // namespace hftest

// setup.elements / setup.rules of a .jcz mapped onto plugin expansions and
// option names through the manifests (jcz_element, jcz_rule_aliases).
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "jcz/setup_mapping.hpp"
#include "plugins/plugin_registry.hpp"

using namespace ck::host;
using namespace ck::host::jcz;

namespace {

PluginRegistry& registry() {
    static PluginRegistry* r = [] {
        auto* reg = new PluginRegistry();
        PluginSearchOptions o;
        o.dirs = {CK_TEST_PLUGIN_DIR};
        o.use_environment = false;
        o.use_default_dirs = false;
        reg->discover(o);
        return reg;
    }();
    return *r;
}

Setup setup_with(const char* elements, const char* rules) {
    Setup s;
    s.elements = Json::parse(elements);
    s.rules = Json::parse(rules);
    return s;
}

std::string error_of(const Setup& s) {
    try {
        map_jcz_setup(s, registry());
    } catch (const HostError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST(JczSetupMapping, BaseElementsEnableNoExpansion) {
    const auto m = map_jcz_setup(setup_with(R"({"small-follower": 7, "farmers": true})", R"({"tiny-city-scoring": "2"})"),
                                 registry());
    EXPECT_TRUE(m.expansions.empty());
    EXPECT_EQ(m.rules.at("tiny-city-scoring"), "2");
}

TEST(JczSetupMapping, LittleBuildingsByElementWithAliasAndJczSplit) {
    const auto m = map_jcz_setup(
        setup_with(R"({"small-follower": 7, "little-buildings": 1})", R"({"little-buildings-scoring": "3/2/1"})"),
        registry());
    ASSERT_EQ(m.expansions.size(), 1u);
    EXPECT_EQ(m.expansions[0]->jcz_element, "little-buildings");
    EXPECT_EQ(m.rules.at("littleBuildings.values"), "321");
    // jcz-interop §8.3: replays use JCloisterZone's token split.
    EXPECT_EQ(m.rules.at("littleBuildings.split"), "jcz");
}

TEST(JczSetupMapping, OwnNamesAcceptedAndAgreeingTwinsToo) {
    const auto m = map_jcz_setup(setup_with(R"({"little-buildings": true})",
                                            R"({"little-buildings-scoring": "3/2/1", "littleBuildings.values": 321,
                                                "littleBuildings.split": "rules"})"),
                                 registry());
    EXPECT_EQ(m.rules.at("littleBuildings.values"), "321");
    EXPECT_EQ(m.rules.at("littleBuildings.split"), "rules");  // the file's choice wins
}

TEST(JczSetupMapping, TwinsWithDifferentValuesAreAnError) {
    EXPECT_EQ(error_of(setup_with(R"({"little-buildings": 1})",
                                  R"({"little-buildings-scoring": "3/2/1", "littleBuildings.values": "flat"})")),
              "setup.rules: little-buildings-scoring=3/2/1 and littleBuildings.values=flat disagree "
              "(littleBuildings.values=321 vs littleBuildings.values=flat)");
}

TEST(JczSetupMapping, BadValuesAndUnknownNames) {
    EXPECT_EQ(error_of(setup_with(R"({"little-buildings": 1})", R"({"little-buildings-scoring": "2/2/2"})")),
              "setup.rules.little-buildings-scoring: unknown value '2/2/2' (allowed: 1/1/1, 3/2/1)");
    EXPECT_EQ(error_of(setup_with(R"({"little-buildings": 1})", R"({"littleBuildings.values": "999"})")),
              "setup.rules.littleBuildings.values: unknown value '999' (allowed: flat, 321)");
    EXPECT_EQ(error_of(setup_with(R"({})", R"({"castle-scoring": "x"})")),
              "setup.rules.castle-scoring: unknown rule 'castle-scoring'");
    const std::string e = error_of(setup_with(R"({"tower": true})", R"({})"));
    EXPECT_EQ(e.rfind("setup.elements.tower: no loaded expansion provides element 'tower'", 0), 0u) << e;
    // The abbot stands for two elements (abbot and garden), played together.
    EXPECT_EQ(error_of(setup_with(R"({"abbot": 1})", R"({})")),
              "setup.elements: element 'garden' is missing: cloisterkit.abbot plays the elements 'abbot' and 'garden' "
              "together, not one without the other");
}

// PD-18: The Princess & the Dragon's four elements switch one by one: the
// fairy alone enables the module with its option on and the others off.
TEST(JczSetupMapping, OneElementOfThePrincessAndTheDragonEnablesItAlone) {
    const auto m = map_jcz_setup(setup_with(R"({"small-follower": 7, "fairy": 1})", R"({})"), registry());
    ASSERT_EQ(m.expansions.size(), 1u);
    EXPECT_EQ(m.expansions[0]->id, "cloisterkit.princess-and-dragon");
    EXPECT_EQ(m.rules.at("princessAndDragon.fairy"), "true");
    for (const char* off : {"princessAndDragon.dragon", "princessAndDragon.princess", "princessAndDragon.portal"})
        EXPECT_EQ(m.rules.at(off), "false") << off;
}

TEST(JczSetupMapping, DisabledElementsAreIgnored) {
    const auto m = map_jcz_setup(setup_with(R"({"little-buildings": false, "garden": 0})", R"({})"), registry());
    EXPECT_TRUE(m.expansions.empty());
    // A JCZ rule of a loaded but disabled expansion has no effect, as in JCZ.
    EXPECT_NO_THROW(map_jcz_setup(setup_with(R"({})", R"({"little-buildings-scoring": "3/2/1"})"), registry()));
}

// gameAnnotations.rules: the options JCloisterZone does not know, read like
// setup.rules (docs/interop.md, "Saving").
TEST(JczSetupMapping, OptionsFromGameAnnotationsRules) {
    const auto m = map_jcz_setup(setup_with(R"({"little-buildings": 1})", R"({"little-buildings-scoring": "3/2/1"})"),
                                 registry(), Json::parse(R"({"littleBuildings.split": "rules",
                                                              "littleBuildings.scope": "official"})"));
    EXPECT_EQ(m.rules.at("littleBuildings.values"), "321");
    EXPECT_EQ(m.rules.at("littleBuildings.split"), "rules") << "not JCloisterZone's split: the file says so";
    EXPECT_EQ(m.rules.at("littleBuildings.scope"), "official");
    // Without them, the JCloisterZone default.
    const auto plain = map_jcz_setup(setup_with(R"({"little-buildings": 1})", R"({})"), registry());
    EXPECT_EQ(plain.rules.at("littleBuildings.split"), "jcz");
}

TEST(JczSetupMapping, GameAnnotationsRulesAreCheckedLikeSetupRules) {
    auto error_with = [](const char* rules, const char* annotation_rules) {
        try {
            map_jcz_setup(setup_with(R"({"little-buildings": 1})", rules), registry(), Json::parse(annotation_rules));
        } catch (const HostError& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    EXPECT_EQ(error_with(R"({})", R"({"no-such-rule": "x"})"),
              "gameAnnotations.rules.no-such-rule: unknown rule 'no-such-rule'");
    EXPECT_EQ(error_with(R"({})", R"({"littleBuildings.split": "even"})"),
              "gameAnnotations.rules.littleBuildings.split: unknown value 'even' (allowed: rules, jcz)");
    EXPECT_EQ(error_with(R"({"littleBuildings.split": "jcz"})", R"({"littleBuildings.split": "rules"})"),
              "setup.rules: littleBuildings.split=jcz and gameAnnotations.rules.littleBuildings.split=rules disagree "
              "(littleBuildings.split=jcz vs littleBuildings.split=rules)");
    EXPECT_EQ(error_with(R"({"littleBuildings.split": "rules"})", R"({"littleBuildings.split": "rules"})"), "(no error)");
}

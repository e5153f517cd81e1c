// Tile declarations of manifest revisions 6 and 7 (docs/abi.md, "Segment
// attributes and deck tile sets") as a modder meets them: a declaration a
// host cannot play is refused with what to fix, at load or before the game.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "run_cli.hpp"
#include "test_modules.hpp"

using ck::test::CommandResult;
using ck::test::run_cli;
using ck::test::ScratchDir;
using ck::test::test_module;
using testing::HasSubstr;

namespace {
// What `plugins` prints with test module `module` alone on the plugin path.
std::string plugins_with(const std::string& module) {
    ScratchDir dir(module);
    dir.add(test_module(module), "module.so");
    return run_cli("plugins --plugin-path '" + dir.path().string() + "'").output();
}
}  // namespace

TEST(TileDeclarations, ASegmentAttributeThatIsNoXmlNameRefusesTheModuleAtLoad) {
    EXPECT_THAT(plugins_with("test_bad_attribute"),
                HasSubstr("fan.bad-attribute: manifest rejected: segment attribute \"Inn!\" is not a name "
                          "of a-z, 0-9 and - (at most 32 bytes)"));
}

TEST(TileDeclarations, ADeckTileSetNoTileFileDefinesRefusesTheGameNamingIt) {
    ScratchDir dir("lost-deck");
    dir.add(test_module("test_lost_deck"), "lost.so");
    const CommandResult r = run_cli("play --plugin-path '" + dir.path().string() + "' --expansions lost-deck --seed 1");
    EXPECT_EQ(r.status, 2) << r.output();
    EXPECT_THAT(r.err, HasSubstr("fan.lost-deck: its deck tile set \"nowhere:1\" is in no loaded tile file (loaded: basic:1, basic:2"));
}

// Tile values (manifest revision 9, docs/abi.md "Tile values"): the element
// and the attribute are XML names of a-z0-9-, each pair declared once.
TEST(TileDeclarations, ATileValueThatIsNoXmlNameRefusesTheModuleAtLoad) {
    EXPECT_THAT(plugins_with("test_bad_tile_value"),
                HasSubstr("fan.bad-tile-value: manifest rejected: tile value <City resource>: the element "
                          "and the attribute must be names of a-z, 0-9 and - (at most 32 bytes)"));
}

// Host capabilities (ABI 1.3, docs/abi.md "Host capabilities"): a module
// needing one the host does not list is refused at create, by name, with
// what the host lists.
TEST(TileDeclarations, AModuleNeedingACapabilityTheHostLacksIsRefusedNamingIt) {
    EXPECT_THAT(plugins_with("test_needs_teleport"),
                HasSubstr("create failed (CK_E_VERSION_MISMATCH): expansion 'fan.needs-teleport' needs "
                          "the host capability \"teleport/1\", which host 'cloisterkit-host' does not "
                          "list (it lists decision/1, figure-primitives/1, feature-completed/1, "
                          "start-tile/1, tile-values/1, extra-turn/1, tile-groups/1, 2 more)"));
}

// Start tiles (manifest revision 7, docs/abi.md "Start tiles").
namespace {
int count_of(const nlohmann::json& game, const std::string& tile) {
    int n = 0;
    for (const auto& m : game["moves"]) n += m["type"] == "tile" && m["tile"] == tile ? 1 : 0;
    for (const auto& t : game["tiles_set_aside"]) n += t == tile ? 1 : 0;
    return n;
}
// Tile groups, edge kinds and sets chosen by an option (manifest revision
// 12, docs/abi.md "Tile groups", "Edge kinds", "Deck tile sets"): groups
// that wait for each other would never be drawn, a game holds one edge
// kind, and a set chosen by an option needs that option. Each refuses the
// module when it loads, saying what to fix.
TEST(TileDeclarations, TileGroupsThatWaitForEachOtherRefuseTheModuleAtLoad) {
    EXPECT_THAT(plugins_with("test_looping_groups"),
                HasSubstr("fan.looping-groups: manifest rejected: tile group \"river\" waits for itself through its "
                          "successors"));
}

TEST(TileDeclarations, TwoEdgeKindsRefuseTheModuleAtLoad) {
    EXPECT_THAT(plugins_with("test_two_edge_kinds"),
                HasSubstr("fan.two-edge-kinds: manifest rejected: more than one edge kind (a game holds one at most)"));
}

// Held-back tiles that wait only while an option holds (revision 12, the
// dragon's) need that option.
TEST(TileDeclarations, HeldBackTilesThatDependOnAnUndeclaredOptionRefuseTheModuleAtLoad) {
    EXPECT_THAT(plugins_with("test_unknown_dragon"),
                HasSubstr("fan.unknown-dragon: manifest rejected: held-back tiles \"dragon\" depend on rule "
                          "\"unknownDragon.dragon\", which is not one of the expansion's rule options"));
}

TEST(TileDeclarations, ADeckSetChosenByAnUndeclaredOptionRefusesTheModuleAtLoad) {
    EXPECT_THAT(plugins_with("test_unknown_release"),
                HasSubstr("fan.unknown-release: manifest rejected: deck tile set \"basic:1\" is chosen by rule "
                          "\"unknownRelease.release\", which is not one of the expansion's rule options"));
}

}  // namespace

TEST(TileDeclarations, ADeclaredStartTileReplacesTheHostsAndLeavesThePile) {
    ScratchDir dir("own-start");
    dir.add(test_module("test_own_start"), "own.so");
    const std::string save = (dir.path() / "own.jcz").string();
    const CommandResult r = run_cli("play --plugin-path '" + dir.path().string() +
                                    "' --expansions own-start --seed 3 --json --save '" + save + "'");
    ASSERT_EQ(r.status, 0) << r.output();
    const nlohmann::json game = nlohmann::json::parse(r.out);
    // basic:1 holds 4 BA/RCr and 4 BA/L: the start's copy left the pile, the host's stays in it.
    EXPECT_EQ(count_of(game, "BA/L"), 3);
    EXPECT_EQ(count_of(game, "BA/RCr"), 4);
    std::ifstream in(save);
    const nlohmann::json saved = nlohmann::json::parse(in);
    EXPECT_EQ(saved["setup"]["start"], nlohmann::json::parse(R"([{"tile":"BA/L","x":0,"y":0,"rotation":90}])"));
    const CommandResult replay = run_cli("replay --plugin-path '" + dir.path().string() + "' '" + save + "'");
    EXPECT_EQ(replay.status, 0) << replay.output();
}

TEST(TileDeclarations, TwoExpansionsChoosingTheStartTileRefuseTheGameNamingBoth) {
    ScratchDir dir("own-start-and-roses");
    dir.add(test_module("test_own_start"), "own.so");
    const CommandResult r = run_cli("play --plugin-path '" + dir.path().string() +
                                    "' --expansions own-start,wind-roses --seed 1");
    EXPECT_EQ(r.status, 2) << r.output();
    EXPECT_THAT(r.err, HasSubstr("expansions cloisterkit.wind-roses and fan.own-start both choose the start tile "
                                 "(WR/CFR and BA/L); they cannot be played together unless one's declaration names "
                                 "the other"));
}

TEST(TileDeclarations, AStartTileOutsideTheSchemasRangeIsRefusedByTheSdk) {
    EXPECT_THAT(plugins_with("test_far_start"),
                HasSubstr("'fan.far-start': start tile \"BA/L\" at (5000, 0) rotation 1: x and y must be "
                          "-1000..1000, the rotation 0..3 quarter turns"));
}

// Options carried by JCloisterZone elements and figure counts set by an
// option (manifest revision 11, docs/abi.md "JCloisterZone elements"): a
// count_rule must name an Integer option of the expansion within 0..32;
// an element carries a count or true/false, so a Text option cannot have
// one. Both are refused when the module loads, saying what to fix.
TEST(TileDeclarations, AFigureCountFromANonIntegerOptionRefusesTheModuleAtLoad) {
    EXPECT_THAT(plugins_with("test_bad_count_rule"),
                HasSubstr("fan.bad-count-rule: manifest rejected: figure kind \"mule\": count_rule "
                          "\"badCountRule.mules\" is not an Integer option"));
}

TEST(TileDeclarations, AnElementCarryingATextOptionRefusesTheModuleAtLoad) {
    EXPECT_THAT(plugins_with("test_element_on_text"),
                HasSubstr("fan.element-on-text: manifest rejected: rule option elementOnText.colour is carried by "
                          "JCloisterZone element 'colour', so it must be Integer or Boolean"));
}

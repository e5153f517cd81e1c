// The bridge's tile-step hooks with the scripted module: PLACEMENT_CHECK
// vetoes remove placements (and the game refuses a vetoed one), TILE_PLACED
// is called once per tile with its effects applied, and a veto of a
// candidate never asked about is rejected with the game unchanged.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/game.hpp"
#include "core/players.hpp"
#include "core/tile_xml.hpp"
#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"
#include "test_modules.hpp"

using namespace ck::host;
using ck::test::test_module;
using testing::HasSubstr;

namespace {

const TileCatalog& base_catalog() {
    static const TileCatalog catalog = [] {
        TileCatalog c;
        load_tile_xml_file(std::string(CK_TEST_SOURCE_DIR) + "/host/data/basic.xml", c);
        return c;
    }();
    return catalog;
}

PluginRegistry& scripted() {
    static PluginRegistry registry(ck::test::capturing_logger().logger);
    static const bool loaded = registry.load(test_module("test_scripted")).status == ModuleStatus::Loaded;
    EXPECT_TRUE(loaded);
    return registry;
}

GameSetup setup_for(ExpansionHooks* hooks, std::vector<std::string> expansions, uint64_t seed = 11) {
    GameSetup s;
    s.catalog = &base_catalog();
    s.players = {{"Alice"}, {"Bob"}};
    s.seed = seed;
    s.draw_order = {"BA/RFr", "BA/RFr"};  // a straight road: it fits east and west of the start
    s.hooks = hooks;
    s.expansions = std::move(expansions);
    return s;
}

}  // namespace

TEST(BridgeTileStep, PlacementCheckVetoesEveryPlacementEastOfTheStart) {
    PluginHooks hooks(scripted().resolve({"test.veto-east"}));
    Game game(setup_for(&hooks, hooks.expansion_ids()));
    std::vector<Placement> all;
    game.legal_placements_of(*game.drawn_tile(), all);
    const auto east = std::count_if(all.begin(), all.end(), [](const Placement& p) { return p.at.pos.x > 0; });
    ASSERT_GT(east, 0) << "the first tile fits east of the start tile";
    EXPECT_EQ(game.legal_placements().size(), all.size() - static_cast<size_t>(east));
    for (const Placement& p : game.legal_placements()) EXPECT_LE(p.at.pos.x, 0);

    // A vetoed placement is refused even though the geometry allows it.
    const Placement vetoed = *std::find_if(all.begin(), all.end(), [](const Placement& p) { return p.at.pos.x > 0; });
    try {
        game.place_tile(*game.drawn_tile(), vetoed);
        FAIL() << "a vetoed placement was accepted";
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::IllegalMove);
        EXPECT_THAT(e.what(), HasSubstr("an expansion vetoed this placement"));
    }

    // A whole game never goes east of x = 0.
    RandomPlayer agent(3);
    while (!game.is_over()) play_turn(game, agent);
    for (const PlacedTile& t : game.placed_tiles()) EXPECT_LE(t.at.pos.x, 0);
}

TEST(BridgeTileStep, TilePlacedIsCalledOncePerTileWithItsEffectsApplied) {
    PluginHooks hooks(scripted().resolve({"test.tile-placed"}));
    Game game(setup_for(&hooks, hooks.expansion_ids()));
    RandomPlayer agent(5);
    for (int turn = 0; turn < 6; ++turn) play_turn(game, agent);
    int tile_points = 0;
    for (const ScoreEntry& e : game.score_log())
        if (e.name == "test.tile") tile_points += e.points;
    EXPECT_EQ(tile_points, 6);  // 1 per regular tile, none from a hand
}

TEST(BridgeTileStep, VetoOfACandidateNeverAskedAboutIsRejected) {
    PluginHooks hooks(scripted().resolve({"test.bad-veto"}));
    try {
        Game game(setup_for(&hooks, hooks.expansion_ids()));
        FAIL() << "the bad veto was accepted";
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Plugin);
        EXPECT_THAT(e.what(), HasSubstr("expansion test.bad-veto, hook PLACEMENT_CHECK: response rejected"));
        EXPECT_THAT(e.what(), HasSubstr("out of range"));
    }
}

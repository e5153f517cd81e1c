// The SDK's hook test kit (cloisterkit/sdk/testing.hpp) as a modder uses it:
// a module loaded through the C ABI, a state from a short description or
// from a real game (`cloisterkit state GAME.jcz --turn N`), one hook called,
// the effects read as C++ values; and the tile contents the host now sends
// with every state (GameSetup.tile_segments, schema revision 6).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cloisterkit/sdk/testing.hpp>
#include <cloisterkit/sdk/tile_contents.hpp>

#include <string>
#include <vector>

#include "run_cli.hpp"
#include "test_modules.hpp"

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;
using ck::test::CommandResult;
using ck::test::run_cli;
using ck::test::ScratchDir;
using ck::test::test_module;
using testing::ElementsAre;
using testing::HasSubstr;

namespace {

constexpr const char* kPilgrims = "fan.pilgrims-road";

// A monastery with a road leaving south, and a straight road north-south.
TEST(TestKit, AHookOnAStateFromAShortDescription) {
    const kit::Module module(test_module("test_pilgrims").string());
    kit::TestState state;
    state.add_player("Alice");
    state.add_player("Bob");
    state.enable_expansion(kPilgrims);
    state.set_rule("pilgrimsRoad.bonus", "4");
    state.set_rule("pilgrimsRoad.monasteriesOnly", "true");
    state.tile_type("X/monastery-road", {{ck::sdk::loc::I, 0, fb::FeatureKind::Monastery, 0},
                                         {ck::sdk::loc::S, 0, fb::FeatureKind::Road, 0}});
    state.tile_type("X/straight", {{ck::sdk::loc::N | ck::sdk::loc::S, 0, fb::FeatureKind::Road, 0}});
    state.place_tile("X/monastery-road", kit::at(0, 0));
    state.place_tile("X/straight", kit::at(0, 1), 0);
    state.set_turn(3, 1);

    auto road = kit::feature(fb::FeatureKind::Road, {kit::at(0, 0), kit::at(0, 1)}, true, 2);
    road.scorers.push_back(1);
    const kit::HookResult completed = module.call(kPilgrims, state, kit::feature_scoring(road));
    ASSERT_EQ(completed.status, CK_OK) << completed.error;
    EXPECT_EQ(completed.feature_points(), 4);  // one tile with a monastery, 4 each
    EXPECT_THAT(completed.reasons(), ElementsAre("pilgrims' road"));

    state.set_rule("pilgrimsRoad.monasteriesOnly", "false");
    EXPECT_EQ(module.call(kPilgrims, state, kit::feature_scoring(road)).feature_points(), 8);

    road.completed = false;
    const kit::HookResult open = module.call(kPilgrims, state, kit::feature_scoring(road));
    EXPECT_EQ(open.status, CK_NOTHING_TO_DO);
    EXPECT_TRUE(open.response.effects.empty());
}

TEST(TestKit, AnErrorComesBackWithTheModulesMessage) {
    const kit::Module module(test_module("test_pilgrims").string());
    kit::TestState state;
    state.add_player("Alice");
    state.game.tiles.emplace_back(kit::at(0, 0), 0, 0);
    state.setup.tile_types.push_back("X/no-contents");  // like an older host: no tile_segments
    auto road = kit::feature(fb::FeatureKind::Road, {kit::at(0, 0)}, true, 1);
    EXPECT_THROW(kit::feature_scoring(road), std::invalid_argument);  // no scorers yet
    road.scorers.push_back(0);
    const kit::HookResult r = module.call(kPilgrims, state, kit::feature_scoring(road));
    EXPECT_EQ(r.status, CK_E_INTERNAL) << r.error;
    EXPECT_THAT(r.error, HasSubstr("the host sent no tile contents"));
    // A hook the expansion does not implement, and an unknown expansion.
    EXPECT_EQ(module.call(kPilgrims, state, kit::final_scoring(1)).status, CK_E_UNSUPPORTED_HOOK);
    EXPECT_THROW(module.call("fan.nobody", state, kit::final_scoring(1)), std::runtime_error);
    EXPECT_THROW(kit::Module("/nonexistent/module.so"), std::runtime_error);
}

// A real game saved, its state at turn 12 written by `cloisterkit state`,
// read by the kit; the contents of the base tiles and of Halflings'
// triangles are what the tile files say.
TEST(TestKit, AStateFromARealGameAtAGivenTurnCarriesTheTileContents) {
    ScratchDir dir("kit-state");
    dir.add(test_module("test_pilgrims"), "pilgrims.so");
    const std::string game = (dir.path() / "game.jcz").string(), saved = (dir.path() / "t12.ckgs").string();
    const std::string path = " --plugin-path '" + dir.path().string() + "'";
    const CommandResult played =
        run_cli("play --expansions pilgrims-road,halflings --seed 4 --save '" + game + "'" + path);
    ASSERT_EQ(played.status, 0) << played.output();
    const CommandResult state_cmd = run_cli("state '" + game + "' --turn 12 --out '" + saved + "'" + path);
    ASSERT_EQ(state_cmd.status, 0) << state_cmd.output();
    EXPECT_THAT(state_cmd.out, HasSubstr("the state at the start of turn 12 (turn 12"));

    const kit::TestState state = kit::TestState::from_file(saved);
    ASSERT_TRUE(state.game.turn);
    EXPECT_EQ(state.game.turn->number(), 12u);
    EXPECT_EQ(state.game.tiles.size(), 12u);  // the start tile and the 11 turns before
    EXPECT_THAT(state.setup.expansions, testing::Contains(kPilgrims));

    const std::vector<uint8_t> bytes = state.pack();
    const fb::GameSetup& setup = *fb::GetGameState(bytes.data())->setup_nested_root();
    const auto index = [&](const std::string& id) {
        for (uint16_t i = 0; i < setup.tile_types()->size(); ++i)
            if (setup.tile_types()->Get(i)->str() == id) return i;
        ADD_FAILURE() << id << " not in the setup";
        return uint16_t{0};
    };
    const ck::sdk::TileContents monastery = ck::sdk::tile_contents(setup, index("BA/L"));
    EXPECT_TRUE(monastery.known());
    EXPECT_TRUE(monastery.has_monastery());
    EXPECT_FALSE(monastery.has(fb::FeatureKind::Road));
    const ck::sdk::TileContents monastery_road = ck::sdk::tile_contents(setup, index("BA/LR"));
    EXPECT_TRUE(monastery_road.has_monastery());
    EXPECT_EQ(monastery_road.count(fb::FeatureKind::Road), 1);
    EXPECT_EQ(monastery_road.edge(ck::sdk::Side::South), fb::FeatureKind::Road);
    EXPECT_EQ(monastery_road.edge(ck::sdk::Side::North), fb::FeatureKind::Field);
    const ck::sdk::TileContents city = ck::sdk::tile_contents(setup, index("BA/Cccc+"));
    EXPECT_EQ(city.pennants(), 1);
    EXPECT_EQ(city.edge(ck::sdk::Side::West), fb::FeatureKind::City);
    EXPECT_FALSE(city.has_monastery());
    EXPECT_FALSE(city.triangle());
    EXPECT_TRUE(ck::sdk::tile_contents(setup, index("HF/I-1")).triangle());

    // A placed tile turned 90 degrees: its road side turns with it.
    fb::PlacedTile turned(kit::at(5, 5), 1, index("BA/LR"));
    const ck::sdk::TileContents placed = ck::sdk::tile_contents(setup, turned);
    for (const auto& seg : placed)
        if (seg.kind() == fb::FeatureKind::Road) { EXPECT_EQ(placed.board_location(seg), ck::sdk::loc::W); }
}

TEST(TestKit, TheStateCommandRefusesATurnTheGameDoesNotHave) {
    ScratchDir dir("kit-state-errors");
    const std::string game = (dir.path() / "game.jcz").string();
    ASSERT_EQ(run_cli("play --expansions little-buildings --seed 4 --save '" + game + "'").status, 0);
    const CommandResult beyond = run_cli("state '" + game + "' --turn 500 --out '" + game + ".ckgs'");
    EXPECT_EQ(beyond.status, 2);
    EXPECT_THAT(beyond.err, testing::ContainsRegex("--turn 500: the game places [0-9]+ tiles, so its turns are 1 to [0-9]+"));
    const CommandResult no_out = run_cli("state '" + game + "'");
    EXPECT_EQ(no_out.status, 2);
    EXPECT_THAT(no_out.err, HasSubstr("--out STATE is required"));
    // Without --turn: where the file ends, and the kit reads it.
    ASSERT_EQ(run_cli("state '" + game + "' --out '" + game + ".ckgs'").status, 0);
    EXPECT_EQ(kit::TestState::from_file(game + ".ckgs").game.turn->phase(), fb::Phase::GameOverPhase);
    EXPECT_THROW(kit::TestState::from_file(game), std::runtime_error);  // a .jcz is no state
}

}  // namespace

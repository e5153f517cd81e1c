// Extra turns (schema revision 10; docs/abi.md, "Extra turns") through the
// host and the C ABI, with the fan module "Tribute" and its rule TR-8
// (modules/tribute_module.cpp): with tribute.relay "on" every turn has a
// second tile step by the same player, TURN_START is called once a turn,
// the state tells the module which step it is (so it asks for no third),
// and saves replay; a module that never lets a turn end is refused.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "core/players.hpp"
#include "run_cli.hpp"
#include "tribute_fixture.hpp"

using namespace ck::host;
using ck::test::test_module;
using ck::test::tribute::logged;
using ck::test::tribute::plugin_error_of;
using ck::test::tribute::registry;
using ck::test::tribute::setup_for;
using testing::HasSubstr;

namespace {

const std::map<std::string, std::string> kRelayOn{{"tribute.relay", "on"}};

// The tiles each turn placed and who placed them, from the move record.
struct TurnTiles {
    int tiles = 0;
    std::set<uint8_t> players;
};
std::map<uint32_t, TurnTiles> tiles_by_turn(const Game& game) {
    std::map<uint32_t, TurnTiles> out;
    for (const Move& m : game.moves()) {
        if (m.type != MoveType::PlaceTile) continue;
        ++out[m.turn].tiles;
        out[m.turn].players.insert(m.player);
    }
    return out;
}

Game whole_game(PluginHooks& hooks, uint64_t seed, std::map<std::string, std::string> rules) {
    Game game(setup_for(hooks, seed, std::move(rules)));
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    agents.push_back(make_player("greedy", seed));
    agents.push_back(make_player("random", seed));
    play_to_end(game, agents);
    EXPECT_TRUE(game.is_over());
    return game;
}

// Plays the current step with the first choice of everything up to the
// next TilePhase (or the end).
void finish_tile_step(Game& game) {
    do {
        switch (game.phase()) {
            case Phase::TilePhase: game.place_tile(*game.drawn_tile(), game.legal_placements().front()); break;
            case Phase::DecisionPhase: game.choose_decision(0); break;
            case Phase::ActionPhase: game.pass(); break;
            case Phase::CommitActionPhase: game.commit(); break;
            default: FAIL() << "phase " << phase_name(game.phase());
        }
    } while (!game.is_over() && game.phase() != Phase::TilePhase);
}

}  // namespace

TEST(ExtraTurns, EveryTurnHasTwoTileStepsBySamePlayerAndNoThird) {  // TR-8
    PluginHooks hooks(registry().resolve({"fan.tribute"}));
    const Game relay = whole_game(hooks, 4, kRelayOn);
    const auto turns = tiles_by_turn(relay);
    ASSERT_EQ(turns.size(), relay.turn_number());
    for (const auto& [turn, t] : turns) {
        // The pack may run out after the first step of the last turn.
        if (turn < relay.turn_number()) EXPECT_EQ(t.tiles, 2) << "turn " << turn;
        else EXPECT_GE(t.tiles, 1);
        EXPECT_LE(t.tiles, 2) << "turn " << turn;
        ASSERT_EQ(t.players.size(), 1u) << "turn " << turn;
        EXPECT_EQ(*t.players.begin(), (turn - 1) % 2) << "turn " << turn;  // the seats still alternate
        EXPECT_EQ(logged(relay, *t.players.begin(), turn, "relay.start"), 1) << "turn " << turn;  // TURN_START once
    }
    // Half as many turns as without the rule, for the same pack.
    const Game plain = whole_game(hooks, 4, {});
    for (const auto& [turn, t] : tiles_by_turn(plain)) EXPECT_EQ(t.tiles, 1) << "turn " << turn;
    EXPECT_EQ(relay.placed_tiles().size(), plain.placed_tiles().size());
    EXPECT_LE(relay.turn_number() * 2, plain.turn_number() + 1);
    EXPECT_EQ(logged(plain, 0, 1, "relay.start"), 0);
}

TEST(ExtraTurns, TheSecondStepKeepsTurnAndPlayerAndTheStateSaysWhichStepItIs) {  // TR-8
    PluginHooks hooks(registry().resolve({"fan.tribute"}));
    Game game(setup_for(hooks, 3, kRelayOn));
    EXPECT_EQ(game.turn_part(), 1);
    EXPECT_EQ(game.score(0), 1);  // relay.start of turn 1
    game.place_tile(*game.drawn_tile(), game.legal_placements().front());
    EXPECT_TRUE(game.extra_turn_granted());  // asked at TILE_PLACED, taken once the step is over
    finish_tile_step(game);
    ASSERT_EQ(game.phase(), Phase::TilePhase);
    EXPECT_EQ(game.turn_number(), 1u);
    EXPECT_EQ(game.active_player(), 0);
    EXPECT_EQ(game.turn_part(), 2);
    EXPECT_FALSE(game.extra_turn_granted());
    EXPECT_EQ(logged(game, 0, 1, "relay.start"), 1);  // no second TURN_START
    // The module read turn_part 2 from the state, so it asks for no third step.
    game.place_tile(*game.drawn_tile(), game.legal_placements().front());
    EXPECT_FALSE(game.extra_turn_granted());
    finish_tile_step(game);
    EXPECT_EQ(game.turn_number(), 2u);
    EXPECT_EQ(game.active_player(), 1);
    EXPECT_EQ(game.turn_part(), 1);
    EXPECT_EQ(logged(game, 1, 2, "relay.start"), 1);
}

TEST(ExtraTurns, AModuleThatNeverLetsATurnEndIsRefusedAtItsEighthStep) {
    PluginHooks hooks(registry(true).resolve({"fan.tribute"}));
    int steps = 0;
    const std::string error = plugin_error_of([&] {
        Game game(setup_for(hooks, 3, {{"tribute.misbehave", "endless-turn"}}));
        for (; steps < 20 && game.turn_number() == 1; ++steps) finish_tile_step(game);
    });
    EXPECT_EQ(steps, 7);  // the 8th step's TILE_PLACED is refused
    EXPECT_THAT(error, HasSubstr("expansion fan.tribute, hook TILE_PLACED: response rejected: effect #0 (ExtraTurn): "
                                 "turn 1 already has 8 tile steps (8 at most): a turn that never ends"));
}

// A save holds no turn parts (JCloisterZone's saves have none either): the
// replay finds the second steps again because the module asks for them.
TEST(ExtraTurns, SavedGamesWithSecondStepsReplayToTheSameScores) {  // TR-8
    ck::test::ScratchDir dir("relay");
    dir.add(test_module("test_tribute"), "tribute.so");
    const std::string save = (dir.path() / "r.jcz").string();
    const std::string plugins = "--plugin-path '" + dir.path().string() + "'";
    const ck::test::CommandResult played = ck::test::run_cli(
        "play " + plugins + " --expansions tribute --rule tribute.relay=on --player-types random,greedy --seed 9 --json --save '" +
        save + "'");
    ASSERT_EQ(played.status, 0) << played.output();
    const nlohmann::json game = nlohmann::json::parse(played.out);
    std::map<int, int> tiles;
    for (const auto& m : game["moves"]) tiles[m["turn"].get<int>()] += m["type"] == "tile";
    EXPECT_EQ(tiles.at(1), 2);
    EXPECT_EQ(tiles.at(2), 2);

    const ck::test::CommandResult replayed = ck::test::run_cli("replay " + plugins + " --json '" + save + "'");
    ASSERT_EQ(replayed.status, 0) << replayed.output();
    EXPECT_EQ(nlohmann::json::parse(replayed.out)["players"], game["scores"]) << replayed.out;
}

// Decisions (schema revision 8; docs/abi.md, "Decisions") through the host
// and the C ABI, with the fan module "Tribute"
// (modules/tribute_module.cpp, whose rules TR-1..TR-4 are cited here): the
// game rests in DecisionPhase, the deciding player chooses or passes, the
// expansion applies the choice and may chain the next decision; agents,
// turn options, saves and replays handle them; a module that breaks the
// protocol is refused by name.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include <nlohmann/json.hpp>

#include "core/players.hpp"
#include "core/turn_options.hpp"
#include "run_cli.hpp"
#include "tribute_fixture.hpp"

using namespace ck::host;
using ck::test::test_module;
using testing::HasSubstr;

namespace {

using ck::test::tribute::logged;
using ck::test::tribute::plugin_error_of;

PluginRegistry& tribute(bool misbehaving = false) { return ck::test::tribute::registry(misbehaving); }

GameSetup setup_for(PluginHooks& hooks, uint64_t seed, std::string misbehave = {}) {
    if (misbehave.empty()) return ck::test::tribute::setup_for(hooks, seed);
    return ck::test::tribute::setup_for(hooks, seed, {{"tribute.misbehave", std::move(misbehave)}});
}

void place_first_legal(Game& game) { game.place_tile(*game.drawn_tile(), game.legal_placements().front()); }

}  // namespace

TEST(Decisions, ATilePlacedOpensADecisionTheGameRestsInUntilChosen) {  // TR-1
    PluginHooks hooks(tribute().resolve({"fan.tribute"}));
    Game game(setup_for(hooks, 3));
    place_first_legal(game);
    ASSERT_EQ(game.phase(), Phase::DecisionPhase);
    const Decision& d = *game.decision();
    EXPECT_EQ(d.key, "blessing");
    EXPECT_EQ(d.player, 0);
    EXPECT_FALSE(d.may_pass);
    ASSERT_GE(d.options.size(), 2u);  // the points, and the start tile beside the first tile
    EXPECT_EQ(d.options[0].label, "take 2 points now");
    EXPECT_EQ(d.options[0].target, DecisionTarget::None);
    EXPECT_EQ(d.options[1].target, DecisionTarget::Tile);
    EXPECT_GE(game.board().tile_at(d.options[1].at), 0);  // a placed tile, checked by the host
    // Nothing else moves meanwhile: no figure, no commit.
    EXPECT_THROW(game.pass(), HostError);
    EXPECT_THROW(game.commit(), HostError);

    const std::vector<TurnOption> options = turn_options(game);
    ASSERT_EQ(options.size(), d.options.size());
    EXPECT_EQ(options[0].kind, TurnOption::Kind::Decision);
    EXPECT_EQ(options[0].decision, "blessing");
    EXPECT_FALSE(options[0].placed_at);
    EXPECT_TRUE(options[1].placed_at);
    EXPECT_EQ(turn_option_count(game), d.options.size());

    play_turn_option_at(game, 0);
    EXPECT_EQ(game.score(0), 2);
    EXPECT_EQ(logged(game, 0, 1, "tribute"), 2);
    EXPECT_EQ(game.phase(), Phase::ActionPhase);  // the figure step the decision interrupted
    const Move& m = game.moves().back();
    EXPECT_EQ(m.type, MoveType::Decision);
    EXPECT_EQ(m.decision_key, "blessing");
    ASSERT_TRUE(m.decision_index.has_value());
    EXPECT_EQ(*m.decision_index, 0u);
}

TEST(Decisions, ABlessingChainsADecisionForTheNextPlayerWhoMayPass) {  // TR-1, TR-2
    PluginHooks hooks(tribute().resolve({"fan.tribute"}));
    Game game(setup_for(hooks, 3));
    place_first_legal(game);
    game.choose_decision(1);  // bless the tile beside: 1 point (the payload came back unread)
    EXPECT_EQ(game.score(0), 1);
    EXPECT_EQ(logged(game, 0, 1, "blessing"), 1);
    ASSERT_EQ(game.phase(), Phase::DecisionPhase);
    EXPECT_EQ(game.decision()->key, "tribute");
    EXPECT_EQ(game.decision()->step, 2u);
    EXPECT_EQ(game.deciding_player(), 1);  // Bob decides in Alice's turn
    EXPECT_EQ(game.active_player(), 0);
    const std::vector<TurnOption> options = turn_options(game);
    ASSERT_EQ(options.size(), 2u);
    EXPECT_EQ(options[1].kind, TurnOption::Kind::DecisionPass);

    Game accepted = game;
    accepted.choose_decision(0);
    EXPECT_EQ(accepted.score(1), 1);
    EXPECT_EQ(logged(accepted, 1, 1, "tribute.accepted"), 1);

    game.pass_decision();
    EXPECT_EQ(game.score(1), 0);
    EXPECT_EQ(game.phase(), Phase::ActionPhase);
    EXPECT_FALSE(game.moves().back().decision_index.has_value());
    EXPECT_EQ(game.moves().back().player, 1);
}

// serve's computer seats: Bob, deciding in Alice's turn, makes his own
// choice and leaves the rest of her turn to her.
TEST(Decisions, APlayerDecidingInAnothersTurnMakesOnlyTheirOwnChoices) {  // TR-2
    PluginHooks hooks(tribute().resolve({"fan.tribute"}));
    Game game(setup_for(hooks, 3));
    place_first_legal(game);
    game.choose_decision(1);  // Alice blesses: Bob decides on a tribute
    ASSERT_EQ(game.deciding_player(), 1);
    GreedyPlayer bob(1);
    play_own_decisions(game, bob);
    EXPECT_EQ(logged(game, 1, 1, "tribute.accepted"), 1);  // greedy takes the point
    EXPECT_EQ(game.phase(), Phase::ActionPhase);  // Alice's figure step, untouched
    EXPECT_EQ(game.deciding_player(), 0);
    EXPECT_EQ(game.figures().size(), 0u);
}

TEST(Decisions, AChoiceThatIsNotOfferedChangesNothingAndSaysWhy) {
    PluginHooks hooks(tribute().resolve({"fan.tribute"}));
    Game game(setup_for(hooks, 3));
    EXPECT_THROW(game.choose_decision(0), HostError);  // no decision open
    place_first_legal(game);
    const size_t n = game.decision()->options.size();
    try {
        game.choose_decision(99);
        ADD_FAILURE() << "option 99 was accepted";
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::IllegalMove);
        EXPECT_EQ(std::string(e.what()),
                  "decision 'blessing' has no option 99 (" + std::to_string(n) + " offered)");
    }
    try {
        game.pass_decision();
        ADD_FAILURE() << "a pass was accepted";
    } catch (const HostError& e) {
        EXPECT_THAT(e.what(), HasSubstr("decision 'blessing' may not be passed"));
    }
    EXPECT_EQ(game.phase(), Phase::DecisionPhase);
    EXPECT_EQ(game.score(0), 0);
}

TEST(Decisions, WholeGamesDecideFiguresSpacesAndChainsAndGreedyTakesTheBestChoice) {  // TR-1..TR-4
    PluginHooks hooks(tribute().resolve({"fan.tribute"}));
    Game game(setup_for(hooks, 8));
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    agents.push_back(make_player("greedy", 8));
    agents.push_back(make_player("random", 8));
    play_to_end(game, agents);
    ASSERT_TRUE(game.is_over());
    std::map<std::string, int> by_key;
    int random_blessings = 0;
    for (const Move& m : game.moves()) {
        if (m.type != MoveType::Decision) continue;
        ++by_key[m.decision_key];
        if (m.decision_key != "blessing") continue;
        ASSERT_TRUE(m.decision_index.has_value());
        // Greedy (seat 0) takes 2 points rather than 1 that also gives Bob a chance of 1.
        if (m.player == 0) EXPECT_EQ(m.decision_option.label, "take 2 points now") << "turn " << m.turn;
        else random_blessings += m.decision_option.target == DecisionTarget::Tile;
        const std::string name = m.decision_option.target == DecisionTarget::Tile ? "blessing" : "tribute";
        EXPECT_EQ(logged(game, m.player, m.turn, name), m.decision_option.value) << "turn " << m.turn;
    }
    EXPECT_EQ(by_key["blessing"], static_cast<int>(game.placed_tiles().size()) - 1);  // every tile but the start
    EXPECT_GT(by_key["honour"], 0);   // figure targets (TR-3)
    EXPECT_GT(by_key["mark"], 0);     // space targets (TR-4)
    EXPECT_GT(random_blessings, 0);   // so a tribute was offered to seat 0 (TR-2)
    EXPECT_GT(by_key["tribute"], 0);
}

TEST(Decisions, AModuleThatBreaksTheProtocolIsRefusedByName) {
    PluginHooks hooks(tribute(true).resolve({"fan.tribute"}));
    const auto first_turn = [&](const std::string& misbehave) {
        return plugin_error_of([&] {
            Game game(setup_for(hooks, 3, misbehave));
            place_first_legal(game);
            while (game.phase() == Phase::DecisionPhase) game.choose_decision(0);
        });
    };
    const std::string off_board = first_turn("off-board");
    EXPECT_THAT(off_board, HasSubstr("expansion fan.tribute, hook TILE_PLACED: response rejected: effect #0 "
                                     "(OfferDecision): option "));
    EXPECT_THAT(off_board, HasSubstr(": target tile (99,99) is not on the board"));
    EXPECT_THAT(first_turn("no-player"),
                HasSubstr("(OfferDecision): player 7 out of range (the game has 2 players)"));
    EXPECT_THAT(first_turn("empty"), HasSubstr("(OfferDecision): no option and no pass: an empty choice"));
    EXPECT_THAT(first_turn("endless"),
                HasSubstr("hook APPLY_DECISION: response rejected: effect #0 (OfferDecision): the 65th decision "
                          "of one chain (64 at most): a decision that never ends"));
}

// Completed roads and cities of each turn, found through the game's own
// features: the distinct ones among the segments of the tile just placed.
std::vector<FeatureView> completed_by_last_tile(const Game& game) {
    std::vector<FeatureView> out;
    const PlacedTile& placed = game.placed_tiles().back();
    for (const Segment& s : game.tile_def(placed.type).segments) {
        if (s.kind != FeatureKind::Road && s.kind != FeatureKind::City) continue;
        const Location location = loc::rotate_cw(s.location, static_cast<int>(placed.rotation));
        const FeatureView f = game.feature_at(FeaturePointer{placed.at, s.kind, location});
        const bool seen = std::any_of(out.begin(), out.end(), [&](const FeatureView& o) { return o.id == f.id; });
        if (f.completed && !seen) out.push_back(f);
    }
    return out;
}

TEST(Decisions, EveryCompletedRoadAndCityReachesTheHookOccupiedOrNot) {  // TR-5
    PluginHooks hooks(tribute().resolve({"fan.tribute"}));
    Game game(setup_for(hooks, 21));
    RandomPlayer a(1), b(2);
    int unoccupied = 0;
    while (!game.is_over()) {
        const uint32_t turn = game.turn_number();
        const uint8_t player = game.active_player();
        PlayerAgent& agent = player == 0 ? static_cast<PlayerAgent&>(a) : b;
        // The turn up to its commit, then what the commit will score.
        while (!game.is_over() && game.phase() != Phase::CommitActionPhase) {
            if (game.phase() == Phase::TilePhase) {
                game.place_tile(*game.drawn_tile(), game.legal_placements().at(agent.choose_placement(game)));
            } else if (game.phase() == Phase::ActionPhase) {
                apply_figure_choice(game, agent.choose_figure(game));
            } else {
                apply_decision_choice(game, agent.choose_decision(game));
            }
        }
        if (game.is_over()) break;
        const std::vector<FeatureView> completed = completed_by_last_tile(game);
        int cities_held_by_nobody = 0;
        for (const FeatureView& f : completed) {
            const bool held = std::any_of(f.followers.begin(), f.followers.end(), [](uint8_t n) { return n > 0; });
            unoccupied += !held;
            cities_held_by_nobody += f.kind == FeatureKind::City && !held;
        }
        game.commit();
        EXPECT_EQ(logged(game, player, turn, "completed"), static_cast<int>(completed.size())) << "turn " << turn;
        EXPECT_EQ(logged(game, player, turn, "unclaimed"), cities_held_by_nobody) << "turn " << turn;
        while (!game.is_over() && game.turn_number() == turn)  // TURN_END's mark (TR-4)
            apply_decision_choice(game, agent.choose_decision(game));
    }
    EXPECT_GT(unoccupied, 0);  // the hook saw features nobody scored
}

// Plays `game` with random choices until a decision `key` is open (or the end).
void play_until_decision(Game& game, const std::string& key, RandomPlayer& agent) {
    while (!game.is_over() && !(game.decision() && game.decision()->key == key)) {
        switch (game.phase()) {
            case Phase::TilePhase:
                game.place_tile(*game.drawn_tile(), game.legal_placements().at(agent.choose_placement(game)));
                break;
            case Phase::ActionPhase: game.pass(); break;  // keep followers in supply for the guards
            case Phase::DecisionPhase: apply_decision_choice(game, agent.choose_decision(game)); break;
            case Phase::CommitActionPhase: game.commit(); break;
            default: FAIL() << "phase " << phase_name(game.phase());
        }
    }
}

TEST(Decisions, AGuardIsPlacedFromTheSupplyAndMovedAsTheExpansionSays) {  // TR-6, TR-7
    PluginHooks hooks(tribute().resolve({"fan.tribute"}));
    Game game(setup_for(hooks, 5));
    RandomPlayer agent(5);
    play_until_decision(game, "guard", agent);
    ASSERT_FALSE(game.is_over());
    EXPECT_EQ(game.turn_number() % 5, 0u);
    const uint8_t player = game.deciding_player();
    const DecisionOption post = game.decision()->options.at(0);
    ASSERT_EQ(post.target, DecisionTarget::Location);
    const size_t figures = game.figures().size();
    const int supply = game.player(player).followers_in_supply();
    const Game before = game;
    game.choose_decision(0);
    ASSERT_EQ(game.figures().size(), figures + 1);
    const PlacedFigure guard = game.figures().back();
    EXPECT_EQ(guard.meeple.player, player);
    EXPECT_EQ(guard.meeple.kind, 0);
    EXPECT_EQ(guard.pointer.at, post.at);
    EXPECT_EQ(guard.pointer.location, post.location);
    EXPECT_EQ(game.player(player).followers_in_supply(), supply - 1);
    const auto held = [&](const Game& g, const FeaturePointer& p) { return g.feature_at(p).followers[player]; };
    EXPECT_EQ(held(game, guard.pointer), held(before, guard.pointer) + 1);
    if (game.phase() != Phase::DecisionPhase) GTEST_SKIP() << "the tile had no second road or city segment";
    ASSERT_EQ(game.decision()->key, "guard-move");
    const DecisionOption to = game.decision()->options.at(0);
    const Game posted = game;
    game.choose_decision(0);
    ASSERT_EQ(game.figures().size(), figures + 1);
    const PlacedFigure moved = game.figures().back();
    EXPECT_EQ(moved.meeple, guard.meeple);
    EXPECT_EQ(moved.pointer.location, to.location);
    ASSERT_NE(game.feature_at(moved.pointer).id, game.feature_at(guard.pointer).id);  // two features of the tile
    EXPECT_EQ(held(game, moved.pointer), held(posted, moved.pointer) + 1);
    EXPECT_EQ(held(game, guard.pointer), held(posted, guard.pointer) - 1);  // it left its first post
    EXPECT_EQ(game.player(player).followers_in_supply(), supply - 1);
}

TEST(Decisions, TwoFiguresOnOneFeatureInOneResponseAreRefused) {
    PluginHooks hooks(tribute(true).resolve({"fan.tribute"}));
    const std::string error = plugin_error_of([&] {
        Game game(setup_for(hooks, 5, "double-guard"));
        RandomPlayer agent(5);
        play_until_decision(game, "guard", agent);
        game.choose_decision(0);
    });
    // The second guard, not allowed on an occupied feature: the first is there.
    EXPECT_THAT(error, HasSubstr("hook APPLY_DECISION: response rejected: effect #1 (PlaceFigure): "));
    EXPECT_THAT(error, testing::AnyOf(HasSubstr("an earlier effect of this response put a figure on that feature"),
                                      HasSubstr(" has a figure")));
}

// Saved as CK_DECISION, or as the message the option names (TRIBUTE_MARK),
// and replayed by matching each message against the options offered then.
TEST(Decisions, SavedGamesReplayEveryChoiceAndRefuseOneThatWasNotOffered) {
    ck::test::ScratchDir dir("tribute");
    dir.add(test_module("test_tribute"), "tribute.so");
    const std::string save = (dir.path() / "t.jcz").string();
    const std::string plugins = "--plugin-path '" + dir.path().string() + "'";
    const ck::test::CommandResult played =
        ck::test::run_cli("play " + plugins + " --expansions tribute --player-types greedy,random --seed 4 --json --save '" +
                          save + "'");
    ASSERT_EQ(played.status, 0) << played.output();
    const nlohmann::json game = nlohmann::json::parse(played.out);
    int decisions = 0;
    for (const auto& m : game["moves"]) decisions += m["type"] == "decision";
    EXPECT_GT(decisions, 20);

    std::ifstream in(save);
    const nlohmann::json saved = nlohmann::json::parse(in);
    int ck_decisions = 0, marks = 0;
    for (const auto& m : saved["replay"]) {
        ck_decisions += m["type"] == "CK_DECISION";
        if (m["type"] != "TRIBUTE_MARK") continue;
        ++marks;
        EXPECT_TRUE(m["payload"]["position"].is_array()) << m.dump();
    }
    EXPECT_GT(marks, 0);
    EXPECT_EQ(ck_decisions + marks, decisions);

    const ck::test::CommandResult replayed = ck::test::run_cli("replay " + plugins + " --json '" + save + "'");
    ASSERT_EQ(replayed.status, 0) << replayed.output();
    const nlohmann::json result = nlohmann::json::parse(replayed.out);
    EXPECT_EQ(result["players"], game["scores"]) << replayed.out;  // [{name, points}] both

    // The first blessing's choice changed to an option that was never offered.
    nlohmann::json tampered = saved;
    for (auto& m : tampered["replay"])
        if (m["type"] == "CK_DECISION") {
            EXPECT_EQ(m["payload"]["expansion"], "fan.tribute");
            EXPECT_EQ(m["payload"]["key"], "blessing");
            m["payload"]["option"] = 42;
            break;
        }
    const std::string bad = (dir.path() / "bad.jcz").string();
    std::ofstream(bad) << tampered.dump();
    const ck::test::CommandResult refused = ck::test::run_cli("replay " + plugins + " '" + bad + "'");
    EXPECT_NE(refused.status, 0);
    EXPECT_THAT(refused.err, HasSubstr("is none of the choices of decision 'blessing' for Alice ("));
}

// `validate` plays real games with the module: decisions that verify pass
// every check; a chain that never ends fails the games check, saying so.
TEST(Decisions, ValidatePassesAModuleWithDecisionsAndNamesOneThatNeverEnds) {
    const auto checks = [](const std::string& module) {
        const ck::test::CommandResult r =
            ck::test::run_cli("validate '" + test_module(module).string() + "' --alone --json --games 1");
        std::map<std::string, std::pair<std::string, std::string>> out;  // name -> (verdict, message)
        const nlohmann::json report = nlohmann::json::parse(r.out);  // kept: the loop reads into it
        for (const auto& c : report.at("checks"))
            out[c.at("name").get<std::string>()] = {c.at("verdict").get<std::string>(),
                                                    c.at("message").get<std::string>()};
        return std::make_pair(r.status, out);
    };
    const auto [good_status, good] = checks("test_tribute");
    EXPECT_EQ(good_status, 0);
    EXPECT_EQ(good.size(), 10u);
    for (const auto& [name, v] : good) EXPECT_EQ(v.first, "PASS") << name << ": " << v.second;
    const auto [endless_status, endless] = checks("test_tribute_misbehaving");  // endless by default
    EXPECT_NE(endless_status, 0);
    ASSERT_TRUE(endless.count("games"));
    EXPECT_EQ(endless.at("games").first, "FAIL");
    EXPECT_THAT(endless.at("games").second, HasSubstr("a decision that never ends"));
}

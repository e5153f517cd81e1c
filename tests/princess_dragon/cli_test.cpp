// The Princess & the Dragon through the `cloisterkit` command: whole games
// with the other expansions, checked move by move against the rules (the
// dragon's tiles wait for a volcano, nobody places a figure where the
// dragon stands, each movement is a path of adjacent spaces it never walks
// back along, steered by the players in turn), and saves JCloisterZone
// opens replayed to the same scores. Rule IDs:
// docs/expansions/princess-and-dragon.md.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"
#include "game_count.hpp"

namespace {

using nlohmann::json;
using ck::test::run_json;
using Space = std::pair<int, int>;

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("princess_dragon", name); }

Space space_of(const json& at) { return {at["position"][0].get<int>(), at["position"][1].get<int>()}; }

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// What the checks of one game counted, added up over the games.
struct Seen {
    int dragon_steps = 0, movements = 0, fairy_moves = 0, princess = 0, portal = 0;
    int fairy_turn = 0, fairy_completed = 0;
};

// Checks one game's moves and score entries (`play --json`) against the
// rules, as a referee reading the game would.
void check_game(const json& j, int players, Seen& seen) {
    std::optional<Space> dragon;              // where the dragon stands
    bool volcano_out = false;
    std::map<int, int> turn_player;           // turn -> whose it was
    std::optional<Space> placed_this_turn;
    int turn = 0;
    std::vector<Space> path;                  // this turn's movement: the spaces left, in order
    for (const json& m : j["moves"]) {
        const std::string type = m["type"];
        if (m["turn"].get<int>() != turn) {
            turn = m["turn"].get<int>();
            path.clear();
        }
        if (type == "tile") {
            turn_player[turn] = m["player"].get<int>();
            const std::string tile = m["tile"];
            placed_this_turn = space_of(m["at"]);
            // PD-2: no dragon tile before a volcano is on the board.
            if (ends_with(tile, ".d") || ends_with(tile, ".dG")) {
                EXPECT_TRUE(volcano_out) << "PD-2: " << tile << " drawn before any volcano, turn " << turn;
            }
            // PD-1: a volcano calls the dragon onto it.
            if (ends_with(tile, ".v")) {
                volcano_out = true;
                dragon = space_of(m["at"]);
            }
        } else if (type == "meeple") {
            // PD-3: never a figure where the dragon stands.
            if (dragon) { EXPECT_NE(space_of(m["at"]), *dragon) << "PD-3: a figure placed on the dragon's space, turn " << turn; }
            // PD-7: away from the tile of the turn only from a magic portal.
            if (placed_this_turn && space_of(m["at"]) != *placed_this_turn) ++seen.portal;
        } else if (type == "action") {
            const std::string action = m["action"];
            seen.fairy_moves += action == "move-fairy";
            seen.princess += action == "princess";
        } else if (type == "move") {
            EXPECT_EQ(m["figure"], "dragon");
            ASSERT_TRUE(dragon.has_value()) << "the dragon moves before any volcano, turn " << turn;
            const Space to = space_of(m["at"]);
            // PD-4: one space orthogonally; PD-6: never back along its path.
            EXPECT_EQ(std::abs(to.first - dragon->first) + std::abs(to.second - dragon->second), 1)
                << "PD-4: from (" << dragon->first << "," << dragon->second << ") turn " << turn;
            path.push_back(*dragon);
            for (const Space& left : path) EXPECT_NE(to, left) << "PD-6: the dragon walks back, turn " << turn;
            EXPECT_LE(path.size(), 6u) << "PD-4: more than six steps, turn " << turn;
            // PD-4: the turn's player steers the first step, then the next players in turn.
            EXPECT_EQ(m["player"].get<int>(), (turn_player[turn] + static_cast<int>(path.size()) - 1) % players)
                << "step " << path.size() << " of turn " << turn;
            if (path.size() == 1) ++seen.movements;
            ++seen.dragon_steps;
            dragon = to;
        }
    }
    ck::test::expect_entries_add_up(j, players);
    for (const json& e : j["score_entries"]) {
        const std::string name = e["name"];
        if (name == "fairy.turn") {
            ++seen.fairy_turn;
            // PD-10: 1 point, to the player whose turn begins.
            EXPECT_EQ(e["points"], 1);
            EXPECT_EQ(e["player"].get<int>(), turn_player[e["turn"].get<int>()]) << "PD-10: turn " << e["turn"];
        }
        if (name == "fairy.completed") {
            ++seen.fairy_completed;
            EXPECT_EQ(e["points"], 3) << "PD-11";
        }
    }
}

// PD-1 to PD-13: every expansion together, 2 to 4 players, both computer
// players; each game is refereed move by move (check_game).
TEST(PdCli, PlaysWithHalflingsLittleBuildingsAndTheAbbot) {
    Seen seen;
    ck::test::for_each_computer_game("princess-and-dragon,halflings,little-buildings,abbot", 20,
                                     [&](const json& game, int players) { check_game(game, players, seen); });
    EXPECT_GT(seen.movements, 6) << "the dragon moves";
    EXPECT_GT(seen.dragon_steps, seen.movements) << "movements of several steps";
    EXPECT_GT(seen.fairy_moves, 6) << "the fairy is moved";
    EXPECT_GT(seen.princess, 0) << "the princess sends a follower home";
    EXPECT_GT(seen.portal, 0) << "a figure placed through a magic portal";
    EXPECT_GT(seen.fairy_turn, 6);
    EXPECT_GT(seen.fairy_completed, 0);
}

// PD-2: the dragon tiles are drawn only after the first volcano (checked
// move by move), and once one is out all 12 are drawn (or set aside) before
// the game ends: the pack ends with them, not without them.
TEST(PdCli, DragonTilesWaitForAVolcanoThenAllAreDrawn) {
    for (int seed = 1; seed <= 6; ++seed) {
        const json j = run_json("play --expansions princess-and-dragon --players 2 --json --seed " + std::to_string(seed));
        if (HasFailure()) return;
        Seen seen;
        check_game(j, 2, seen);
        int volcanoes = 0, dragon_tiles = 0;
        for (const json& m : j["moves"])
            if (m["type"] == "tile") {
                volcanoes += ends_with(m["tile"], ".v");
                dragon_tiles += ends_with(m["tile"], ".d");
            }
        ASSERT_GT(volcanoes, 0) << "seed " << seed;
        EXPECT_LE(dragon_tiles, 12);
        EXPECT_GE(dragon_tiles + j["tiles_set_aside"].get<int>(), 12) << "seed " << seed;
        EXPECT_EQ(j["tiles_placed"].get<int>() + j["tiles_set_aside"].get<int>(), 72 + 30) << "PD-16";
    }
}

// PD-18: each of the four elements switches alone. Without the dragon, a
// volcano calls nothing and dragon tiles are drawn before any volcano;
// without the fairy, the princess or the portal, nobody uses them; a save
// names only the elements that play, and replays to the same game.
TEST(PdCli, ElementsSwitchOneByOne) {
    int dragon_tile_before_volcano = 0;
    const int seeds = ck::test::games_for_this_build(4);
    for (int seed = 1; seed <= seeds; ++seed) {
        const std::string save = scratch("alone-" + std::to_string(seed) + ".jcz").string();
        const json j = run_json("play --expansions princess-and-dragon --players 2 --player-types greedy,random --json "
                                "--rule princessAndDragon.dragon=off --rule princessAndDragon.princess=no "
                                "--rule princessAndDragon.portal=0 --save '" + save + "' --seed " + std::to_string(seed));
        if (HasFailure()) return;
        bool volcano_out = false;
        int fairy_moves = 0;
        for (const json& m : j["moves"]) {
            const std::string type = m["type"];
            EXPECT_NE(type, "move") << "seed " << seed << ": the dragon moves without the dragon";
            if (type == "tile") {
                const std::string tile = m["tile"];
                if (ends_with(tile, ".d") && !volcano_out) ++dragon_tile_before_volcano;
                volcano_out |= ends_with(tile, ".v");
            } else if (type == "action") {
                EXPECT_NE(m["action"], "princess") << "seed " << seed;
                fairy_moves += m["action"] == "move-fairy";
            }
        }
        EXPECT_GT(fairy_moves, 0) << "seed " << seed << ": the fairy still plays";
        for (const json& e : j["score_entries"]) EXPECT_NE(e["name"], "dragon") << "seed " << seed;
        // The save's elements: the fairy's alone.
        const json saved = json::parse(ck::test::read_text_file(save));
        const json& elements = saved["setup"]["elements"];
        EXPECT_TRUE(elements.contains("fairy")) << elements.dump();
        for (const char* off : {"dragon", "princess", "portal"}) EXPECT_FALSE(elements.contains(off)) << elements.dump();
        const json replayed = run_json("replay '" + save + "' --json");
        if (HasFailure()) return;
        EXPECT_EQ(replayed["players"], j["scores"]) << "seed " << seed;
    }
    EXPECT_GT(dragon_tile_before_volcano, 0) << "PD-2 holds only with the dragon: its tiles are drawn like others";
}

// PD-17: the save names what JCloisterZone's setup names (its four
// elements, the edition's tile set, dragon.1 and fairy.1, the princess's
// source) and replays to the same scores, entry by entry.
TEST(PdCli, SavedGamesHoldWhatJczReadsAndReplayToTheSameScores) {
    int dragon_messages = 0, fairy_messages = 0, princess_messages = 0;
    const int seeds = ck::test::games_for_this_build(4);
    for (const bool abbot : {false, true})
        for (int seed = 1; seed <= seeds; ++seed) {
            const std::string file = scratch("pd-" + std::to_string(abbot) + "-" + std::to_string(seed) + ".jcz").string();
            const std::string expansions = abbot ? "--tile-set basic:2 --expansions princess-and-dragon,little-buildings,abbot"
                                                 : "--expansions princess-and-dragon,little-buildings";
            const json played = run_json("play " + expansions + " --seed " + std::to_string(seed) +
                                         " --players 3 --player-types greedy,random,greedy --json --save " + file);
            if (HasFailure()) return;
            std::ifstream in(file);
            const json saved = json::parse(in);
            const json& setup = saved["setup"];
            EXPECT_EQ(setup["sets"].value(abbot ? "princess-and-dragon:2" : "princess-and-dragon:1", 0), 1)
                << "PD-16: the edition";
            for (const char* element : {"dragon", "fairy", "princess", "portal"})
                EXPECT_EQ(setup["elements"].value(element, 0), 1) << element;
            EXPECT_FALSE(setup["elements"].contains("princess-and-dragon")) << "JCloisterZone has no such element";
            for (const json& m : saved["replay"]) {
                if (m["type"] == "MOVE_NEUTRAL_FIGURE") {
                    const json& to = m["payload"]["to"];
                    if (m["payload"]["figureId"] == "dragon.1") {
                        ++dragon_messages;
                        EXPECT_TRUE(to.is_array() && to.size() == 2) << "the dragon goes to a position: " << m.dump();
                    } else {
                        ++fairy_messages;
                        EXPECT_EQ(m["payload"]["figureId"], "fairy.1");
                        EXPECT_TRUE(to.contains("featurePointer") && to.contains("meepleId"))
                            << "the fairy goes next to a follower (JCloisterZone's MeeplePointer): " << m.dump();
                    }
                }
                if (m["type"] == "RETURN_MEEPLE" && m["payload"]["source"] != "ABBOT_RETURN") {
                    ++princess_messages;
                    EXPECT_EQ(m["payload"]["source"], "PRINCESS") << m.dump();
                }
            }
            ck::test::expect_replays_as_played(file, played);
        }
    EXPECT_GT(dragon_messages, seeds);
    EXPECT_GT(fairy_messages, seeds);
    // Random players take the princess rarely: seed 8 of three random players does.
    const std::string file = scratch("pd-princess-8.jcz").string();
    const json played = run_json("play --expansions princess-and-dragon --players 3 --seed 8 --json --save " + file);
    std::ifstream in(file);
    const json saved = json::parse(in);
    for (const json& m : saved["replay"])
        if (m["type"] == "RETURN_MEEPLE") {
            ++princess_messages;
            EXPECT_EQ(m["payload"]["source"], "PRINCESS");
            EXPECT_TRUE(m["payload"]["pointer"].contains("featurePointer") && m["payload"]["pointer"].contains("meepleId"));
        }
    EXPECT_GT(princess_messages, 0);
    EXPECT_EQ(run_json("replay " + file + " --json")["players"], played["scores"]);
}

// The mcts player steers the dragon too, and its game replays.
TEST(PdCli, TheMctsPlayerPlaysTheMovementStage) {
    const std::string file = scratch("pd-mcts.jcz").string();
    const json played = run_json("play --expansions princess-and-dragon --players 2 --seed 3 --player-types "
                                 "mcts:playouts=30,random --json --save " + file);
    if (HasFailure()) return;
    Seen seen;
    check_game(played, 2, seen);
    EXPECT_GT(seen.dragon_steps, 0);
    ck::test::expect_replays_as_played(file, played);
}

// The scenarios' games with one message changed into a move the rules
// forbid: the replay refuses it, naming the move.
json scenario(const std::string& name) {
    std::ifstream in(std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/" + name + ".jcz");
    return json::parse(in);
}

std::string refusal(const json& game, const std::string& name) {
    const std::string file = scratch(name + ".jcz").string();
    std::ofstream(file) << game.dump(2);
    const auto r = ck::test::run_cli("replay " + file);
    EXPECT_NE(r.status, 0) << name << " should be refused:\n" << r.out;
    return r.out + r.err;
}

// Index of the n-th message (from 0) of `type` in a scenario's replay.
size_t nth(const json& game, const std::string& type, int n) {
    for (size_t i = 0; i < game["replay"].size(); ++i)
        if (game["replay"][i]["type"] == type && n-- == 0) return i;
    ADD_FAILURE() << "no " << type;
    return 0;
}

TEST(PdCli, MovesTheRulesForbidAreRefused) {
    // PD-6: the dragon may not enter the fairy's space (1,0)...
    json fairy = scenario("pd-dragon-blocked-by-fairy-and-path");
    fairy["replay"][nth(fairy, "MOVE_NEUTRAL_FIGURE", 2)]["payload"]["to"] = {1, 0};
    EXPECT_NE(refusal(fairy, "into-the-fairy").find("cannot move the dragon to (1,0)"), std::string::npos);
    // ... nor go back to a space it left in this movement (the volcano).
    json back = scenario("pd-dragon-blocked-by-fairy-and-path");
    back["replay"][nth(back, "MOVE_NEUTRAL_FIGURE", 2)]["payload"]["to"] = {0, 1};
    EXPECT_NE(refusal(back, "back-along-the-path").find("cannot move the dragon to (0,1)"), std::string::npos);
    // ... and the movement ends when it is blocked: a third step is not offered.
    json third = scenario("pd-dragon-blocked-by-fairy-and-path");
    auto& replay = third["replay"];
    replay.insert(replay.begin() + static_cast<std::ptrdiff_t>(nth(third, "MOVE_NEUTRAL_FIGURE", 2) + 1),
                  json::parse(R"({"type": "MOVE_NEUTRAL_FIGURE", "payload": {"figureId": "dragon.1", "to": [-2, 0]},
                                  "player": 1})"));
    EXPECT_NE(refusal(third, "a-third-step").find("MOVE_NEUTRAL_FIGURE in phase CommitActionPhase"), std::string::npos);
    // PD-4: each step is its player's: Bob may not take Alice's.
    json order = scenario("pd-dragon-blocked-by-fairy-and-path");
    order["replay"][nth(order, "MOVE_NEUTRAL_FIGURE", 2)]["player"] = 1;
    EXPECT_NE(refusal(order, "out-of-turn").find("it is player 0's turn"), std::string::npos);
    // PD-7: far from the tile just placed only through a magic portal: the
    // same placement from a plain tile is refused.
    json portal = scenario("pd-portal-far-away");
    portal["setup"]["sets"]["basic:1"] = 1;
    portal["gameAnnotations"]["drawOrder"][1] = "BA/RRRR";
    portal["replay"][nth(portal, "PLACE_TILE", 1)]["payload"]["tileId"] = "BA/RRRR";
    EXPECT_NE(refusal(portal, "far-without-portal").find("not a feature of the tile just placed"), std::string::npos);
    // PD-3, PD-13: no figure in the dragon's space, on either of its triangles.
    json space = scenario("hf-pd-dragon-through-a-gap");
    const size_t complement = nth(space, "PLACE_TILE", 4);
    ASSERT_EQ(space["replay"][complement]["payload"]["tileId"], "HF/II-1");
    space["replay"].insert(space["replay"].begin() + static_cast<std::ptrdiff_t>(complement + 1),
                           json::parse(R"({"type": "DEPLOY_MEEPLE", "payload": {"pointer": {"position": [1, 1],
                               "corner": "NE", "feature": "Field", "location": "NL.NR.EL.ER.DL.DR"}, "meepleId": "0.small.1"},
                               "player": 0})"));
    // PD-14: nor into the fairy's space, on either of its triangles.
    json guarded = scenario("hf-pd-fairy-guards-its-space");
    guarded["replay"][nth(guarded, "MOVE_NEUTRAL_FIGURE", 1)]["payload"]["to"] =
        json::parse(R"({"position": [1, 1], "corner": "NE"})");
    EXPECT_NE(refusal(guarded, "into-the-fairys-space").find("cannot move the dragon to (1,1) NE"), std::string::npos);
    const std::string why = refusal(space, "in-the-dragons-space");
    EXPECT_TRUE(why.find("DEPLOY_MEEPLE in phase CommitActionPhase") != std::string::npos ||
                why.find("not offered") != std::string::npos)
        << why;
}

// JCloisterZone's rule options of the expansion: the defaults replay; any
// other value is refused by name, never replayed under the wrong rule.
TEST(PdCli, JczRuleOptionsOtherThanTheDefaultsAreRefused) {
    json defaults = scenario("pd-dragon-eats-city-follower");
    defaults["setup"]["rules"] = json::parse(
        R"({"princess-action": "may", "fairy-placement": "next-follower", "dragon-move": "before-scoring"})");
    const std::string file = scratch("jcz-defaults.jcz").string();
    std::ofstream(file) << defaults.dump(2);
    const auto r = ck::test::run_cli("replay " + file + " --min-assertions 4");
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    for (const auto& [key, value, allowed] : {std::tuple{"dragon-move", "after-scoring", "before-scoring"},
                                              std::tuple{"princess-action", "must", "may"},
                                              std::tuple{"fairy-placement", "on-tile", "next-follower"}}) {
        json other = scenario("pd-dragon-eats-city-follower");
        other["setup"]["rules"] = json{{key, value}};
        EXPECT_NE(refusal(other, std::string("rule-") + key)
                      .find(std::string("setup.rules.") + key + ": unknown value '" + value + "' (allowed: " + allowed + ")"),
                  std::string::npos)
            << key;
    }
}

// The module says when three of its hooks have something to say (hook
// filters, schema revision 12): TILE_PLACED for a volcano (PD-1; six in
// the 1st edition's tiles), FIGURE_STEP_END for a dragon tile (PD-4;
// twelve), TURN_START when the fairy stands beside one of the turn
// player's followers (PD-10). That the games stay the same is
// SimulateHookFilters in plugins_cli_tests.
TEST(PdCli, HooksAreCalledForVolcanoesDragonTilesAndTheFairysOwnerOnly) {
    const json j = run_json("simulate --games 30 --seed 2 --expansions princess-and-dragon --round-trips --json");
    if (HasFailure()) return;
    const auto per_game = [&](const char* hook) { return j["round_trips"][hook]["count"].get<double>() / 30; };
    EXPECT_GT(per_game("TILE_PLACED"), 4.0);
    EXPECT_LE(per_game("TILE_PLACED"), 6.0);
    EXPECT_GT(per_game("FIGURE_STEP_END"), 8.0);
    EXPECT_LE(per_game("FIGURE_STEP_END"), 12.0);
    EXPECT_GT(per_game("TURN_START"), 1.0);
    EXPECT_LT(per_game("TURN_START"), j["mean_turns"].get<double>() / 2) << "not every turn";
}

TEST(PdCli, PluginsListsTheModuleAndItsDeclarations) {
    const json j = run_json("plugins --json");
    if (HasFailure()) return;
    json pd;
    for (const json& m : j["modules"])
        for (const json& e : m.value("expansions", json::array()))
            if (e["id"] == "cloisterkit.princess-and-dragon") pd = e;
    ASSERT_FALSE(pd.is_null()) << j.dump();
    EXPECT_EQ(pd["neutral_figures"], json::parse(R"([{"name":"dragon","label":"the dragon","jcz_id":"dragon.1"},
                                                     {"name":"fairy","label":"the fairy","jcz_id":"fairy.1"}])"));
    EXPECT_EQ(pd["held_back_tiles"], json::parse(R"([{"held":"dragon","until_placed":"volcano"}])"));
    EXPECT_EQ(pd["tile_markers"].size(), 3u);
}

}  // namespace

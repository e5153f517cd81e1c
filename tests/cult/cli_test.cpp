// The Cult through the `cloisterkit` command: whole games with the other
// expansions, every shrine and monastery placement refereed against the
// rivalry's limits, the challenge's entries, saves JCloisterZone opens
// replayed to the same scores, placements and saves the rules refuse, and
// the shrine's badge in the picture. Rule IDs: docs/expansions/cult.md.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"
#include "game_count.hpp"

namespace {

using nlohmann::json;
using ck::test::run_json;

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("cult", name); }

struct Monastic {
    int x = 0, y = 0;
    bool shrine = false;
};

bool next_to(const Monastic& a, int x, int y) {
    const int dx = a.x - x, dy = a.y - y;
    return (dx != 0 || dy != 0) && std::abs(dx) <= 1 && std::abs(dy) <= 1;
}

// The monastic feature a tile id brings, in the expansions these tests
// enable (the abbot's gardens are none: they never race).
std::optional<bool> shrine_tile(const std::string& tile) {
    if (tile.rfind("CU/", 0) == 0) return true;
    if (tile == "BA/L" || tile == "BA/LR" || tile == "HF/I-4") return false;
    return std::nullopt;
}

// What the referee counted, added up over the games.
struct Seen {
    int shrines = 0, next_to_a_rival = 0, challenged = 0;
};

// CU-3, as a referee reading the game: a shrine or a monastery never lands
// next to two rivals, nor next to a rival that already has one.
void check_game(const json& j, int players, Seen& seen) {
    std::vector<Monastic> board;
    for (const json& m : j["moves"]) {
        if (m["type"] != "tile") continue;
        const std::optional<bool> shrine = shrine_tile(m["tile"]);
        if (!shrine) continue;
        const int x = m["at"]["position"][0], y = m["at"]["position"][1];
        int rivals = 0;
        for (const Monastic& r : board) {
            if (r.shrine == *shrine || !next_to(r, x, y)) continue;
            ++rivals;
            for (const Monastic& mine : board)
                EXPECT_FALSE(mine.shrine == *shrine && next_to(mine, r.x, r.y))
                    << "CU-3: " << m["tile"] << " at (" << x << "," << y << ") next to a rival that has one, turn "
                    << m["turn"];
        }
        EXPECT_LE(rivals, 1) << "CU-3: " << m["tile"] << " next to two rivals at (" << x << "," << y << "), turn "
                             << m["turn"];
        seen.shrines += *shrine;
        seen.next_to_a_rival += rivals;
        board.push_back(Monastic{x, y, *shrine});
    }
    ck::test::expect_entries_add_up(j, players);
    for (const json& e : j["score_entries"]) {
        const std::string name = e["name"];
        if (name == "monastery.challenged" || name == "shrine.challenged") {
            ++seen.challenged;
            EXPECT_EQ(e["points"], 0) << "CU-4: a challenged feature scores nothing";
            EXPECT_FALSE(e["final"].get<bool>()) << "CU-6: no challenge at the final scoring";
        }
    }
}

// CU-1, CU-3, CU-10 to CU-13: with Halflings, Little Buildings and the
// abbot, 2 to 4 players, both computer players; every placement refereed.
TEST(CuCli, PlaysWithHalflingsLittleBuildingsAndTheAbbot) {
    Seen seen;
    ck::test::for_each_computer_game("cult,halflings,little-buildings,abbot", 40,
                                     [&](const json& game, int players) { check_game(game, players, seen); });
    EXPECT_EQ(seen.shrines, 6 * 6) << "CU-1: the six shrines of cult/6 in each of the six games";
    EXPECT_GT(seen.next_to_a_rival, 0) << "shrines and monasteries do meet";
}

// CU-1: the six shrine tiles join a game of the base game alone.
TEST(CuCli, TheSixShrinesJoinThePile) {
    const int games = ck::test::games_for_this_build(3);
    for (int seed = 1; seed <= games; ++seed) {
        const json j = run_json("play --expansions cult --players 2 --json --seed " + std::to_string(seed));
        if (HasFailure()) return;
        Seen seen;
        check_game(j, 2, seen);
        EXPECT_EQ(seen.shrines, 6);
        EXPECT_EQ(j["tiles_placed"].get<int>() + j["tiles_set_aside"].get<int>(), 72 + 6) << "CU-1";
    }
}

// CU-9: the save names what JCloisterZone's setup names (the element
// shrine, the set cult/6, no element cult) and replays to the same scores,
// entry by entry. Seed 35 of four greedy players has a challenge (CU-4):
// its 0-point entry replays too.
TEST(CuCli, SavesHoldWhatJczReadsAndReplayToTheSameScores) {
    struct Game {
        std::string args;
        bool challenge;
    };
    std::vector<Game> games = {{"--expansions cult --players 4 --player-types greedy --seed 35", true}};
    const int seeds = ck::test::games_for_this_build(3);
    for (int seed = 1; seed <= seeds; ++seed)
        games.push_back({"--expansions cult,little-buildings --players 3 --player-types greedy,random,greedy --seed " +
                             std::to_string(seed),
                         false});
    int n = 0;
    for (const Game& g : games) {
        const std::string file = scratch("cult-" + std::to_string(n++) + ".jcz").string();
        const json played = run_json("play " + g.args + " --json --save " + file);
        if (HasFailure()) return;
        std::ifstream in(file);
        const json saved = json::parse(in);
        const json& setup = saved["setup"];
        EXPECT_EQ(setup["sets"].value("cult/6", 0), 1) << "CU-1, CU-9: the set cult/6";
        EXPECT_TRUE(setup["elements"].contains("shrine")) << "CU-9: the element shrine";
        EXPECT_FALSE(setup["elements"].contains("cult")) << "JCloisterZone has no element cult";
        if (g.challenge) {
            Seen seen;
            check_game(played, 4, seen);
            EXPECT_EQ(seen.challenged, 1) << g.args;
        }
        ck::test::expect_replays_as_played(file, played);
    }
}

// CU-3 through the host: the expansion's veto makes the placement illegal,
// and a replay that makes it anyway stops there: a monastery next to a
// shrine that already has a rival, a shrine next to two monasteries.
TEST(CuCli, PlacementsNextToTwoRivalsOrToATakenRivalAreRefused) {
    for (const auto& [file, refused] :
         {std::pair{"placement-second-rival", "cannot place \"BA/L\" at (-1,1) R0: an expansion vetoed this placement"},
          std::pair{"placement-two-rivals", "cannot place \"CU/S\" at (1,1) R0: an expansion vetoed this placement"}}) {
        const auto r = ck::test::run_cli("replay " + std::string(CK_TEST_SOURCE_DIR) + "/tests/cult/refused/" + file + ".jcz");
        EXPECT_EQ(r.status, 2) << file << "\n" << r.output();
        EXPECT_NE(r.output().find(refused), std::string::npos) << r.output();
    }
}

json scenario(const std::string& name) {
    std::ifstream in(std::string(CK_TEST_SOURCE_DIR) + "/tests/cult/scenarios/" + name + ".jcz");
    return json::parse(in);
}

// CU-8: the shrines without the rivalry are not offered. A save with the
// cult's tiles but without the element shrine is refused (no loaded file
// defines cult/6); given JCloisterZone's tile file instead of the module,
// the shrines are plain monasteries: Bob's monastery is not challenged and
// scores 4 at the end.
TEST(CuCli, WithoutTheElementShrineTheCultIsNotPlayed) {
    json game = scenario("shrine-challenges-monastery");
    game["setup"]["elements"].erase("shrine");
    game["test"]["assertions"] = json::array();  // they say what the rivalry does
    const std::string file = scratch("no-shrine.jcz").string();
    std::ofstream(file) << game.dump(2);
    const auto refused = ck::test::run_cli("replay " + file);
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.output().find("unknown tile set 'cult/6'"), std::string::npos) << refused.output();
    const json plain = run_json("replay " + file + " --json --tiles " + std::string(CK_TEST_SOURCE_DIR) +
                                "/expansions/cult/cult.xml");
    if (HasFailure()) return;
    EXPECT_EQ(plain["players"][1]["points"], 4) << plain["players"].dump();
    for (const json& e : plain["scores"]) EXPECT_EQ(e["name"].get<std::string>().find("challenged"), std::string::npos);
}

// CU-1: the 5-tile release (Heretics and Shrines) plays in replays of saves
// that name it: the same game replays with cult/5, and a save drawing
// CU/SRCR, which that release lacks, is refused.
TEST(CuCli, TheFiveTileReleaseReplays) {
    json game = scenario("shrine-challenges-monastery");
    game["setup"]["sets"] = json{{"basic:1", 1}, {"cult/5", 1}};
    const std::string five = scratch("cult-5.jcz").string();
    std::ofstream(five) << game.dump(2);
    const auto r = ck::test::run_cli("replay " + five + " --min-assertions 5");
    EXPECT_EQ(r.status, 0) << r.output();
    std::ifstream in(std::string(CK_TEST_SOURCE_DIR) + "/tests/cult/data/chllenged-monastery.jcz");
    json srcr = json::parse(in);
    srcr["setup"]["sets"] = json{{"basic:1", 1}, {"cult/5", 1}};
    const std::string without = scratch("cult-5-srcr.jcz").string();
    std::ofstream(without) << srcr.dump(2);
    const auto refused = ck::test::run_cli("replay " + without);
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.output().find("CU/SRCR"), std::string::npos) << refused.output();
}

// CU-11: under halflings.gridUnit=tile the rivalry's neighbourhood stays
// the eight spaces: the Halflings scenario plays the same.
TEST(CuCli, TheHalflingsGridUnitChangesNoRivalry) {
    json game = scenario("halflings-triangle-completes-and-challenges");
    game["setup"]["rules"] = json{{"halflings.gridUnit", "tile"}};
    const std::string file = scratch("grid-unit-tile.jcz").string();
    std::ofstream(file) << game.dump(2);
    const auto r = ck::test::run_cli("replay " + file + " --min-assertions 5");
    EXPECT_EQ(r.status, 0) << r.output();
}

// The picture: a game with Halflings and Little Buildings draws each
// shrine's badge (the declared segment attribute) and names it in the
// legend; the log shows the shrines' points as monasteries' (CU-2).
TEST(CuCli, ThePictureDrawsTheShrineBadge) {
    const std::string svg = scratch("cult.svg").string();
    const auto r = ck::test::run_cli("play --expansions cult,halflings,little-buildings --players 3 --seed 5 --svg " + svg);
    ASSERT_EQ(r.status, 0) << r.output();
    EXPECT_NE(r.out.find("monastery"), std::string::npos);
    std::ifstream in(svg);
    const std::string picture((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    size_t badges = 0;
    for (size_t at = picture.find("data-attribute=\"shrine\"><title>shrine</title>"); at != std::string::npos;
         at = picture.find("data-attribute=\"shrine\"><title>shrine</title>", at + 1))
        ++badges;
    EXPECT_EQ(badges, 6u + 1) << "one badge per shrine, and the legend's";
    EXPECT_NE(picture.find(">shrine</text>"), std::string::npos) << "the legend names the badge";
}

TEST(CuCli, PluginsListsTheModuleAndItsDeclarations) {
    const json j = run_json("plugins --json");
    if (HasFailure()) return;
    json cult;
    for (const json& m : j["modules"])
        for (const json& e : m.value("expansions", json::array()))
            if (e["id"] == "cloisterkit.cult") cult = e;
    ASSERT_FALSE(cult.is_null()) << j.dump();
    EXPECT_EQ(cult["name"], "The Cult");
    EXPECT_EQ(cult["short_name"], "cult");
    EXPECT_EQ(cult["hooks"], json::parse(R"(["PLACEMENT_CHECK", "TURN_END", "FIGURE_STEP_END"])"));
    EXPECT_EQ(cult["segment_attributes"], json::parse(R"([{"kind": "Monastery", "label": "shrine", "name": "shrine"}])"));
    EXPECT_EQ(cult["deck_tile_sets"][0]["tile_set"], "cult/6");
}

// CU-3 vetoes only monastic tiles, so the module filters PLACEMENT_CHECK to
// tiles with a monastery (HookFilter TileHasFeature, revision 9): the host
// asks about the 12-odd monastic draws of a game, not every one of its 77,
// and the games are those of a module asked every time (the refusals above
// replay).
TEST(CuCli, PlacementCheckIsCalledForMonasticTilesOnly) {
    const ck::test::CommandResult r = ck::test::run_cli("simulate --games 100 --seed 1 --expansions cult --round-trips");
    ASSERT_EQ(r.status, 0) << r.output();
    const size_t at = r.out.find("PLACEMENT_CHECK");
    ASSERT_NE(at, std::string::npos) << r.out;
    const double per_game = std::stod(r.out.substr(at + std::string("PLACEMENT_CHECK").size()));
    EXPECT_GT(per_game, 5.0) << r.out;   // 6 monasteries and 6 shrines in the pile, drawn and redrawn
    EXPECT_LT(per_game, 20.0) << r.out;  // 77 tile steps a game
}

}  // namespace

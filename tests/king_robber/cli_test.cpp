// King & Robber through the `cloisterkit` command: whole games refereed for
// what their records show of the titles (KR-2 to KR-7), saves that replay
// to the same scores and carry the elements (KR-8), and refusals that say
// what is wrong. Rule IDs: docs/expansions/king-and-robber.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"

namespace {

using ck::test::CommandResult;
using ck::test::run_cli;
using ck::test::run_json;
using nlohmann::json;

const std::string kData = CK_KR_DATA;

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("king_robber", name); }

TEST(king_robber, TitlesScoreAtTheEndAsTheirRecordsShow) {
    int kings = 0, robbers = 0;
    ck::test::for_each_computer_game("king-and-robber", 4700, [&](const json& game, int players) {
        std::map<std::string, int> completed;  // "city", "road": entries of completed features
        int king_entries = 0, robber_entries = 0;
        std::set<std::string> kr_tiles;
        for (const json& m : game["moves"])
            if (m["type"] == "tile" && m["tile"].get<std::string>().rfind("KR/", 0) == 0) kr_tiles.insert(m["tile"]);
        EXPECT_EQ(kr_tiles.size(), 5u) << "KR-1: the five tiles of king-and-robber:1 join the pile, each once";
        for (const json& e : game["score_entries"]) {
            const std::string name = e["name"];
            if (!e["final"].get<bool>() && (name == "city" || name == "city.tiny")) ++completed["city"];
            if (!e["final"].get<bool>() && name == "road") ++completed["road"];
            if (name == "king" || name == "robber") {
                EXPECT_TRUE(e["final"].get<bool>()) << "KR-4: the titles score at the end";
                EXPECT_LT(e["player"].get<int>(), players);
                (name == "king" ? king_entries : robber_entries)++;
                // KR-4: 1 per completed city or road of the game: at least
                // those that scored (shared ones score once per scorer).
                EXPECT_GE(e["points"].get<int>(), 1) << name;
            }
        }
        EXPECT_LE(king_entries, 1) << "KR-2: one king";
        EXPECT_LE(robber_entries, 1) << "KR-3: one robber";
        if (completed["city"] > 0) {
            EXPECT_EQ(king_entries, 1) << "KR-2: a completed city makes a king";
        }
        if (completed["road"] > 0) {
            EXPECT_EQ(robber_entries, 1) << "KR-3: a completed road makes a robber";
        }
        kings += king_entries;
        robbers += robber_entries;
    });
    EXPECT_GT(kings, 0);
    EXPECT_GT(robbers, 0);
}

TEST(king_robber, EachScoringSavesAndReplaysToTheSameScores) {
    for (const std::string scoring : {"default", "10/20", "15/40", "continuously"}) {
        const auto file = scratch("game-" + std::to_string(scoring.size()) + scoring.substr(0, 2) + ".jcz");
        const json played = run_json("play --expansions king-and-robber,little-buildings --players 3 "
                                     "--player-types greedy --seed 21 --rule kingAndRobber.scoring=" +
                                     scoring + " --json --save " + file.string());
        ASSERT_FALSE(played.empty());
        ck::test::expect_replays_as_played(file.string(), played);
        const json saved = ck::test::read_json_file(file);
        EXPECT_EQ(saved["setup"]["elements"]["king"], true) << "KR-8";
        EXPECT_EQ(saved["setup"]["elements"]["robber"], true) << "KR-8";
        EXPECT_FALSE(saved["setup"]["elements"].contains("king-and-robber"));
        if (scoring == "default") {
            EXPECT_FALSE(saved["setup"]["rules"].contains("king-and-robber-scoring"));
        } else {
            EXPECT_EQ(saved["setup"]["rules"]["king-and-robber-scoring"], scoring) << "JCloisterZone's rule";
        }
        bool during = false, at_end = false;
        for (const json& e : played["score_entries"]) {
            const std::string name = e["name"];
            if (name != "king" && name != "robber" && name != "king+robber") continue;
            (e["final"].get<bool>() ? at_end : during) = true;
            if (scoring == "10/20") {
                EXPECT_EQ(e["points"], 10) << "KR-5";
            }
            if (scoring == "15/40") {
                EXPECT_TRUE(e["points"] == 15 || (e["points"] == 40 && name == "king+robber")) << "KR-6";
            }
        }
        EXPECT_EQ(during, scoring == "continuously") << "KR-7: " << scoring;
        EXPECT_EQ(at_end, scoring != "continuously") << "KR-4 to KR-6: " << scoring;
    }
}

TEST(king_robber, TheRobberAloneIsAnElementOfItsOwn) {
    // KR-8: a save with the element robber only: no king.
    json save = ck::test::read_json_file(kData + "/robber-continuous-scoring.jcz");
    save["setup"]["elements"].erase("king");
    const auto file = scratch("robber-only.jcz");
    std::ofstream(file) << save.dump();
    const json replayed = run_json("replay " + file.string() + " --json");
    for (const json& e : replayed["scores"]) EXPECT_NE(e["name"], "king");
    const json played = run_json("play --expansions king-and-robber --rule kingAndRobber.king=false --seed 3 --json");
    for (const json& e : played["score_entries"]) EXPECT_NE(e["name"], "king") << "kingAndRobber.king=false";
}

TEST(king_robber, AnUnknownScoringIsRefusedNamingTheValues) {
    const CommandResult r = run_cli("play --expansions king-and-robber --rule kingAndRobber.scoring=20/40");
    EXPECT_NE(r.status, 0);
    EXPECT_NE(r.err.find("kingAndRobber.scoring"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("15/40"), std::string::npos) << r.err;
}

}  // namespace

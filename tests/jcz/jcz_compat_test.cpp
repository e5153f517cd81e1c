// Saved games JCloisterZone can open: `play --save` keeps only rule ids
// JCloisterZone knows in setup.rules (its engine refuses any other key, see
// is_jcz_rule_key) and puts our own options in gameAnnotations.rules, which
// JCloisterZone ignores and our replay reads back; and it warns exactly
// when such an option makes the game play differently there
// (docs/interop.md, "Saving").
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/tile_xml.hpp"
#include "jcz/save_game.hpp"
#include "jcz/setup_mapping.hpp"
#include "plugins/plugin_expansion.hpp"
#include "run_cli.hpp"

using namespace ck::host;
using namespace ck::host::jcz;
using ck::test::CommandResult;
using ck::test::run_cli;
using nlohmann::json;
using testing::HasSubstr;

namespace {

const std::string kLb = "--expansions little-buildings";

class JczCompat : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::path(CK_TEST_BINARY_DIR) / "tests" / "jcz" /
               ("compat-" + std::to_string(getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::string file(const std::string& name) const { return (dir_ / name).string(); }

    // `play ARGS --save FILE`; the command must succeed.
    CommandResult play_saved(const std::string& args, const std::string& path) const {
        const CommandResult r = run_cli("play " + args + " --save " + path);
        EXPECT_EQ(r.status, 0) << args << "\n" << r.output();
        return r;
    }

    static json read_json(const std::string& path) {
        std::ifstream in(path);
        return json::parse(in);
    }

    std::filesystem::path dir_;
};

// The scores and the score log as `play --json` and `replay --json` list them.
std::string outcome_of_play(const json& j) {
    std::string out;
    for (const auto& p : j["scores"]) out += p["name"].get<std::string>() + "=" + std::to_string(p["points"].get<int>()) + " ";
    for (const auto& e : j["score_entries"])
        out += std::to_string(e["player"].get<int>()) + ":" + e["name"].get<std::string>() + "=" +
               std::to_string(e["points"].get<int>()) + " ";
    return out;
}
std::string outcome_of_replay(const json& j) {
    std::string out;
    for (const auto& p : j["players"]) out += p["name"].get<std::string>() + "=" + std::to_string(p["points"].get<int>()) + " ";
    for (const auto& e : j["scores"])
        out += std::to_string(e["player"].get<int>()) + ":" + e["name"].get<std::string>() + "=" +
               std::to_string(e["points"].get<int>()) + " ";
    return out;
}

// What Little Buildings deals under its published split with flat values
// (floor(18/N) each, the k-th of type (p + k) mod 3) and what JCloisterZone
// deals (floor(6/N) of each type): they differ for some player counts only.
bool published_split_deals_differently(int players) {
    for (int p = 0; p < players; ++p) {
        int mix[3] = {0, 0, 0};
        for (int k = 0; k < 18 / players; ++k) ++mix[(p + k) % 3];
        for (int t = 0; t < 3; ++t)
            if (mix[t] != 6 / players) return true;
    }
    return false;
}

}  // namespace

// The list comes from JCloisterZone's engine (com.jcloisterzone.game.Rule):
// its rule ids are known, our option names are not.
TEST(JczRuleKeys, OnlyJczEngineRuleIdsAreKnown) {
    for (const char* key : {"little-buildings-scoring", "tiny-city-scoring", "princess-action", "wagon-move",
                            "keep-monasteries", "count-move", "coc-final-scoring"})
        EXPECT_TRUE(is_jcz_rule_key(key)) << key;
    for (const char* key : {"littleBuildings.split", "littleBuildings.values", "littleBuildings.scope",
                            "littleBuildings.bonusOnZeroScore", "base.tinyCity", "halflings.gridUnit", "farmers",
                            "", "Little-Buildings-Scoring"})
        EXPECT_FALSE(is_jcz_rule_key(key)) << key;
}

TEST_F(JczCompat, DefaultSavesHoldOnlyRuleIdsJczKnows) {
    const std::vector<std::string> games{"--players 2", "--players 4", "--players 3 " + kLb, "--players 4 " + kLb,
                                         "--players 7 " + kLb, "--players 2 " + kLb + " --rule tiny-city-scoring=2",
                                         "--players 4 " + kLb + " --rule little-buildings-scoring=3/2/1"};
    for (size_t i = 0; i < games.size(); ++i) {
        SCOPED_TRACE(games[i]);
        const std::string path = file("default-" + std::to_string(i) + ".jcz");
        play_saved("--seed 3 " + games[i], path);
        const json saved = read_json(path);
        for (const auto& [key, value] : saved["setup"]["rules"].items())
            EXPECT_TRUE(is_jcz_rule_key(key)) << key << " in setup.rules: JCloisterZone refuses the file";
        const bool lb = games[i].find(kLb) != std::string::npos;
        if (!lb) {
            EXPECT_FALSE(saved.contains("gameAnnotations") && saved["gameAnnotations"].contains("rules"));
            continue;
        }
        // Our default split is not JCloisterZone's: it travels where JCZ ignores it.
        EXPECT_EQ(saved["gameAnnotations"]["rules"]["littleBuildings.split"], "rules");
        EXPECT_EQ(saved["setup"]["elements"]["little-buildings"], 1);
    }
    // JCloisterZone's own spellings stay in setup.rules.
    EXPECT_EQ(read_json(file("default-5.jcz"))["setup"]["rules"]["tiny-city-scoring"], "2");
    EXPECT_EQ(read_json(file("default-6.jcz"))["setup"]["rules"]["little-buildings-scoring"], "3/2/1");
    EXPECT_FALSE(read_json(file("default-6.jcz"))["gameAnnotations"]["rules"].contains("littleBuildings.values"));
}

TEST_F(JczCompat, NonDefaultOptionsReplayIdentically) {
    const std::vector<std::string> variants{
        "",
        "--rule littleBuildings.scope=official --rule littleBuildings.bonusOnZeroScore=false",
        "--rule littleBuildings.values=321 --rule littleBuildings.bonusOnZeroScore=false",
        "--rule littleBuildings.split=jcz --rule littleBuildings.scope=official"};
    for (size_t v = 0; v < variants.size(); ++v)
        for (int players : {2, 4}) {
            const std::string args =
                kLb + " " + variants[v] + " --players " + std::to_string(players) + " --seed " + std::to_string(20 + v);
            SCOPED_TRACE(args);
            const std::string path = file("options-" + std::to_string(v) + "-" + std::to_string(players) + ".jcz");
            const CommandResult played = play_saved(args + " --json", path);
            if (HasFailure()) return;
            const json saved = read_json(path);
            for (const auto& [key, value] : saved["setup"]["rules"].items()) EXPECT_TRUE(is_jcz_rule_key(key)) << key;
            if (v == 1 || v == 3) {
                EXPECT_EQ(saved["gameAnnotations"]["rules"]["littleBuildings.scope"], "official");
            }
            if (v == 1 || v == 2) {
                EXPECT_EQ(saved["gameAnnotations"]["rules"]["littleBuildings.bonusOnZeroScore"], "false");
            }
            const CommandResult replayed = run_cli("replay --json " + path);
            ASSERT_EQ(replayed.status, 0) << replayed.output();
            const json r = json::parse(replayed.out);
            EXPECT_EQ(r["phase"], "GameOverPhase");
            EXPECT_EQ(outcome_of_replay(r), outcome_of_play(json::parse(played.out)));
        }
}

// The replay must take the options from gameAnnotations.rules: without
// them the same moves are a game JCloisterZone's split deals differently.
TEST_F(JczCompat, ReplayReadsTheOptionsFromGameAnnotations) {
    const std::string path = file("four.jcz");
    const CommandResult played = play_saved(kLb + " --players 4 --seed 5 --json", path);
    ASSERT_EQ(played.status, 0);
    const CommandResult replayed = run_cli("replay --json " + path);
    ASSERT_EQ(replayed.status, 0) << replayed.output();
    EXPECT_EQ(outcome_of_replay(json::parse(replayed.out)), outcome_of_play(json::parse(played.out)));

    json stripped = read_json(path);
    ASSERT_TRUE(stripped["gameAnnotations"]["rules"].contains("littleBuildings.split"));
    stripped["gameAnnotations"].erase("rules");
    const std::string jcz_view = file("four-as-jcz-reads-it.jcz");
    std::ofstream(jcz_view) << stripped.dump(2);
    const CommandResult other = run_cli("replay --json " + jcz_view);
    if (other.status == 0)
        EXPECT_NE(outcome_of_replay(json::parse(other.out)), outcome_of_play(json::parse(played.out)));
    else
        EXPECT_THAT(other.err, HasSubstr("replay[")) << "a move the game JCloisterZone deals does not allow";
}

// The same option twice must agree, wherever it is written.
TEST_F(JczCompat, AnOptionInBothPlacesMustAgree) {
    const std::string path = file("both.jcz");
    play_saved(kLb + " --players 2 --seed 1", path);
    json doc = read_json(path);
    doc["setup"]["rules"]["littleBuildings.split"] = "jcz";  // hand-edited: ours in setup.rules
    std::ofstream(file("both-disagree.jcz")) << doc.dump(2);
    const CommandResult r = run_cli("replay " + file("both-disagree.jcz"));
    EXPECT_EQ(r.status, 2) << r.output();
    EXPECT_THAT(r.err, HasSubstr("littleBuildings.split=jcz and gameAnnotations.rules.littleBuildings.split=rules "
                                 "disagree"));
    doc["setup"]["rules"]["littleBuildings.split"] = "rules";
    std::ofstream(file("both-agree.jcz")) << doc.dump(2);
    EXPECT_EQ(run_cli("replay " + file("both-agree.jcz")).status, 0);
}

// The published split (our default) deals differently from JCloisterZone
// for some player counts: exactly those saves say so on stderr.
TEST_F(JczCompat, WarnsExactlyWhenJczDealsTheBuildingsDifferently) {
    for (int players = 1; players <= 8; ++players) {
        SCOPED_TRACE(std::to_string(players) + " players");
        const CommandResult r = play_saved(kLb + " --seed 2 --players " + std::to_string(players), file("w.jcz"));
        const bool warned = r.err.find("warning:") != std::string::npos;
        EXPECT_EQ(warned, published_split_deals_differently(players)) << r.err;
        if (warned) {
            EXPECT_THAT(r.err, HasSubstr("cloisterkit play: warning: " + file("w.jcz") +
                                         ": littleBuildings.split=rules: JCloisterZone does not know this option"));
            EXPECT_THAT(r.err, HasSubstr("the game plays differently in JCloisterZone"));
        }
    }
    EXPECT_TRUE(published_split_deals_differently(4));
    EXPECT_FALSE(published_split_deals_differently(3));

    // 4 players, where the split matters, but the settings deal the same.
    for (const std::string quiet : {"--rule littleBuildings.split=jcz", "--rule littleBuildings.values=321",
                                    "--rule little-buildings-scoring=3/2/1"}) {
        const CommandResult r = play_saved(kLb + " --seed 2 --players 4 " + quiet, file("q.jcz"));
        EXPECT_EQ(r.err, "") << quiet;
    }
    // Without --save there is nothing to warn about.
    const CommandResult unsaved = run_cli("play " + kLb + " --seed 2 --players 4");
    EXPECT_EQ(unsaved.status, 0);
    EXPECT_EQ(unsaved.err, "");
    // The base game alone: every rule is JCloisterZone's.
    EXPECT_EQ(play_saved("--seed 2 --players 4 --rule tiny-city-scoring=2", file("b.jcz")).err, "");
}

TEST_F(JczCompat, WarnsForOptionsJczPlaysAtTheirDefault) {
    const CommandResult r = play_saved(kLb + " --seed 2 --players 2 --rule littleBuildings.scope=official", file("s.jcz"));
    EXPECT_THAT(r.err, HasSubstr("littleBuildings.scope=official: JCloisterZone does not know this option"));
    EXPECT_THAT(r.err, HasSubstr("plays as with littleBuildings.scope=extended"));
    EXPECT_EQ(r.err.find("littleBuildings.split"), std::string::npos) << "2 players: the split deals the same";
}

// A Halflings game cannot be opened by JCloisterZone (no triangle tiles):
// its save keeps every option in setup.rules. Checked on the model with
// stand-in expansions, so it does not need the Halflings module.
TEST(JczCompatModel, HalflingsGamesKeepEveryOptionInSetupRules) {
    TileCatalog catalog;
    load_tile_xml_file(default_tile_file(), catalog);
    GameSetup setup;
    setup.catalog = &catalog;
    setup.players = {PlayerSetup{"A"}, PlayerSetup{"B"}};
    setup.rules = {{"littleBuildings.split", "rules"}, {"halflings.gridUnit", "tile"}};
    const Game game(setup);

    PluginExpansion lb;
    lb.id = "cloisterkit.little-buildings";
    lb.jcz_element = "little-buildings";
    lb.rule_options = {{"littleBuildings.split", "rules", {"rules", "jcz"}, ""}};
    PluginExpansion halflings;
    halflings.id = "cloisterkit.halflings";
    halflings.jcz_element = kElementHalflings;
    halflings.rule_options = {{"halflings.gridUnit", "space", {"space", "tile"}, ""}};

    SaveOptions with_halflings;
    with_halflings.expansions = {&halflings, &lb};
    const SavedGame h = saved_game_from(setup, game, with_halflings);
    EXPECT_EQ(h.setup.rules["littleBuildings.split"], "rules");
    EXPECT_EQ(h.setup.rules["halflings.gridUnit"], "tile");
    EXPECT_TRUE(h.annotations.rules.empty());
    EXPECT_TRUE(jcz_save_warnings(setup, game, with_halflings).empty());

    SaveOptions lb_only;
    lb_only.expansions = {&lb};
    const SavedGame l = saved_game_from(setup, game, lb_only);
    EXPECT_FALSE(l.setup.rules.contains("littleBuildings.split"));
    EXPECT_EQ(l.annotations.rules["littleBuildings.split"], "rules");
}

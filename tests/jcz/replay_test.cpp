// The replayer in process: every scenario replays, and a game written back
// with save_game replays to the same scores, score log and phase.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/errors.hpp"
#include "jcz/replayer.hpp"
#include "replay_test_support.hpp"
#include "jcz/save_game.hpp"

using namespace ck::host;
using namespace ck::host::jcz;

namespace {

using test::test_options;

std::vector<std::filesystem::path> scenario_files() {
    std::vector<std::filesystem::path> out;
    for (const auto& e : std::filesystem::directory_iterator(std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios"))
        if (e.path().extension() == ".jcz") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::string score_log_text(const Game& g) {
    std::string out;
    for (const auto& e : g.score_log())
        out += std::to_string(e.player) + ":" + e.name + "=" + std::to_string(e.points) + (e.final_scoring ? "F " : " ");
    return out;
}

}  // namespace

TEST(JczReplay, UndoRestoresTheStateBeforeTheMessage) {
    const Replay r(load_saved_game(std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/base-undo.jcz"), test_options());
    // Only the second deployment counts: the city scored, no farmer remains.
    EXPECT_EQ(r.game().score(0), 4);
    EXPECT_EQ(r.game().moves().size(), 3u);  // PLACE_TILE, DEPLOY_MEEPLE, COMMIT
}

TEST(JczReplay, SavedGamesReplayIdentically) {
    const auto files = scenario_files();
    ASSERT_GE(files.size(), 15u);
    const auto tmp = std::filesystem::temp_directory_path() / "ck_jcz_save_test.jcz";
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        std::unique_ptr<Replay> first;
        try {
            first = std::make_unique<Replay>(load_saved_game(f.string()), test_options());
        } catch (const HostError& e) {
            ADD_FAILURE() << e.what();
            continue;
        }
        SaveOptions so;
        so.test = first->saved().test;
        save_game(first->game_setup(), first->game(), tmp.string(), so);
        const Replay second(load_saved_game(tmp.string()), test_options());
        EXPECT_EQ(score_log_text(second.game()), score_log_text(first->game()));
        EXPECT_EQ(second.game().phase(), first->game().phase());
        for (size_t p = 0; p < first->game().player_count(); ++p)
            EXPECT_EQ(second.game().score(p), first->game().score(p));
        // The test section travels with the save, and every assertion runs.
        const auto results = second.check_assertions();
        ASSERT_TRUE(first->saved().test.has_value());
        EXPECT_EQ(results.size(), first->saved().test->assertions.size());
        EXPECT_FALSE(results.empty());
        for (const auto& a : results) EXPECT_TRUE(a.passed) << a.text << ": " << a.detail;
        // The writer puts JCZ's rule names where an alias exists.
        const auto& rules = second.saved().setup.rules;
        EXPECT_FALSE(rules.contains("littleBuildings.values"));
        EXPECT_FALSE(rules.contains("littleBuildings.split"));
        // JCloisterZone refuses any other rule id; a Halflings game, which
        // it cannot open anyway, keeps every option in setup.rules.
        if (!second.saved().setup.element_enabled(kElementHalflings)) {
            for (const auto& [key, value] : rules.items()) EXPECT_TRUE(is_jcz_rule_key(key)) << key;
        }
    }
    std::filesystem::remove(tmp);
}

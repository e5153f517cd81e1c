// The same games with two tile files: the host's basic.xml and a base-game
// file written in the spelling of older JCloisterZone files (reverse tile
// order, reversed tokens, cloister/farm/pennant). Every scenario must replay
// to the same scores, score log, phase, drawn tile and pack, random draws
// included (the pack order depends on tile ids only).
#include <gtest/gtest.h>

#include <filesystem>

#include "core/errors.hpp"
#include "jcz/replayer.hpp"

using namespace ck::host;
using namespace ck::host::jcz;

namespace {

const std::string kOldStyleTiles = std::string(CK_TEST_SOURCE_DIR) + "/tests/jcz/data/jcz_old_style_basic.xml";

ReplayOptions options(bool host_tiles) {
    ReplayOptions o;
    o.plugin_dirs = {CK_TEST_PLUGIN_DIR};
    o.default_plugin_path = false;
    o.default_tiles = host_tiles;
    if (!host_tiles) o.tile_files = {kOldStyleTiles};
    return o;
}

// Everything a replay's result consists of, as text.
std::string outcome(const Replay& r) {
    const Game& g = r.game();
    std::string out = std::string(phase_name(g.phase())) + " drawn=" +
                      (g.drawn_tile() ? g.catalog().tile(*g.drawn_tile()).id : "-") +
                      " pack=" + std::to_string(g.pack().size()) + " |";
    for (const auto& p : g.players()) out += " " + p.name + "=" + std::to_string(p.score);
    out += " |";
    for (const auto& e : g.score_log())
        out += " " + std::to_string(e.player) + ":" + e.name + "=" + std::to_string(e.points) + (e.final_scoring ? "F" : "");
    return out;
}

}  // namespace

TEST(JczTileFiles, EveryScenarioReplaysTheSameWithAJczStyleTileFile) {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios"))
        if (e.path().extension() == ".jcz") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    ASSERT_GE(files.size(), 20u);
    for (const auto& f : files) {
        SCOPED_TRACE(f.filename().string());
        try {
            const Replay ours(load_saved_game(f.string()), options(true));
            const Replay theirs(load_saved_game(f.string()), options(false));
            EXPECT_EQ(outcome(theirs), outcome(ours));
            const auto results = theirs.check_assertions();
            ASSERT_TRUE(theirs.saved().test.has_value());
            EXPECT_EQ(results.size(), theirs.saved().test->assertions.size());
            EXPECT_FALSE(results.empty()) << "a scenario without assertions checks nothing";
            for (const auto& a : results) EXPECT_TRUE(a.passed) << a.text << ": " << a.detail;
        } catch (const HostError& e) {
            ADD_FAILURE() << e.what();
        }
    }
}

TEST(JczTileFiles, TheSecondFileOfTheSameTilesNeedsNoDefaultTiles) {
    ReplayOptions both = options(true);
    both.tile_files = {kOldStyleTiles};
    try {
        Replay r(load_saved_game(std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/base-field.jcz"), both);
        FAIL() << "duplicate tile ids were accepted";
    } catch (const HostError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("duplicate tile id"), std::string::npos) << what;
        EXPECT_NE(what.find("replay with --no-default-tiles"), std::string::npos) << what;
    }
}

// `cloisterkit replay` on bad input: each error names the replay entry (or
// the JSON place) and the reason, and the exit status is 2; a failed
// assertion gives 1 (docs/interop.md).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "run_cli.hpp"

namespace {

using ck::test::CommandResult;
using ck::test::run_cli;

std::string bad_file(const std::string& name) { return std::string(CK_TEST_SOURCE_DIR) + "/tests/jcz/bad/" + name; }

void expect_error(const std::string& file, const std::string& message) {
    const CommandResult r = run_cli("replay " + bad_file(file));
    EXPECT_EQ(r.status, 2) << r.output();
    EXPECT_NE(r.err.find(message), std::string::npos) << "expected on stderr: " << message << "\ngot: " << r.output();
}

}  // namespace

TEST(JczReplayCli, MalformedJsonNamesLineAndColumn) {
    expect_error("malformed.jcz", "malformed.jcz:4:28: malformed JSON: ");
}

TEST(JczReplayCli, UnknownTileId) { expect_error("unknown-tile.jcz", "replay[0] PLACE_TILE: unknown tile id BA/Nope"); }

TEST(JczReplayCli, UnknownTileSet) {
    expect_error("unknown-set.jcz", "unknown-set.jcz: setup.sets.basic: unknown tile set 'basic' (loaded: basic:1, basic:2)");
}

TEST(JczReplayCli, TileThatIsNotTheDrawnOne) {
    expect_error("not-drawn.jcz", "replay[0] PLACE_TILE: tile BA/Cc.1 is not the drawn tile BA/RFr");
}

TEST(JczReplayCli, IllegalRotation) {
    expect_error("illegal-rotation.jcz", "replay[0] PLACE_TILE: cannot place BA/RFr at (1,0) R90: ");
}

TEST(JczReplayCli, IllegalPosition) {
    expect_error("no-contact.jcz", "replay[0] PLACE_TILE: cannot place BA/RFr at (5,5) R0: ");
}

TEST(JczReplayCli, PointerToNoFeature) {
    expect_error("no-feature.jcz",
                 "replay[1] DEPLOY_MEEPLE: pointer (1,0) City N is not a feature of the tile just placed at (1,0)");
}

TEST(JczReplayCli, PointerToAnotherTile) {
    expect_error("not-placed-tile.jcz",
                 "replay[1] DEPLOY_MEEPLE: pointer (0,0) City N is not a feature of the tile just placed at (1,0)");
}

TEST(JczReplayCli, MeepleNotInSupply) {
    expect_error("not-in-supply.jcz", "replay[1] DEPLOY_MEEPLE: meeple 0.small.8 is not in player 0's supply");
    expect_error("meeple-still-out.jcz", "replay[7] DEPLOY_MEEPLE: meeple 0.small.1 is not in player 0's supply");
}

TEST(JczReplayCli, MessageInWrongPhase) {
    expect_error("wrong-phase.jcz", "replay[0] PASS: message PASS in phase TilePhase");
    expect_error("commit-too-early.jcz", "replay[1] COMMIT: message COMMIT in phase ActionPhase");
    // Lenient PASS covers only a skipped action step, not one already used.
    expect_error("pass-after-deploy.jcz", "replay[2] PASS: cannot pass in CommitActionPhase");
}

TEST(JczReplayCli, CornerOnSquareTilePointer) {
    expect_error("corner-on-square.jcz",
                 "replay[1] DEPLOY_MEEPLE: corner NE on a pointer to the square tile at (1,0)");
}

TEST(JczReplayCli, UndoCannotCrossCommit) {
    expect_error("undo-across-commit.jcz", "replay[3] UNDO: nothing to undo in this turn");
}

TEST(JczReplayCli, UnknownRule) { expect_error("unknown-rule.jcz", "setup.rules.no-such-rule: unknown rule 'no-such-rule'"); }

TEST(JczReplayCli, MissingFileAndUsage) {
    EXPECT_EQ(run_cli("replay " + bad_file("does-not-exist.jcz")).status, 2);
    EXPECT_EQ(run_cli("replay").status, 2);
    EXPECT_EQ(run_cli("replay --bogus x.jcz").status, 2);
    EXPECT_EQ(run_cli("replay --help").status, 0);
}

TEST(JczReplayCli, FailingAssertionExitsOne) {
    const CommandResult r = run_cli("replay " + bad_file("failing-assertion.jcz"));
    EXPECT_EQ(r.status, 1) << r.output();
    EXPECT_NE(r.out.find("PASS  Alice has 4 points"), std::string::npos) << r.output();
    EXPECT_NE(r.out.find("FAIL  Alice has 5 points  (Alice has 4 points)"), std::string::npos) << r.output();
    EXPECT_NE(r.out.find("FAIL  Alice wins  (Unknown assertion)"), std::string::npos) << r.output();
}

TEST(JczReplayCli, JsonOutput) {
    const CommandResult r = run_cli("replay --json " + bad_file("failing-assertion.jcz"));
    EXPECT_EQ(r.status, 1);
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["phase"], "GameOverPhase");
    EXPECT_EQ(j["passed"], false);
    EXPECT_EQ(j["assertions_checked"], 3);
    EXPECT_EQ(j["assertions_passed"], 1);
    ASSERT_EQ(j["assertions"].size(), 3u);
    EXPECT_EQ(j["assertions"][0]["pass"], true);
    EXPECT_EQ(j["assertions"][1]["pass"], false);
    bool city = false;
    for (const auto& e : j["scores"]) city = city || e["name"] == "city";
    EXPECT_TRUE(city) << r.out;
}

// The replay says how many assertions it checked, and --min-assertions
// makes a file whose assertions were lost (or never written) fail.
TEST(JczReplayCli, CountsTheAssertionsItChecked) {
    const std::string game = std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/base-city-completed.jcz";
    const CommandResult r = run_cli("replay " + game);
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_NE(r.out.find("4 of 4 assertions passed"), std::string::npos) << r.out;
    EXPECT_EQ(run_cli("replay --min-assertions 4 " + game).status, 0);
    const CommandResult too_few = run_cli("replay --min-assertions 5 " + game);
    EXPECT_EQ(too_few.status, 1) << too_few.output();
    EXPECT_NE(too_few.out.find("FAIL  4 assertions checked, at least 5 required"), std::string::npos)
        << too_few.out;
    const auto j = nlohmann::json::parse(run_cli("replay --json --min-assertions 5 " + game).out);
    EXPECT_EQ(j["passed"], false);
    EXPECT_EQ(j["assertions_checked"], 4);
    EXPECT_EQ(j["assertions_passed"], 4);
    EXPECT_EQ(run_cli("replay --min-assertions -1 " + game).status, 2);
    EXPECT_EQ(run_cli("replay --min-assertions x " + game).status, 2);
    EXPECT_EQ(run_cli("replay " + game + " --min-assertions").status, 2);
}

TEST(JczReplayCli, AFileWithoutAssertionsPassesOnlyWithoutAMinimum) {
    const std::string dir = std::string(CK_TEST_BINARY_DIR) + "/tests/jcz";
    std::filesystem::create_directories(dir);
    const std::string game = dir + "/no-assertions-" + std::to_string(getpid()) + ".jcz";
    {
        std::ifstream in(std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/base-city-completed.jcz");
        nlohmann::ordered_json doc = nlohmann::ordered_json::parse(in);
        doc.erase("test");
        std::ofstream(game) << doc.dump(2);
    }
    const CommandResult plain = run_cli("replay " + game);
    EXPECT_EQ(plain.status, 0) << plain.output();
    EXPECT_NE(plain.out.find("0 of 0 assertions passed"), std::string::npos) << plain.out;
    const CommandResult required = run_cli("replay --min-assertions 1 " + game);
    EXPECT_EQ(required.status, 1) << required.output();
    EXPECT_NE(required.out.find("FAIL  0 assertions checked, at least 1 required"), std::string::npos)
        << required.out;
    std::filesystem::remove(game);
}

// ---- tile files and JCloisterZone 5.7 files

TEST(JczReplayCli, NoDefaultTilesReplacesTheHostTiles) {
    const std::string game = std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/base-field-two-cities.jcz";
    const std::string tiles = std::string(CK_TEST_SOURCE_DIR) + "/tests/jcz/data/jcz_old_style_basic.xml";
    const CommandResult ok = run_cli("replay --no-default-tiles --tiles " + tiles + " " + game);
    EXPECT_EQ(ok.status, 0) << ok.output();
    const CommandResult dup = run_cli("replay --tiles " + tiles + " " + game);
    EXPECT_EQ(dup.status, 2) << dup.output();
    EXPECT_NE(dup.err.find("duplicate tile id"), std::string::npos) << dup.output();
    EXPECT_NE(dup.err.find("--no-default-tiles"), std::string::npos) << dup.output();
    const CommandResult alone = run_cli("replay --no-default-tiles " + game);
    EXPECT_EQ(alone.status, 2) << alone.output();
    EXPECT_NE(alone.err.find("--no-default-tiles needs at least one --tiles FILE"), std::string::npos) << alone.output();
}

TEST(JczReplayCli, LegacyFilePrintsNotesOnStderr) {
    const std::string game = std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/legacy-5.7-tiles-from-messages.jcz";
    const CommandResult r = run_cli("replay " + game);
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_NE(r.err.find("note: JCloisterZone 5.7 format (initialSeed/salt)"), std::string::npos) << r.output();
    EXPECT_NE(r.err.find("note: the game rests in TilePhase with no tile drawn"), std::string::npos) << r.output();
    const CommandResult json = run_cli("replay --json " + game);
    EXPECT_EQ(nlohmann::json::parse(json.out)["notes"].size(), 3u) << json.out;
}

TEST(JczReplayCli, UnsupportedJczElementsAreNamed) {
    expect_error("garden-abbot.jcz", "setup.elements: element 'abbot' is missing: cloisterkit.abbot plays the elements "
                                     "'abbot' and 'garden' together");
}

// AB-7: a RETURN_MEEPLE that does not take back the player's own abbot
// from where it stands is refused, saying what the file claimed and what
// the game holds (JCloisterZone's engine accepts the wrong position).
TEST(JczReplayCli, AB7_BadAbbotReturnsAreRefused) {
    expect_error("ab-return-wrong-source.jcz",
                 "replay[7] RETURN_MEEPLE: source PRINCESS does not take back the abbot (its source is ABBOT_RETURN)");
    expect_error("ab-return-not-on-board.jcz", "replay[7] RETURN_MEEPLE: meeple 1.abbot.1 is not on the board");
    expect_error("ab-return-wrong-position.jcz",
                 "replay[7] RETURN_MEEPLE: meeple 0.abbot.1 stands at (1,0) Garden I, not at (5,5) Garden I");
}

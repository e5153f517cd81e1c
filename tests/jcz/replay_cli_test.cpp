// `cloisterkit replay` on bad input: each error names the replay entry (or
// the JSON place) and the reason, and the exit status is 2; a failed
// assertion gives 1 (docs/interop.md).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace {

struct CliRun {
    int status = -1;
    std::string output;  // stdout and stderr
};

CliRun run_cli(const std::string& args) {
    CliRun r;
    const std::string cmd = std::string(CK_TEST_CLI) + " " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.output.append(buf.data(), n);
    const int raw = pclose(p);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

std::string bad_file(const std::string& name) { return std::string(CK_TEST_SOURCE_DIR) + "/tests/jcz/bad/" + name; }

void expect_error(const std::string& file, const std::string& message) {
    const CliRun r = run_cli("replay " + bad_file(file));
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find(message), std::string::npos) << "expected: " << message << "\ngot: " << r.output;
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
    const CliRun r = run_cli("replay " + bad_file("failing-assertion.jcz"));
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_NE(r.output.find("PASS  Alice has 4 points"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("FAIL  Alice has 5 points  (Alice has 4 points)"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("FAIL  Alice wins  (Unknown assertion)"), std::string::npos) << r.output;
}

TEST(JczReplayCli, JsonOutput) {
    const CliRun r = run_cli("replay --json " + bad_file("failing-assertion.jcz") + " 2>/dev/null");
    EXPECT_EQ(r.status, 1);
    EXPECT_NE(r.output.find("\"phase\": \"GameOverPhase\""), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"passed\": false"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\"name\": \"city\""), std::string::npos) << r.output;
}

// ---- tile files and JCloisterZone 5.7 files

TEST(JczReplayCli, NoDefaultTilesReplacesTheHostTiles) {
    const std::string game = std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/base-field-two-cities.jcz";
    const std::string tiles = std::string(CK_TEST_SOURCE_DIR) + "/tests/jcz/data/jcz_old_style_basic.xml";
    const CliRun ok = run_cli("replay --no-default-tiles --tiles " + tiles + " " + game);
    EXPECT_EQ(ok.status, 0) << ok.output;
    const CliRun dup = run_cli("replay --tiles " + tiles + " " + game);
    EXPECT_EQ(dup.status, 2) << dup.output;
    EXPECT_NE(dup.output.find("duplicate tile id"), std::string::npos) << dup.output;
    EXPECT_NE(dup.output.find("--no-default-tiles"), std::string::npos) << dup.output;
    const CliRun alone = run_cli("replay --no-default-tiles " + game);
    EXPECT_EQ(alone.status, 2) << alone.output;
    EXPECT_NE(alone.output.find("--no-default-tiles needs at least one --tiles FILE"), std::string::npos) << alone.output;
}

TEST(JczReplayCli, LegacyFilePrintsNotesOnStderr) {
    const std::string game = std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/legacy-5.7-tiles-from-messages.jcz";
    const CliRun r = run_cli("replay " + game);
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("note: JCloisterZone 5.7 format (initialSeed/salt)"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("note: the game rests in TilePhase with no tile drawn"), std::string::npos) << r.output;
    const CliRun json = run_cli("replay --json " + game + " 2>/dev/null");
    EXPECT_NE(json.output.find("\"notes\""), std::string::npos) << json.output;
}

TEST(JczReplayCli, UnsupportedJczElementsAreNamed) {
    expect_error("garden-abbot.jcz", "setup.elements.abbot: no loaded expansion provides element 'abbot'");
}

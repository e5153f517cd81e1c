// `cloisterkit replay` on games with halflings, as a user runs it.
//
// The illegal cases of the triangle geometry (docs/halflings-geometry.md,
// "Placement", "Saved games and scenarios") and of the tile step with a hand
// of halflings: each file in tests/jcz/bad/hf-*.jcz is refused with exit
// status 2 and an error that names the replay entry (or the JSON path) and
// the reason, exactly as the command prints it. Rule IDs are those of the
// Halflings rule specification (docs/expansions/halflings.md).
//
// Then a few games derived from the HF-EX scenarios of tests/scenarios/
// (which CTest replays on their own): one move changed, to show that the
// rule the scenario is about is what decides its result.
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
std::string scenario(const std::string& name) {
    return std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/" + name;
}

void expect_error(const std::string& file, const std::string& message) {
    const CommandResult r = run_cli("replay " + bad_file(file));
    EXPECT_EQ(r.status, 2) << r.output();
    // The error is "cloisterkit replay: FILE: <message>".
    EXPECT_NE(r.err.find(file + ": " + message), std::string::npos)
        << "expected on stderr: " << message << "\ngot: " << r.output();
}

// ---------------------------------------------------------------- derived games

nlohmann::ordered_json load(const std::string& path) {
    std::ifstream in(path);
    return nlohmann::ordered_json::parse(in);
}

nlohmann::ordered_json message(const std::string& type, nlohmann::ordered_json payload, int player) {
    return {{"type", type}, {"payload", std::move(payload)}, {"player", player}};
}

nlohmann::ordered_json place_tile(const std::string& tile, const std::string& rotation, int x, int y, int player) {
    return message("PLACE_TILE", {{"tileId", tile}, {"rotation", rotation}, {"position", {x, y}}}, player);
}

// Replays `doc` (written to a file of its own) with --json and returns the
// result; the assertions of the original file are dropped.
nlohmann::json replay_json(nlohmann::ordered_json doc, const std::string& name) {
    doc.erase("test");
    const std::string dir = std::string(CK_TEST_BINARY_DIR) + "/tests/hf_games";
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/" + name + "-" + std::to_string(getpid()) + ".jcz";
    std::ofstream(path) << doc.dump(2);
    const CommandResult r = run_cli("replay --json " + path);
    std::filesystem::remove(path);
    EXPECT_EQ(r.status, 0) << r.output();
    if (r.status != 0) return nlohmann::json::object();
    return nlohmann::json::parse(r.out);
}

int points(const nlohmann::json& result, const std::string& player) {
    for (const auto& p : result["players"])
        if (p["name"] == player) return p["points"].get<int>();
    ADD_FAILURE() << "no player " << player << " in " << result.dump();
    return -1;
}

}  // namespace

// ---------------------------------------------------------------- placement (HF-17 to HF-22)

TEST(HfReplayCli, HF3_TriangleIntoASpaceHoldingANonComplementaryTriangle) {
    expect_error("hf-not-complementary.jcz",
                 "replay[3] PLACE_TILE: cannot place HF/I-6 at (1,0) NW R270: space (1,0) holds a triangle that is not "
                 "complementary to this one");
    expect_error("hf-same-corner.jcz",
                 "replay[3] PLACE_TILE: cannot place HF/I-6 at (1,0) SW R180: space (1,0) holds a triangle that is not "
                 "complementary to this one");
}

TEST(HfReplayCli, HF17_TriangleIntoAFullSpace) {
    expect_error("hf-full-space.jcz", "replay[6] PLACE_TILE: cannot place HF/II-10 at (1,0) NE R0: space (1,0) is full");
}

TEST(HfReplayCli, HF17_TriangleIntoTheSpaceOfASquare) {
    expect_error("hf-square-space.jcz", "replay[3] PLACE_TILE: cannot place HF/I-1 at (1,0) SW R180: space (1,0) holds a square tile");
}

TEST(HfReplayCli, HF19_LegThatDoesNotMatch) {
    expect_error("hf-leg-mismatch.jcz",
                 "replay[0] PLACE_TILE: cannot place HF/I-1 at (1,0) NW R270: edge W (city) meets road of the tile at (0,0)");
}

TEST(HfReplayCli, HF19_HypotenuseThatDoesNotMatchItsPartner) {
    expect_error("hf-hypotenuse-mismatch.jcz",
                 "replay[3] PLACE_TILE: cannot place HF/I-3 at (1,0) NE R0: hypotenuse (city) meets road of the other "
                 "triangle in (1,0)");
}

TEST(HfReplayCli, HF18_OnlyACornerPointTouches) {
    expect_error("hf-corner-contact.jcz",
                 "replay[0] PLACE_TILE: cannot place HF/I-6 at (1,0) NE R0: no contact: no edge of the tile at (1,0) "
                 "faces a placed tile");
}

TEST(HfReplayCli, HF18_OnlyALegFacingAGap) {
    expect_error("hf-triangle-gap-contact.jcz",
                 "replay[3] PLACE_TILE: cannot place HF/I-6 at (2,0) NW R270: no contact: no edge of the tile at (2,0) "
                 "faces a placed tile");
}

TEST(HfReplayCli, HF21_SquareIntoAHalfFilledSpace) {
    expect_error("hf-square-into-gap.jcz", "replay[3] PLACE_TILE: cannot place BA/RFr at (1,0) R0: space (1,0) is occupied");
}

TEST(HfReplayCli, HF21_SquareWhoseOnlyNeighbourIsAcrossAGap) {
    expect_error("hf-square-gap-contact.jcz",
                 "replay[3] PLACE_TILE: cannot place BA/RFr at (2,0) R0: no contact: no edge of the tile at (2,0) faces "
                 "a placed tile");
}

// ---------------------------------------------------------------- pointers

TEST(HfReplayCli, PointerToATriangleNeedsACorner) {
    expect_error("hf-pointer-without-corner.jcz",
                 "replay[1] DEPLOY_MEEPLE: pointer to (1,0) needs a \"corner\": the space holds triangles");
    expect_error("hf-token-without-corner.jcz",
                 "replay[1] PLACE_TOKEN: pointer to (1,0) needs a \"corner\": the space holds triangles");
}

TEST(HfReplayCli, PointerToTheEmptyHalfOfASpace) {
    expect_error("hf-pointer-wrong-corner.jcz",
                 "replay[1] DEPLOY_MEEPLE: pointer (1,0) NE Road W.D is not a feature of the tile just placed at (1,0) SW");
}

TEST(HfReplayCli, CornerOnAPointerToASquare) {
    expect_error("hf-corner-on-square.jcz",
                 "replay[1] DEPLOY_MEEPLE: corner SW on a pointer to the square tile at (1,0)");
}

// ---------------------------------------------------------------- the tile step and the hands (HF-16, HF-37)

TEST(HfReplayCli, HF16_HalflingThatIsNotInThePlayersHandIsARegularDraw) {
    expect_error("hf-not-in-hand.jcz", "replay[0] PLACE_TILE: tile HF/I-6 is not the drawn tile BA/RFr");
}

TEST(HfReplayCli, HF16_HalflingThatFitsNowhereCannotBePlayed) {
    expect_error("hf-hand-fits-nowhere.jcz",
                 "replay[0] PLACE_TILE: tile HF/II-1 is in player 0's hand but fits nowhere on the board, so it cannot "
                 "be played");
}

TEST(HfReplayCli, HF37_NoHalflingAfterTheLastRegularTile) {
    expect_error("hf-after-last-regular.jcz", "replay[3] PLACE_TILE: message PLACE_TILE in phase GameOverPhase");
}

TEST(HfReplayCli, HalflingHandsNamingAnUnknownTile) {
    expect_error("hf-hands-unknown-tile.jcz", "gameAnnotations.halflingHands[0][1]: unknown tile id HF/I-99");
}

TEST(HfReplayCli, HalflingHandsNamingASquareTile) {
    expect_error("hf-hands-square-tile.jcz", "gameAnnotations.halflingHands[1][0]: tile BA/C is not a triangle tile");
}

TEST(HfReplayCli, HalflingHandsWithTheWrongNumberOfHands) {
    expect_error("hf-hands-count.jcz", "gameAnnotations.halflingHands: gives 1 hand(s) for 2 player(s)");
}

// ---------------------------------------------------------------- derived from the HF-EX scenarios

// HF-EX-6, HF-10: with the gap of (0,1) filled by a field triangle, the two
// fields are one; Red holds the majority there and Blue scores nothing.
TEST(HfReplayCli, HFEX6_FillingTheGapJoinsTheTwoFields) {
    const nlohmann::json as_is = replay_json(load(scenario("hf-ex-6.jcz")), "hf-ex-6");
    EXPECT_EQ(points(as_is, "Red"), 6);
    EXPECT_EQ(points(as_is, "Blue"), 3);

    auto doc = load(scenario("hf-ex-6.jcz"));
    auto& replay = doc["replay"];
    ASSERT_GE(replay.size(), 3u);
    // Blue's last turn plays the HF/II-1 of its hand into the gap instead;
    // Red then places the last regular tile.
    auto last_tile = replay[replay.size() - 3];
    last_tile["player"] = 0;
    replay.erase(replay.end() - 3, replay.end());
    replay.push_back(place_tile("HF/II-1", "R180", 0, 1, 1));
    replay.push_back(message("PASS", nlohmann::ordered_json::object(), 1));
    replay.push_back(message("COMMIT", {{"random", 0.0}}, 1));
    replay.push_back(last_tile);
    replay.push_back(message("PASS", nlohmann::ordered_json::object(), 0));
    replay.push_back(message("COMMIT", {{"random", 0.0}}, 0));
    const nlohmann::json joined = replay_json(doc, "hf-ex-6-joined");
    EXPECT_EQ(joined["phase"], "GameOverPhase");
    EXPECT_EQ(points(joined, "Red"), 3);
    EXPECT_EQ(points(joined, "Blue"), 0);
}

// HF-EX-1, HF-9: without the halfling that fills the gap the city stays open
// and scores at the end as an incomplete city: 2 spaces, no pennant.
TEST(HfReplayCli, HFEX1_WithoutTheSecondTriangleTheCityStaysOpen) {
    auto doc = load(scenario("hf-ex-1.jcz"));
    auto& replay = doc["replay"];
    // Red's turn 5 (messages 12 to 14) is the HF/I-12 that closes the city.
    ASSERT_EQ(replay[12]["payload"]["tileId"], "HF/I-12");
    replay.erase(replay.begin() + 12, replay.begin() + 15);
    for (size_t i = 12; i < replay.size(); ++i) replay[i]["player"] = 0;
    const nlohmann::json open = replay_json(doc, "hf-ex-1-open");
    EXPECT_EQ(open["phase"], "GameOverPhase");
    EXPECT_EQ(points(open, "Red"), 2);
    ASSERT_EQ(open["scores"].size(), 1u) << open.dump();
    EXPECT_EQ(open["scores"][0]["name"], "city.incomplete");
}

// HF-29, HF-31: the counting options change the points of the same game,
// never its course.
TEST(HfReplayCli, CountingOptionsChangeOnlyThePoints) {
    struct Case {
        const char* file;
        const char* player;
        int spaces;
        int tiles;
    };
    for (const Case c : {Case{"hf-ex-1", "Red", 8, 10}, Case{"hf-ex-2", "Blue", 4, 5}, Case{"hf-ex-4", "Red", 9, 16},
                         Case{"hf-ex-5", "Blue", 6, 7}, Case{"hf-ex-5", "Red", 5, 6}}) {
        SCOPED_TRACE(c.file);
        const nlohmann::json spaces = replay_json(load(scenario(std::string(c.file) + ".jcz")), c.file);
        const nlohmann::json tiles =
            replay_json(load(scenario(std::string(c.file) + "-tiles.jcz")), std::string(c.file) + "-tiles");
        EXPECT_EQ(points(spaces, c.player), c.spaces);
        EXPECT_EQ(points(tiles, c.player), c.tiles);
        EXPECT_EQ(spaces["phase"], tiles["phase"]);
        EXPECT_EQ(spaces["scores"].size(), tiles["scores"].size());
    }
}

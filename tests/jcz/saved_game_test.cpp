// Reading and writing .jcz saved games: every pointer and token form, exact
// errors (JSON path, line and column), and a bit-exact round trip.
#include <gtest/gtest.h>

#include <cstring>

#include "core/errors.hpp"
#include "core/location_names.hpp"
#include "jcz/saved_game.hpp"

using namespace ck::host;
using namespace ck::host::jcz;

namespace {

const char* kGame = R"({
  "appVersion": "5.7.3",
  "gameId": "g1",
  "name": "",
  "initialRandom": 0.12345678901234568,
  "clock": 1200,
  "setup": {
    "sets": {"basic:1": 1},
    "elements": {"small-follower": 7, "farmers": true, "little-buildings": 1},
    "rules": {"tiny-city-scoring": "2"},
    "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 90}]
  },
  "players": [{"name": "Alice", "slot": 0, "clientId": "c"}, {"name": "Bob", "slot": 1}],
  "replay": [
    {"type": "PLACE_TILE", "payload": {"tileId": "BA/Cc.1", "rotation": "R180", "position": [-1, 1]}, "player": 0, "clock": 5},
    {"type": "DEPLOY_MEEPLE", "payload": {"pointer": {"position": [-1, 1], "feature": "City", "location": "SE"}, "meepleId": "0.small.1"}},
    {"type": "PLACE_TOKEN", "payload": {"token": "LB_TOWER", "pointer": [2, 3]}},
    {"type": "PLACE_TOKEN", "payload": {"token": ["com.jcloisterzone.LittleBuilding", "LB_SHED"], "pointer": {"position": [1, 1], "corner": "NW"}}},
    {"type": "DEPLOY_MEEPLE", "payload": {"pointer": {"position": [0, 2], "feature": "Field", "location": "NL.NR.EL.ER.WL.WR", "corner": "SE"}, "meepleId": "1.small.7"}},
    {"type": "PASS", "payload": {}},
    {"type": "COMMIT", "payload": {"random": 0.9270428371429443}},
    {"type": "UNDO"}
  ],
  "gameAnnotations": {"drawOrder": ["BA/Cc.1", "BA/RFr"], "endTurn": 2, "halflingHands": [["HF/1"], []],
                      "rules": {"littleBuildings.split": "rules", "littleBuildings.values": 321}},
  "test": {"description": "d", "assertions": ["Alice has 0 points"]}
})";

std::string error_of(const std::string& text) {
    try {
        parse_saved_game(text, "t.jcz");
    } catch (const HostError& e) {
        return e.what();
    }
    return "(no error)";
}

// kGame with one substring replaced.
std::string edited(const std::string& from, const std::string& to) {
    std::string s = kGame;
    const auto at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
}

}  // namespace

TEST(JczSavedGame, ReadsEveryForm) {
    const SavedGame g = parse_saved_game(kGame);
    EXPECT_EQ(g.app_version, "5.7.3");
    EXPECT_EQ(g.initial_random, 0.12345678901234568);
    ASSERT_EQ(g.setup.sets.size(), 1u);
    EXPECT_EQ(g.setup.sets[0].first, "basic:1");
    EXPECT_EQ(g.setup.small_followers(), 7);
    EXPECT_TRUE(g.setup.element_enabled("farmers"));
    EXPECT_TRUE(g.setup.element_enabled("little-buildings"));
    EXPECT_FALSE(g.setup.element_enabled("abbot"));
    EXPECT_EQ(g.setup.rules["tiny-city-scoring"], "2");
    ASSERT_EQ(g.setup.start.size(), 1u);
    EXPECT_EQ(g.setup.start[0].rotation, 1);
    ASSERT_EQ(g.players.size(), 2u);
    EXPECT_EQ(g.players[1].name, "Bob");
    ASSERT_EQ(g.replay.size(), 8u);

    const auto& place = std::get<PlaceTile>(g.replay[0].payload);
    EXPECT_EQ(place.tile_id, "BA/Cc.1");
    EXPECT_EQ(place.rotation, 2);
    EXPECT_EQ(place.position, (Position{-1, 1}));
    EXPECT_EQ(g.replay[0].player, 0);

    const auto& deploy = std::get<DeployMeeple>(g.replay[1].payload);
    EXPECT_EQ(deploy.pointer.at, (TileRef{{-1, 1}, Corner::None}));
    EXPECT_EQ(deploy.pointer.kind, FeatureKind::City);
    EXPECT_EQ(deploy.pointer.location, loc::S | loc::E);
    EXPECT_EQ(deploy.meeple_id, "0.small.1");

    const auto& bare = std::get<PlaceToken>(g.replay[2].payload);
    EXPECT_EQ(bare.token, "LB_TOWER");
    EXPECT_EQ(bare.pointer, (TileRef{{2, 3}, Corner::None}));
    const auto& boxed = std::get<PlaceToken>(g.replay[3].payload);
    EXPECT_EQ(boxed.token, "LB_SHED");
    EXPECT_EQ(boxed.java_class, "com.jcloisterzone.LittleBuilding");
    EXPECT_EQ(boxed.pointer, (TileRef{{1, 1}, Corner::NW}));

    const auto& field = std::get<DeployMeeple>(g.replay[4].payload);
    EXPECT_EQ(field.pointer.at.corner, Corner::SE);
    EXPECT_EQ(field.pointer.location, loc::NL | loc::NR | loc::EL | loc::ER | loc::WL | loc::WR);

    EXPECT_EQ(g.replay[5].type, MessageType::Pass);
    EXPECT_EQ(g.replay[6].type, MessageType::Commit);
    EXPECT_EQ(g.replay[6].random, 0.9270428371429443);
    EXPECT_EQ(g.replay[7].type, MessageType::Undo);

    ASSERT_TRUE(g.annotations.draw_order);
    EXPECT_EQ(g.annotations.draw_order->size(), 2u);
    EXPECT_EQ(g.annotations.end_turn, 2);
    ASSERT_TRUE(g.annotations.halfling_hands);
    EXPECT_EQ((*g.annotations.halfling_hands)[0][0], "HF/1");
    EXPECT_EQ(g.annotations.rules["littleBuildings.split"], "rules");
    EXPECT_EQ(g.annotations.rules["littleBuildings.values"], 321);
    ASSERT_TRUE(g.test);
    EXPECT_EQ(g.test->assertions.at(0), "Alice has 0 points");
}

TEST(JczSavedGame, MalformedJsonGivesLineAndColumn) {
    // Line 3 ("  "gameId" "g1"") lacks its colon; the parser stops after
    // reading the unexpected string, at its closing quote (column 15).
    const std::string bad = "{\n  \"appVersion\": \"5.7.3\",\n  \"gameId\" \"g1\"\n}";
    const std::string e = error_of(bad);
    EXPECT_EQ(e.rfind("t.jcz:3:15: malformed JSON: ", 0), 0u) << e;
    // Truncated file: the error sits at the end.
    EXPECT_EQ(error_of("{\n\"a\": [1,\n").rfind("t.jcz:3:1: malformed JSON", 0), 0u) << error_of("{\n\"a\": [1,\n");
}

TEST(JczSavedGame, ErrorsNameTheJsonPath) {
    EXPECT_EQ(error_of(edited(R"("position": [-1, 1]}, "player")", R"("position": "here"}, "player")")),
              "t.jcz: replay[0].payload.position: expected a position [x, y], got a string");
    EXPECT_EQ(error_of(edited(R"("meepleId": "0.small.1")", R"("meeple": "0.small.1")")),
              "t.jcz: replay[1].payload.meepleId: missing");
    EXPECT_EQ(error_of(edited(R"("type": "PASS")", R"("type": "skip me")")),
              "t.jcz: replay[5].type: unknown message type 'skip me'");
    // A type of capitals may be a choice in an expansion's decision: kept,
    // with what a replay says where no decision offers it.
    const SavedGame unknown = parse_saved_game(edited(R"("type": "PASS")", R"("type": "SKIP")"), "t.jcz");
    ASSERT_EQ(unknown.replay[5].type, MessageType::Decision);
    EXPECT_EQ(std::get<ExpansionMessage>(unknown.replay[5].payload).unknown_why, "unknown message type 'SKIP'");
    const SavedGame bazaar = parse_saved_game(edited(R"("type": "PASS")", R"("type": "BAZAAR_BID")"), "t.jcz");
    EXPECT_EQ(std::get<ExpansionMessage>(bazaar.replay[5].payload).unknown_why,
              "message type BAZAAR_BID belongs to an expansion this host does not replay");
    EXPECT_EQ(replay_message_to_json(bazaar.replay[5])["type"], "BAZAAR_BID");  // written back as read
    EXPECT_EQ(error_of(edited(R"("small-follower": 7)", R"("small-follower": "7")")),
              "t.jcz: setup.elements.small-follower: expected an integer, got a string");
    EXPECT_EQ(error_of(edited(R"("rotation": "R180")", R"("rotation": 180)")),
              "t.jcz: replay[0].payload.rotation: expected a string, got an integer");
    EXPECT_EQ(error_of(edited(R"("random": 0.9270428371429443)", R"("random": 1.5)")),
              "t.jcz: replay[6].payload.random: random must lie in [0, 1), got 1.5");
    EXPECT_EQ(error_of(edited(R"("x": 0, "y": 0, "rotation": 90)", R"("x": 0, "y": 0, "rotation": 45)")),
              "t.jcz: setup.start[0].rotation: rotation must be 0, 90, 180 or 270 degrees, got 45");
    EXPECT_EQ(error_of(edited(R"("name": "Bob")", R"("name": ["Bob"])")),
              "t.jcz: players[1].name: expected a string, got an array");
    EXPECT_EQ(error_of(edited(R"("initialRandom": 0.12345678901234568,)", "")), "t.jcz: initialRandom: missing");
    EXPECT_EQ(error_of("[1, 2]"), "t.jcz: (top level): expected an object, got an array");
}

TEST(JczSavedGame, ErrorsFromLocationAndKindParsersCarryThePath) {
    const std::string loc = error_of(edited(R"("location": "SE")", R"("location": "SEX")"));
    EXPECT_EQ(loc.rfind("t.jcz: replay[1].payload.pointer.location: ", 0), 0u) << loc;
    const std::string kind = error_of(edited(R"("feature": "City")", R"("feature": "Castle")"));
    EXPECT_EQ(kind.rfind("t.jcz: replay[1].payload.pointer.feature: ", 0), 0u) << kind;
    const std::string corner = error_of(edited(R"("corner": "NW")", R"("corner": "XX")"));
    EXPECT_EQ(corner.rfind("t.jcz: replay[3].payload.pointer.corner: ", 0), 0u) << corner;
}

TEST(JczSavedGame, RoundTripIsExact) {
    const SavedGame g = parse_saved_game(kGame);
    const std::string once = write_saved_game(g);
    const SavedGame again = parse_saved_game(once);
    EXPECT_EQ(write_saved_game(again), once);
    // Doubles survive bit for bit.
    EXPECT_EQ(std::memcmp(&again.initial_random, &g.initial_random, sizeof(double)), 0);
    EXPECT_EQ(again.replay[6].random, g.replay[6].random);
    // The writer uses JCloisterZone's spellings.
    const Json doc = Json::parse(once);
    EXPECT_EQ(doc["replay"][0]["payload"]["rotation"], "R180");
    EXPECT_EQ(doc["replay"][1]["payload"]["pointer"]["location"], "SE");
    EXPECT_FALSE(doc["replay"][1]["payload"]["pointer"].contains("corner"));
    EXPECT_EQ(doc["replay"][2]["payload"]["pointer"], Json::parse("[2, 3]"));
    EXPECT_EQ(doc["replay"][3]["payload"]["token"], "LB_SHED");  // bare name
    EXPECT_EQ(doc["replay"][3]["payload"]["pointer"]["corner"], "NW");
    EXPECT_EQ(doc["replay"][4]["payload"]["pointer"]["location"], "NL.NR.EL.ER.WL.WR");
    EXPECT_EQ(doc["setup"]["start"][0]["rotation"], 90);
    EXPECT_EQ(doc["setup"]["elements"]["small-follower"], 7);
    EXPECT_EQ(doc["replay"][6]["payload"]["random"].get<double>(), 0.9270428371429443);
    EXPECT_EQ(doc["gameAnnotations"]["rules"], Json::parse(R"({"littleBuildings.split": "rules", "littleBuildings.values": 321})"));
}

TEST(JczSavedGame, GameAnnotationsRulesHoldScalarsOnly) {
    EXPECT_EQ(error_of(edited(R"("littleBuildings.values": 321)", R"("littleBuildings.values": [3, 2, 1])")),
              "t.jcz: gameAnnotations.rules.littleBuildings.values: expected a string, number or boolean, got an array");
    EXPECT_EQ(error_of(edited(R"("rules": {"littleBuildings.split")", R"("rules": 5, "x": {"littleBuildings.split")")),
              "t.jcz: gameAnnotations.rules: expected an object, got an integer");
    // Without rules, nothing is written.
    SavedGame g = parse_saved_game(kGame);
    g.annotations.rules = Json::object();
    EXPECT_FALSE(Json::parse(write_saved_game(g))["gameAnnotations"].contains("rules"));
}

TEST(JczSavedGame, ZeroRandomIsWrittenAsANumber) {
    SavedGame g = parse_saved_game(kGame);
    g.replay[6].random = 0.0;
    const Json doc = Json::parse(write_saved_game(g));
    EXPECT_TRUE(doc["replay"][6]["payload"]["random"].is_number_float());
}

// ---- JCloisterZone 5.7 legacy spellings (docs/interop.md, "Legacy 5.7 files")

TEST(JczSavedGameLegacy, InitialSeedAndSaltAreKeptAsWritten) {
    std::string text = edited("\"initialRandom\": 0.12345678901234568", "\"initialSeed\": \"-7078873574222023888\"");
    const auto at = text.find("{\"random\": 0.9270428371429443}");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 30, "{\"salt\": \"4694067631899599568\"}");
    const SavedGame g = parse_saved_game(text, "t.jcz");
    ASSERT_TRUE(g.initial_seed.has_value());
    EXPECT_EQ(*g.initial_seed, "-7078873574222023888");
    EXPECT_EQ(g.replay[6].salt, "4694067631899599568");
    EXPECT_FALSE(g.replay[6].random.has_value());
    EXPECT_TRUE(g.legacy_random());
    // Written back, the file stays a 5.7 file.
    const SavedGame again = parse_saved_game(write_saved_game(g), "again.jcz");
    EXPECT_EQ(again.initial_seed, g.initial_seed);
    EXPECT_EQ(again.replay[6].salt, g.replay[6].salt);
    EXPECT_EQ(write_saved_game(again), write_saved_game(g));
}

TEST(JczSavedGameLegacy, NumericSeedAndSaltAreAccepted) {
    const SavedGame g = parse_saved_game(edited("\"initialRandom\": 0.12345678901234568", "\"initialSeed\": -5"), "t.jcz");
    EXPECT_EQ(g.initial_seed, "-5");
    EXPECT_FALSE(parse_saved_game(kGame, "t.jcz").legacy_random());
}

TEST(JczSavedGameLegacy, BadSeedsAreErrors) {
    EXPECT_EQ(error_of(edited("\"initialRandom\": 0.12345678901234568", "\"initialSeed\": \"12x\"")),
              "t.jcz: initialSeed: expected a 64-bit integer (Java long), got \"12x\"");
    EXPECT_EQ(error_of(edited("\"initialRandom\": 0.12345678901234568", "\"initialSeed\": \"99999999999999999999\"")),
              "t.jcz: initialSeed: expected a 64-bit integer (Java long), got \"99999999999999999999\"");
    EXPECT_EQ(error_of(edited("\"initialRandom\": 0.12345678901234568",
                              "\"initialRandom\": 0.5, \"initialSeed\": \"1\"")),
              "t.jcz: initialSeed: give initialRandom or initialSeed, not both");
    EXPECT_EQ(error_of(edited("{\"random\": 0.9270428371429443}", "{\"salt\": 1.5}")),
              "t.jcz: replay[6].payload.salt: expected a string, got a number");
    EXPECT_EQ(error_of(edited("\"gameId\": \"g1\",", "\"gameId\": \"g1\", \"slots\": [],")),
              "t.jcz: (top level): a JCloisterZone 4.x saved game (slots); only 5.x files are supported");
}

TEST(JczSavedGameLegacy, PointerWithoutFeatureAndCloisterLocation) {
    const SavedGame g = parse_saved_game(
        edited("\"feature\": \"City\", \"location\": \"SE\"", "\"location\": \"SE\""), "t.jcz");
    const auto& d = std::get<DeployMeeple>(g.replay[1].payload);
    EXPECT_FALSE(d.feature_given);
    EXPECT_EQ(format_location(d.pointer.location), "SE");
    // Written back without a feature, as read.
    EXPECT_EQ(write_saved_game(g).find("\"feature\": \"City\""), std::string::npos);

    const SavedGame c = parse_saved_game(
        edited("\"feature\": \"City\", \"location\": \"SE\"", "\"location\": \"CLOISTER\""), "t.jcz");
    const auto& m = std::get<DeployMeeple>(c.replay[1].payload);
    EXPECT_FALSE(m.feature_given);
    EXPECT_EQ(format_location(m.pointer.location), "I");
    EXPECT_EQ(error_of(edited("\"location\": \"SE\"", "\"location\": \"CLOISTERS\"")).rfind(
                  "t.jcz: replay[1].payload.pointer.location: ", 0),
              0u);
}

// Hostile .jcz files (issue 11, findings 1, 2, 4, 5; docs/reliability.md):
// each is refused with a HostError that says what, where and why, or, for
// the CLI, exit status 2 and that message; nothing crashes, hangs or grows
// without bound. Every input is generated here; none is committed.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "jcz/replayer.hpp"
#include "jcz/saved_game.hpp"
#include "replay_test_support.hpp"
#include "run_cli.hpp"

namespace fs = std::filesystem;
using namespace ck::host;
using namespace ck::host::jcz;
using ck::test::CommandResult;
using ck::test::run_cli;
using testing::HasSubstr;
using testing::Not;

namespace {

using Json = nlohmann::ordered_json;

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

Json scenario_json(const std::string& name) { return Json::parse(read_text(test::scenario(name))); }

// A scratch directory of this test, removed at the end.
class Scratch {
public:
    Scratch() {
        const auto* info = testing::UnitTest::GetInstance()->current_test_info();
        path_ = fs::temp_directory_path() /
                ("ck-hostile-" + std::string(info->name()) + "-" + std::to_string(getpid()));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    std::string file(const std::string& name, const std::string& text) const {
        const fs::path p = path_ / name;
        std::ofstream(p, std::ios::binary) << text;
        return p.string();
    }
    std::string path(const std::string& name) const { return (path_ / name).string(); }

private:
    fs::path path_;
};

// The error of reading (and replaying) `text`, or "(no error)".
std::string error_of(const std::string& text, bool replay = false) {
    try {
        SavedGame g = parse_saved_game(text, "hostile.jcz");
        if (replay) {
            const Replay r(std::move(g), test::test_options());
        }
    } catch (const HostError& e) {
        return e.what();
    }
    return "(no error)";
}

// `depth` objects, each holding the next under "a" and then a key after it
// (the shape that crashed: the value is copied as the object grows).
std::string nested_objects(size_t depth) {
    std::string text;
    text.reserve(depth * 12);
    for (size_t i = 0; i < depth; ++i) text += "{\"a\":";
    text += "0";
    for (size_t i = 0; i < depth; ++i) text += ",\"b\":1}";
    return text;
}

}  // namespace

// Finding 1: 100,000 levels crashed `replay` with a stack overflow.
TEST(JczHostileInput, DeepNestingIsRefusedBeforeParsing) {
    const std::string error = error_of(nested_objects(100'000));
    EXPECT_THAT(error, HasSubstr("hostile.jcz:1:321: arrays and objects nested deeper than 64 levels (the limit)"));

    Scratch dir;
    const CommandResult r = run_cli("replay " + dir.file("deep.jcz", nested_objects(100'000)));
    EXPECT_EQ(r.status, 2) << r.output();  // not a signal
    EXPECT_THAT(r.err, HasSubstr("deep.jcz:1:321: arrays and objects nested deeper than 64 levels"));
}

TEST(JczHostileInput, NestingUpToTheLimitIsRead) {
    // The root object is level 1; an ignored top-level key holds the rest.
    Json game = scenario_json("base-city-completed.jcz");
    const auto with_depth = [&](size_t levels) {
        std::string text = game.dump();
        text.pop_back();  // the root's closing brace
        text += ",\"deep\":" + std::string(levels - 1, '[') + std::string(levels - 1, ']') + "}";
        return text;
    };
    EXPECT_EQ(error_of(with_depth(limits::kMaxJsonDepth), true), "(no error)");
    EXPECT_THAT(error_of(with_depth(limits::kMaxJsonDepth + 1)), HasSubstr("nested deeper than 64 levels"));
    // Brackets inside strings do not count.
    game["name"] = std::string(1000, '[');
    EXPECT_EQ(error_of(game.dump(), true), "(no error)");
}

TEST(JczHostileInput, LongStringsAndIdsAreRefused) {
    Json game = scenario_json("base-city-completed.jcz");
    Json long_text = game;
    long_text["test"]["description"] = std::string(5000, 'x');
    EXPECT_THAT(error_of(long_text.dump(2)),
                HasSubstr("string of 5000 bytes, longer than the limit of 4096 bytes"));

    Json long_id = game;
    long_id["replay"][0]["payload"]["tileId"] = std::string(300, 'T');
    EXPECT_THAT(error_of(long_id.dump()),
                HasSubstr("hostile.jcz: replay[0].payload.tileId: id is 300 bytes long, longer than the limit of 256 bytes"));

    Json long_name = game;
    long_name["players"][1]["name"] = std::string(257, 'B');
    EXPECT_THAT(error_of(long_name.dump()), HasSubstr("players[1].name: id is 257 bytes long"));

    Json long_key = game;
    long_key["setup"]["sets"][std::string(300, 's')] = 1;
    EXPECT_THAT(error_of(long_key.dump()), HasSubstr("key is 300 bytes long, longer than the limit of 256 bytes for an id"));

    Json at_limit = game;
    at_limit["players"][1]["name"] = std::string(limits::kMaxIdBytes, 'B');
    EXPECT_EQ(error_of(at_limit.dump(), true), "(no error)");
}

// Finding 2: a 30,000-character assertion crashed std::regex. The file
// limit refuses it when read; the matcher itself no longer recurses.
TEST(JczHostileInput, LongAssertionIsRefused) {
    Json game = scenario_json("base-city-completed.jcz");
    game["test"]["assertions"][0] = "Alice has 4 points " + std::string(2000, 'x');
    EXPECT_THAT(error_of(game.dump()),
                HasSubstr("test.assertions[0]: assertion is 2019 bytes long, longer than the limit of 1024 bytes"));

    Scratch dir;
    game["test"]["assertions"][0] = std::string(30'000, 'a');
    const CommandResult r = run_cli("replay " + dir.file("long.jcz", game.dump()));
    EXPECT_EQ(r.status, 2) << r.output();
    EXPECT_THAT(r.err, HasSubstr("string of 30000 bytes, longer than the limit of 4096 bytes"));
}

TEST(JczHostileInput, TooManyMessagesAreRefused) {
    Json game = scenario_json("base-city-completed.jcz");
    game["replay"] = Json::array();
    for (size_t i = 0; i <= limits::kMaxReplayMessages; ++i) game["replay"].push_back({{"type", "PASS"}});
    EXPECT_THAT(error_of(game.dump()), HasSubstr("hostile.jcz: replay: 100001 messages, more than the limit of 100000"));
}

// Lenient PASSes do nothing and each kept a copy of the game for UNDO.
TEST(JczHostileInput, EndlessLenientPassesStopAtTheUndoLimit) {
    Json game = scenario_json("base-lenient-pass.jcz");
    Json replay = Json::array();
    for (size_t i = 0; i < 5; ++i) replay.push_back(game["replay"][i]);  // up to the lenient PASS
    for (size_t i = 0; i < 2 * limits::kMaxUndoStates; ++i) replay.push_back(game["replay"][4]);
    replay.push_back(game["replay"][5]);
    game["replay"] = replay;
    EXPECT_THAT(error_of(game.dump(), true),
                HasSubstr("PASS: more than 100 messages in one turn that UNDO could revert (the limit)"));
    // A few are still fine (the original file has one).
    Json few = scenario_json("base-lenient-pass.jcz");
    const Json pass = few["replay"][4];
    few["replay"].insert(few["replay"].begin() + 4, 10, pass);
    EXPECT_EQ(error_of(few.dump(), true), "(no error)");
}

// Finding 5: `player` was only range-checked.
TEST(JczHostileInput, MessageFromAPlayerWhoseTurnItIsNot) {
    Json game = scenario_json("base-city-pennant.jcz");
    Json wrong = game;
    wrong["replay"][1]["player"] = 1;
    EXPECT_THAT(error_of(wrong.dump(), true),
                HasSubstr("replay[1] DEPLOY_MEEPLE: sent by player 1 (Ben), but it is player 0's turn (Ann)"));
    Json missing = game;
    missing["replay"][0]["player"] = 7;
    EXPECT_THAT(error_of(missing.dump(), true),
                HasSubstr("replay[0] PLACE_TILE: sent by player 7, who does not exist (the game has 2 players, 0 to 1)"));
    Json wrong_commit = game;
    wrong_commit["replay"][5]["player"] = 0;  // Bob's COMMIT
    EXPECT_THAT(error_of(wrong_commit.dump(), true), HasSubstr("replay[5] COMMIT: sent by player 0 (Ann), but it is player 1's turn (Ben)"));
    // After the game it is nobody's turn: the phase is what is wrong.
    Json after = scenario_json("base-city-completed.jcz");
    Json extra = after["replay"][0];
    extra["player"] = 1;
    after["replay"].push_back(extra);
    EXPECT_THAT(error_of(after.dump(), true), HasSubstr("replay[3] PLACE_TILE: message PLACE_TILE in phase GameOverPhase"));
    // Without `player` the message is accepted, as before.
    Json none = game;
    for (auto& m : none["replay"]) m.erase("player");
    EXPECT_EQ(error_of(none.dump(), true), "(no error)");
    EXPECT_EQ(error_of(game.dump(), true), "(no error)");
}

// Finding 5: "...pointsss garbage" passed.
TEST(JczHostileInput, AssertionWithTrailingTextFails) {
    Json game = scenario_json("base-city-completed.jcz");
    game["test"]["assertions"] = {"Alice scored city for 4 points", "Alice scored city for 4 pointsss garbage"};
    Scratch dir;
    const CommandResult r = run_cli("replay --json " + dir.file("trailing.jcz", game.dump()));
    EXPECT_EQ(r.status, 1) << r.output();
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["assertions"][0]["pass"], true);
    EXPECT_EQ(j["assertions"][1]["pass"], false);
    EXPECT_THAT(j["assertions"][1]["detail"].get<std::string>(),
                HasSubstr("Unknown assertion: text after \"Alice scored city for 4 points\": \"ss garbage\""));
}

// Finding 4: /dev/zero grew memory until killed; a directory said
// "malformed JSON"; a FIFO would wait for a writer forever.
TEST(JczHostileInput, OnlyRegularFilesAreRead) {
    const auto error_loading = [](const std::string& path) {
        try {
            load_saved_game(path);
        } catch (const HostError& e) {
            EXPECT_EQ(e.category(), ErrorCategory::Io);
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    EXPECT_EQ(error_loading("/dev/zero"),
              "/dev/zero: not a regular file (a character device); a saved game must be a regular file");
    Scratch dir;
    EXPECT_THAT(error_loading(dir.path("")), HasSubstr("not a regular file (a directory)"));
    const std::string fifo = dir.path("fifo.jcz");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_THAT(error_loading(fifo), HasSubstr("fifo.jcz: not a regular file (a FIFO)"));
    EXPECT_THAT(error_loading(dir.path("missing.jcz")), HasSubstr("missing.jcz: cannot open saved game: No such file"));

    // Through the command, bounded in time in case it waits.
    for (const std::string& path : {std::string("/dev/zero"), std::string("/dev/urandom"), fifo, dir.path("")}) {
        const CommandResult r = run_cli("replay '" + path + "'");
        EXPECT_EQ(r.status, 2) << path << "\n" << r.output();
        EXPECT_THAT(r.err, HasSubstr("not a regular file")) << path;
        EXPECT_THAT(r.err, Not(HasSubstr("malformed JSON"))) << path;
    }
}

TEST(JczHostileInput, FileLargerThanTheLimitIsRefusedUnread) {
    Scratch dir;
    // Sparse: takes no disk space, but stat and read see 16 MiB + 1 bytes.
    const std::string big = dir.file("big.jcz", "");
    fs::resize_file(big, limits::kMaxSavedGameBytes + 1);
    try {
        load_saved_game(big);
        FAIL() << "no error";
    } catch (const HostError& e) {
        EXPECT_THAT(e.what(), HasSubstr("big.jcz: saved game is 16777217 bytes, larger than the limit of 16777216 "
                                        "bytes (16 MiB)"));
    }
    // Exactly at the limit it is read (and then fails as JSON).
    fs::resize_file(big, limits::kMaxSavedGameBytes);
    try {
        load_saved_game(big);
        FAIL() << "no error";
    } catch (const HostError& e) {
        EXPECT_THAT(e.what(), HasSubstr("malformed JSON"));
    }
    EXPECT_THAT(error_of(std::string(limits::kMaxSavedGameBytes + 1, ' ')),
                HasSubstr("hostile.jcz: saved game is 16777217 bytes, larger than the limit"));
}

// Board extent (issue 11): positions are 16-bit, and the board is one dense
// grid, so tiles far apart would need gigabytes (two start tiles at opposite
// corners of the 16-bit range: 65,536 x 65,536 spaces). The board spans at
// most 2048 spaces each way (Board::kMaxExtent); a file going beyond is
// refused at once, naming the position.
TEST(JczHostileInput, TilesFartherApartThanTheBoardExtentAreRefused) {
    Json doc = scenario_json("base-city-completed.jcz");
    doc["replay"] = Json::array();
    doc.erase("test");
    doc["setup"]["start"] = Json::array({{{"tile", "BA/RCr"}, {"x", -32768}, {"y", -32768}, {"rotation", 0}},
                                         {{"tile", "BA/RCr"}, {"x", 32767}, {"y", 32767}, {"rotation", 0}}});
    EXPECT_THAT(error_of(doc.dump(), true),
                HasSubstr("setup: position (-32768,-32768) is too far from the other tiles (the board spans at "
                          "most 2048 spaces each way)"));
    // Within the extent, far-apart start tiles are a board like any other.
    doc["setup"]["start"][0]["x"] = 0, doc["setup"]["start"][0]["y"] = 0;
    doc["setup"]["start"][1]["x"] = 1500, doc["setup"]["start"][1]["y"] = -1500;
    EXPECT_EQ(error_of(doc.dump(), true), "(no error)");
}

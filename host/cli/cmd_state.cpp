// `cloisterkit state FILE.jcz [--turn N] --out STATE`: the GameState bytes
// the host sends the plugin hooks, for a saved game at the start of turn N
// (or at its end), written to a file. A modder's hook test loads them with
// ck::sdk::testing::TestState::from_file and calls one hook on a real state
// (docs/writing-an-expansion.md §5).
#include <cstdio>
#include <exception>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "core/errors.hpp"
#include "runs/game_options.hpp"
#include "jcz/replayer.hpp"
#include "plugins/plugin_hooks.hpp"

namespace {

using ck::host::jcz::MessageType;

constexpr const char* kUsage =
    "usage: cloisterkit state FILE.jcz --out STATE [--turn N] [--tiles FILE ...] [--plugin-path DIR ...]\n"
    "\n"
    "Writes the game state the host gives the plugin hooks (a GameState\n"
    "FlatBuffers buffer, identifier CKGS, with its setup nested) for a saved\n"
    "game: at the start of turn N, before its tile is placed, or, without\n"
    "--turn, where the file ends. A hook test reads it with the SDK's test kit\n"
    "(ck::sdk::testing::TestState::from_file) and calls one hook on it.\n"
    "\n"
    "  --out STATE         the file to write\n"
    "  --turn N            the state at the start of turn N (1 = the first tile)\n"
    "  --tiles FILE        load more tile XML after the host's basic.xml (repeatable)\n"
    "  --plugin-path DIR   look for plugin modules in DIR first (repeatable)\n"
    "\n"
    "Exit status: 0 written, 2 error (bad file, no such turn, no plugin expansion).\n";

struct Args {
    std::string file, out;
    std::optional<int> turn;
    ck::host::jcz::ReplayOptions options;
};

int parse_args(const std::vector<std::string>& args, Args& out) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const auto value = [&](const char* what) -> const std::string& {
            if (i + 1 >= args.size()) throw ck::host::HostError(a + " needs " + what);
            return args[++i];
        };
        if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "--out") {
            out.out = value("a file");
        } else if (a == "--turn") {
            out.turn = static_cast<int>(ck::cli::parse_integer("--turn", value("a turn number"), 1, 1'000'000));
        } else if (a == "--tiles") {
            out.options.tile_files.push_back(value("a file"));
        } else if (a == "--plugin-path") {
            out.options.plugin_dirs.push_back(value("a directory"));
        } else if (!a.empty() && a[0] == '-') {
            throw ck::host::HostError("unknown option '" + a + "'");
        } else if (out.file.empty()) {
            out.file = a;
        } else {
            throw ck::host::HostError("one saved game at a time ('" + out.file + "' and '" + a + "')");
        }
    }
    if (out.file.empty()) throw ck::host::HostError("no saved game given");
    if (out.out.empty()) throw ck::host::HostError("--out STATE is required");
    return -1;
}

// Keeps the messages before the one that places turn N's tile: the game
// then stands at the start of turn N. Throws when the file has fewer turns.
void stop_before_turn(ck::host::jcz::SavedGame& saved, int turn) {
    int placed = 0;
    for (size_t i = 0; i < saved.replay.size(); ++i) {
        if (saved.replay[i].type != MessageType::PlaceTile) continue;
        if (++placed == turn) {
            saved.replay.resize(i);
            return;
        }
    }
    if (placed + 1 == turn) return;  // the turn after the last tile placed: the whole file
    throw ck::host::HostError("--turn " + std::to_string(turn) + ": the game places " + std::to_string(placed) +
                              " tiles, so its turns are 1 to " + std::to_string(placed + 1));
}

int run_state(const std::vector<std::string>& argv) {
    Args args;
    try {
        if (int code = parse_args(argv, args); code >= 0) return code;
        ck::host::jcz::SavedGame saved = ck::host::jcz::load_saved_game(args.file);
        saved.test.reset();  // the assertions are about the end of the game
        if (args.turn) stop_before_turn(saved, *args.turn);
        const ck::host::jcz::Replay replay(std::move(saved), args.options);
        std::unique_ptr<ck::host::ExpansionHooks> hooks = replay.make_hooks();
        auto* plugin_hooks = dynamic_cast<ck::host::PluginHooks*>(hooks.get());
        if (plugin_hooks == nullptr)
            throw ck::host::HostError(args.file + ": the game enables no plugin expansion, so no hook is ever called");
        const ck_bytes bytes = plugin_hooks->state_bytes(replay.game());
        std::ofstream out(args.out, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data), static_cast<std::streamsize>(bytes.size));
        out.close();
        if (!out) throw ck::host::HostError(args.out + ": cannot write");
        std::printf("%s: the state at %s (turn %u, player %u to play), %zu bytes\n", args.out.c_str(),
                    args.turn ? ("the start of turn " + std::to_string(*args.turn)).c_str() : "the end of the file",
                    replay.game().turn_number(), static_cast<unsigned>(replay.game().active_player()), bytes.size);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "cloisterkit state: %s\n", e.what());
        return 2;
    }
}

}  // namespace

CK_REGISTER_COMMAND("state", "write the game state the plugin hooks see at a turn of a saved game", run_state);

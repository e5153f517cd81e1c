// `cloisterkit render FILE.jcz`: pictures of a saved game (docs/rendering.md):
// the board after any turn as SVG, and the step-through page as HTML. The
// file is replayed as `replay` does; its assertions are not checked.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "command.hpp"
#include "core/errors.hpp"
#include "runs/game_options.hpp"
#include "jcz/replayer.hpp"
#include "render/timeline.hpp"
#include "render_output.hpp"

namespace {

using ck::host::HostError;

constexpr const char* kUsage =
    "usage: cloisterkit render FILE.jcz [--turn N] [--svg OUT.svg] [--html OUT.html]\n"
    "                          [--tiles FILE ...] [--no-default-tiles] [--plugin-path DIR ...]\n"
    "\n"
    "Replays a saved game (as `cloisterkit replay` does, without checking its\n"
    "assertions) and draws it from the tile definitions: tiles, triangles and\n"
    "the gaps beside them, followers in their players' colours, buildings, and\n"
    "a score table (docs/rendering.md).\n"
    "\n"
    "  --turn N            the board after turn N (0: before the first turn);\n"
    "                      default: the end of the game, after final scoring\n"
    "  --svg OUT.svg       write that board as an SVG picture\n"
    "  --html OUT.html     write one self-contained page that steps through\n"
    "                      the game turn by turn (buttons, left/right arrow keys)\n"
    "  --tiles FILE        load more tile XML after the host's basic.xml (repeatable)\n"
    "  --no-default-tiles  do not load the host's basic.xml: the --tiles files replace it\n"
    "  --plugin-path DIR   look for plugin modules in DIR first (repeatable)\n"
    "  --help              show this text\n"
    "\n"
    "At least one of --svg and --html is needed.\n"
    "\n"
    "Exit status: 0 written, 2 bad options, a bad file or an error.\n";

int usage_error(const std::string& why) {
    std::fprintf(stderr, "cloisterkit render: %s\n\n%s", why.c_str(), kUsage);
    return 2;
}

int run_render(const std::vector<std::string>& args) {
    std::string file;
    ck::host::jcz::ReplayOptions replay_options;
    ck::cli::RenderOutputs outputs;
    std::optional<long long> turn;
    try {
        for (size_t i = 0; i < args.size(); ++i) {
            const std::string& a = args[i];
            if (a == "--help" || a == "-h") {
                std::fputs(kUsage, stdout);
                return 0;
            }
            if (ck::cli::parse_render_option(args, i, outputs)) continue;
            auto value = [&](const char* what) -> const std::string& {
                if (i + 1 >= args.size()) throw HostError(a + " needs " + what);
                return args[++i];
            };
            if (a == "--turn") {
                turn = ck::cli::parse_integer("--turn", value("a turn number"), 0, 1000000);
            } else if (a == "--tiles") {
                replay_options.tile_files.push_back(value("a file"));
            } else if (a == "--no-default-tiles") {
                replay_options.default_tiles = false;
            } else if (a == "--plugin-path") {
                replay_options.plugin_dirs.push_back(value("a directory"));
            } else if (!a.empty() && a[0] == '-') {
                throw HostError("unknown option '" + a + "'");
            } else if (file.empty()) {
                file = a;
            } else {
                throw HostError("one saved game at a time ('" + file + "' and '" + a + "')");
            }
        }
        if (file.empty()) throw HostError("no saved game given");
        if (!outputs.any()) throw HostError("nothing to write: give --svg OUT.svg and/or --html OUT.html");
        if (!replay_options.default_tiles && replay_options.tile_files.empty())
            throw HostError("--no-default-tiles needs at least one --tiles FILE");
    } catch (const HostError& e) {
        return usage_error(e.what());
    }

    try {
        ck::host::jcz::Replay replay(ck::host::jcz::load_saved_game(file), replay_options);
        const auto timeline = ck::host::render::replay_timeline(replay.game_setup(), replay.game());
        size_t frame = timeline.size() - 1;
        if (turn) {
            const int f = timeline.frame_after_turn(static_cast<uint32_t>(*turn));
            if (f < 0)
                throw HostError("--turn " + std::to_string(*turn) + ": the game has turns 0 to " +
                                std::to_string(timeline.last_turn()));
            frame = static_cast<size_t>(f);
        }
        std::string title = file;
        if (const size_t slash = title.find_last_of('/'); slash != std::string::npos) title.erase(0, slash + 1);
        ck::cli::write_render_outputs(outputs, replay.game(), timeline, frame, title);
        return 0;
    } catch (const HostError& e) {
        std::string msg = e.what();
        // Messages about the saved game name it; those about an output file name that.
        if (e.category() != ck::host::ErrorCategory::Io && msg.rfind(file, 0) != 0) msg = file + ": " + msg;
        std::fprintf(stderr, "cloisterkit render: %s\n", msg.c_str());
        return 2;
    }
}

}  // namespace

CK_REGISTER_COMMAND("render", "draw a saved game: the board as SVG, or a turn-by-turn HTML page", run_render);

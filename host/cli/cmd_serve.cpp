// `cloisterkit serve`: the games in the browser (docs/serve.md).
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <pthread.h>

#include "command.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "game_options.hpp"
#include "serve/new_game.hpp"
#include "serve/server.hpp"

namespace {

using ck::host::HostError;

constexpr const char* kHelp =
    "usage: cloisterkit serve [options]\n"
    "\n"
    "Serves a page on which people play against computer players or each other,\n"
    "with every expansion loaded; each game is kept in --data as a .jcz, saved\n"
    "after every move, and goes on after a restart. Ctrl-C stops the server.\n"
    "\n"
    "options:\n"
    "  --port N               the port (default 8080; 0: any free port)\n"
    "  --bind ADDR            the address to listen on (default 127.0.0.1: this machine\n"
    "                         only; 0.0.0.0 opens the server to the network)\n"
    "  --data DIR             where the games are kept (default\n"
    "                         $XDG_DATA_HOME/cloisterkit/games, else\n"
    "                         ~/.local/share/cloisterkit/games)\n"
    "  --plugin-path DIR      look for plugin modules in DIR first (repeatable)\n"
    "  --computer KIND        what a computer seat plays (default\n"
    "                         mcts:playouts=1500:ms=5000, the strongest kind with a\n"
    "                         think-time limit per move)\n"
    "  --max-games N          games the server holds at most (default 500)\n"
    "  --hook-time-budget-ms MS  as for play\n";

std::string default_data_dir() {
    if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x == '/') return std::string(x) + "/cloisterkit/games";
    if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.local/share/cloisterkit/games";
    throw HostError("serve: no --data given and neither XDG_DATA_HOME nor HOME is set");
}

int run_serve(const std::vector<std::string>& args) {
    ck::serve::ServerOptions options;
    std::string data;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::fputs(kHelp, stdout);
            return 0;
        } else if (a == "--port") {
            options.port = static_cast<int>(ck::cli::parse_integer("--port", ck::cli::option_value(args, i), 0, 65535));
        } else if (a == "--bind") {
            options.bind = ck::cli::option_value(args, i);
        } else if (a == "--data") {
            data = ck::cli::option_value(args, i);
        } else if (a == "--plugin-path") {
            options.settings.plugin_dirs.push_back(ck::cli::option_value(args, i));
        } else if (a == "--computer") {
            options.settings.computer_kind = ck::cli::option_value(args, i);
        } else if (a == "--max-games") {
            options.max_games = static_cast<size_t>(ck::cli::parse_integer("--max-games", ck::cli::option_value(args, i), 1, 100000));
        } else if (a == "--hook-time-budget-ms") {
            options.settings.hook_time_budget = std::chrono::milliseconds(ck::cli::parse_integer(
                "--hook-time-budget-ms", ck::cli::option_value(args, i), 1, ck::host::limits::kMaxHookTimeBudgetMs));
        } else {
            throw HostError("unknown option " + a + " (see cloisterkit serve --help)");
        }
    }
    options.data = data.empty() ? default_data_dir() : data;
    ck::serve::seat_kind(options.settings, "computer");  // checks --computer

    // Ctrl-C and SIGTERM are taken by one thread that stops the server;
    // every other thread has them blocked.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    ck::serve::Server server(options);
    const int port = server.start([](const std::string& line) { std::fprintf(stderr, "cloisterkit serve: %s\n", line.c_str()); });
    if (options.bind != "127.0.0.1" && options.bind != "localhost" && options.bind != "::1")
        std::fprintf(stderr, "cloisterkit serve: listening on %s: anyone who can reach this machine on port %d can "
                             "open the page (seats still need their tokens)\n", options.bind.c_str(), port);
    std::printf("cloisterkit serve: %zu game%s in %s\nopen http://%s:%d/ in a browser (Ctrl-C stops the server)\n",
                server.game_count(), server.game_count() == 1 ? "" : "s", options.data.string().c_str(),
                options.bind == "0.0.0.0" ? "127.0.0.1" : options.bind.c_str(), port);
    std::fflush(stdout);
    std::thread watcher([&] {
        int signal = 0;
        sigwait(&stop_signals, &signal);
        server.stop();
    });
    server.run();
    // Stopped another way (the server failed): wake the watcher.
    pthread_kill(watcher.native_handle(), SIGTERM);
    watcher.join();
    std::printf("cloisterkit serve: stopped\n");
    return 0;
}

}  // namespace

CK_REGISTER_COMMAND("serve", "serve the games in a browser: people against computer players or each other",
                    run_serve);

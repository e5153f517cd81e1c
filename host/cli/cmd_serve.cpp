// `cloisterkit serve`: the games in the browser (docs/serve.md). Built into
// the program cloisterkit-serve, which `cloisterkit serve` runs.
#include <chrono>
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
#include "runs/game_options.hpp"
#include "serve/new_game.hpp"
#include "serve/server.hpp"
#include "serve_command.hpp"

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
    "  --expire-finished T    delete a finished game T after its end (default 7d;\n"
    "                         T is a number with s, m, h or d; 0: keep for ever)\n"
    "  --allowed-host NAME    a name (or address) the page may be opened under besides\n"
    "                         the bound address and localhost (repeatable)\n"
    "  --allow-seed           let a new game name its seed: its draws and computer moves\n"
    "                         then follow from it, known to whoever typed it (tests,\n"
    "                         demonstrations)\n"
    "  --computer-workers N   computer turns thought at once (default 2)\n"
    "  --computer-turn-limit T  the longest a computer's whole turn may think (default 30s)\n"
    "  --request-timeout T    the longest a client may take to send one request (default 15s)\n"
    "  --hook-time-budget-ms MS  as for play\n";

// "90s", "15m", "12h", "7d" or a number of seconds.
std::chrono::seconds parse_duration(const std::string& option, const std::string& text) {
    if (text.empty()) throw HostError(option + ": no value");
    long long unit = 1;
    std::string digits = text;
    switch (text.back()) {
        case 's': unit = 1; digits.pop_back(); break;
        case 'm': unit = 60; digits.pop_back(); break;
        case 'h': unit = 3600; digits.pop_back(); break;
        case 'd': unit = 86400; digits.pop_back(); break;
        default: break;
    }
    const long long n = ck::cli::parse_integer(option, digits, 0, 3650LL * 86400);
    if (n * unit > 3650LL * 86400) throw HostError(option + ": " + text + " is more than 10 years");
    return std::chrono::seconds(n * unit);
}

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
        } else if (a == "--expire-finished") {
            options.expire_finished = parse_duration(a, ck::cli::option_value(args, i));
        } else if (a == "--allowed-host") {
            options.allowed_hosts.push_back(ck::cli::option_value(args, i));
        } else if (a == "--allow-seed") {
            options.settings.allow_seed = true;
        } else if (a == "--computer-workers") {
            options.computers.workers = static_cast<size_t>(ck::cli::parse_integer(a, ck::cli::option_value(args, i), 1, 64));
        } else if (a == "--computer-turn-limit") {
            options.computers.turn_deadline = parse_duration(a, ck::cli::option_value(args, i));
            if (options.computers.turn_deadline.count() == 0) throw HostError(a + ": must be at least 1s");
        } else if (a == "--request-timeout") {
            options.connections.request_deadline = parse_duration(a, ck::cli::option_value(args, i));
            if (options.connections.request_deadline.count() == 0) throw HostError(a + ": must be at least 1s");
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
    // A file-size limit (ulimit -f) fails a save, which is retried or refused,
    // instead of ending the process.
    std::signal(SIGXFSZ, SIG_IGN);

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

CK_REGISTER_COMMAND("serve", ck::cli::kServeSummary, run_serve);

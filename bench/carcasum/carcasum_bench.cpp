// Plays N random 2-player base games with Carcasum's engine and reports games
// per second (wall and CPU time), mean total score and mean turns.
//
// This file is ours; it only calls Carcasum's public API (Game, RandomPlayer,
// Playouts::RandomPlayout, jcz::TileFactory). It is built against a Carcasum
// checkout by carcasum_bench.pro (see README.md and run.sh); no Carcasum code
// is kept in this repository.
//
// Modes (all use Carcasum's own RandomPlayer, which picks uniformly among the
// legal tile placements and then among the legal meeple placements, "none"
// included, from its table of random numbers):
//   sim      fresh game each time: Game::newGame(), then Carcasum's playout
//            policy Playouts::RandomPlayout::playout(), i.e. Game::simStep()
//            with RandomPlayer until the pack is empty. This is the path
//            Carcasum's Monte Carlo players use for playouts. (default)
//   restart  as sim, but the game is reset with Game::restartGame() instead
//            of newGame() (the board and the score arrays are reused; the
//            tile pack is created anew).
//   step     fresh game each time: Game::newGame(), then Game::step() until
//            it returns false: the full game loop (draw from the
//            NextTileProvider, move validation, players informed), as in
//            the first benchmark of Carcasum's core/main.cpp.
//   undo     NOT a fresh game: one newGame(), then each game is a playout
//            followed by undoing all its moves (Carcasum's second benchmark
//            in core/main.cpp and what its Monte Carlo players do).

#include <QCoreApplication>

#include "core/game.h"
#include "core/nexttileprovider.h"
#include "jcz/tilefactory.h"
#include "player/playouts.h"
#include "player/randomplayer.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>

#if defined(CK_OPT_CARCASUM)
#define CK_BUILD_FLAGS "qmake release (-O2) + Carcasum's -O3 -march=native -mtune=native -funroll-loops"
#elif defined(CK_OPT_O2)
#define CK_BUILD_FLAGS "qmake release (-O2)"
#else
#define CK_BUILD_FLAGS "unknown"
#endif

namespace {

double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

[[noreturn]] void usage(int code) {
  std::fprintf(code ? stderr : stdout,
               "usage: carcasum_bench [--games N] [--mode sim|restart|step|undo]\n"
               "                      [--warmup W] [--json]\n"
               "Plays N random 2-player Carcasum base games (default 3000,\n"
               "mode sim, 1 untimed warm-up game) and prints games per second.\n");
  std::exit(code);
}

struct Totals {
  long long games = 0;
  long long score = 0;
  long long turns = 0;
  long long discarded = 0;
  int minScore = 1 << 30;
  int maxScore = -1;
  long long wins[2] = {0, 0};
  long long playerScore[2] = {0, 0};

  void add(Game const& g) {
    int total = 0;
    for (uint p = 0; p < g.getPlayerCount(); ++p) {
      total += g.getPlayerScore(int(p));
      playerScore[p] += g.getPlayerScore(int(p));
    }
    if (g.getPlayerScore(0) > g.getPlayerScore(1)) ++wins[0];
    if (g.getPlayerScore(1) > g.getPlayerScore(0)) ++wins[1];
    ++games;
    score += total;
    minScore = std::min(minScore, total);
    maxScore = std::max(maxScore, total);
    turns += (long long)g.getMoveHistory().size();
    discarded += (long long)g.getDiscardedTiles().size();
  }
};

}  // namespace

int main(int argc, char* argv[]) {
  long games = 3000;
  int warmup = 1;
  std::string mode = "sim";
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(2);
      return argv[++i];
    };
    if (a == "--games") games = std::atol(value().c_str());
    else if (a == "--mode") mode = value();
    else if (a == "--warmup") warmup = std::atoi(value().c_str());
    else if (a == "--json") json = true;
    else if (a == "--help" || a == "-h") usage(0);
    else usage(2);
  }
  if (games <= 0 || warmup < 0 ||
      (mode != "sim" && mode != "restart" && mode != "step" && mode != "undo"))
    usage(2);

  QCoreApplication app(argc, argv);  // as Carcasum's own core/main.cpp does
  jcz::TileFactory tileFactory(false);
  RandomNextTileProvider tileProvider;
  Game game(&tileProvider);
  game.addPlayer(&RandomPlayer::instance);
  game.addPlayer(&RandomPlayer::instance);
  Playouts::RandomPlayout const playout;

  // One game is one of these; `first` is true for the first game of the run.
  auto playOne = [&](bool first) {
    if (mode == "sim") {
      game.newGame(Tile::BaseGame, &tileFactory);
      playout.playout(game);
    } else if (mode == "restart") {
      if (first) game.newGame(Tile::BaseGame, &tileFactory);
      else game.restartGame();
      playout.playout(game);
    } else if (mode == "step") {
      game.newGame(Tile::BaseGame, &tileFactory);
      while (game.step()) {
      }
    } else {  // undo
      if (first) game.newGame(Tile::BaseGame, &tileFactory);
      int const steps = playout.playout(game);
      // Record before undoing: the finished state is what we report.
      return steps;
    }
    return 0;
  };

  // Warm-up: the first newGame() parses the tile XML (jcz resources) once.
  int tilesInPack = 0;
  {
    game.newGame(Tile::BaseGame, &tileFactory);
    tilesInPack = game.getTileCount() + 1;  // + the start tile, already placed
  }
  Totals warm;
  bool first = true;
  for (int i = 0; i < warmup; ++i) {
    int steps = playOne(first);
    first = false;
    warm.add(game);
    if (mode == "undo") playout.undoPlayout(game, steps);
  }

  Totals t;
  auto const wall0 = std::chrono::steady_clock::now();
  double const cpu0 = cpuSeconds();
  for (long i = 0; i < games; ++i) {
    int steps = playOne(first);
    first = false;
    t.add(game);
    if (mode == "undo") playout.undoPlayout(game, steps);
  }
  double const cpu = cpuSeconds() - cpu0;
  double const wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();

  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  double const n = double(t.games);
  if (json) {
    std::printf(
        "{\n"
        "  \"engine\": \"carcasum\",\n"
        "  \"mode\": \"%s\",\n"
        "  \"fresh_game_each_time\": %s,\n"
        "  \"games\": %lld,\n"
        "  \"warmup_games\": %d,\n"
        "  \"players\": 2,\n"
        "  \"tiles_in_pack\": %d,\n"
        "  \"seconds\": %.9f,\n"
        "  \"games_per_second\": %.3f,\n"
        "  \"cpu_seconds\": %.9f,\n"
        "  \"games_per_cpu_second\": %.3f,\n"
        "  \"mean_total_score\": %.4f,\n"
        "  \"min_total_score\": %d,\n"
        "  \"max_total_score\": %d,\n"
        "  \"mean_turns\": %.4f,\n"
        "  \"mean_discarded_tiles\": %.4f,\n"
        "  \"mean_score_player0\": %.4f,\n"
        "  \"mean_score_player1\": %.4f,\n"
        "  \"wins_player0\": %lld,\n"
        "  \"wins_player1\": %lld,\n"
        "  \"peak_rss_kib\": %ld,\n"
        "  \"build_flags\": \"%s\"\n"
        "}\n",
        mode.c_str(), mode == "undo" ? "false" : "true", t.games, warmup, tilesInPack, wall,
        n / wall, cpu, n / cpu, double(t.score) / n, t.minScore, t.maxScore,
        double(t.turns) / n, double(t.discarded) / n, double(t.playerScore[0]) / n,
        double(t.playerScore[1]) / n, t.wins[0], t.wins[1], ru.ru_maxrss, CK_BUILD_FLAGS);
  } else {
    std::printf("carcasum (%s%s): %lld games in %.3f s: %.0f games/s (%.0f per CPU second)\n",
                mode.c_str(), mode == "undo" ? ", not a fresh game" : ", fresh game each time",
                t.games, wall, n / wall, n / cpu);
    std::printf("mean total score %.2f (min %d, max %d), mean turns %.1f"
                " (mean discarded tiles %.2f, %d tiles in pack)\n",
                double(t.score) / n, t.minScore, t.maxScore, double(t.turns) / n,
                double(t.discarded) / n, tilesInPack);
    std::printf("  player 0 mean %.2f, wins %lld; player 1 mean %.2f, wins %lld\n",
                double(t.playerScore[0]) / n, t.wins[0], double(t.playerScore[1]) / n,
                t.wins[1]);
    std::printf("peak RSS %ld KiB; build flags: %s\n", ru.ru_maxrss, CK_BUILD_FLAGS);
  }
  return 0;
}

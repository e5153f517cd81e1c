// Benchmarks of Carcasum's engine and of its MCTS player, 2-player base game:
// random games per second (issue #10), and its MCTS player's playouts per
// second and strength against its SimplePlayer (issue #25).
//
// This file is ours; it only calls Carcasum's public API (Game, Player,
// RandomPlayer, MCTSPlayer, SimplePlayer*, Playouts::RandomPlayout,
// jcz::TileFactory). It is built against a Carcasum checkout by
// carcasum_bench.pro (see README.md, run.sh, compare-mcts.sh); no Carcasum
// code is kept in this repository.
//
// Random-game modes (all use Carcasum's own RandomPlayer, which picks
// uniformly among the legal tile placements and then among the legal meeple
// placements, "none" included, from its table of random numbers):
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
//
// MCTS modes, with Carcasum's MCTS player in its default configuration
// (MCTSPlayer<> = MCTSPlayer<Utilities::PortionUtility,
// Playouts::RandomPlayout>, reuseTree false, Cp 0.5, no node priors, no
// progressive widening or bias: what its tournament code constructs with
// `new MCTSPlayer<>(tileFactory)` and its GUI's defaults), except that the
// search is limited by a playout count (mIsTimeout false, as the GUI's
// "playouts" option) instead of its default 5000 ms:
//   mcts-speed      P positions, each a fresh game after T (default 30)
//                   turns of RandomPlayer, then one decision of a new MCTS
//                   player with N playouts (default 2000); prints playouts
//                   per second, wall and CPU time. Counterpart of
//                   cloisterkit's build/bench/bench_mcts BM_MctsBase/1.
//   mcts-vs-simple  G games of the MCTS player (N playouts a move, default
//                   1500) against one of Carcasum's SimplePlayers (default
//                   v1, `--opponent simple|simple2|simple3`), seats
//                   alternating; prints the MCTS player's wins (ties count
//                   half) with their 95% Wilson interval, the mean scores
//                   and the mean margin. Counterpart of cloisterkit's
//                   build/bench/ai_match --a mcts --b greedy.

#include <QCoreApplication>

#include "core/game.h"
#include "core/nexttileprovider.h"
#include "jcz/tilefactory.h"
#include "player/mctsplayer.h"
#include "player/playouts.h"
#include "player/randomplayer.h"
#include "player/simpleplayer.h"
#include "player/simpleplayer2.h"
#include "player/simpleplayer3.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <utility>

#if defined(CK_OPT_CARCASUM)
#define CK_BUILD_FLAGS "qmake release (-O2) + Carcasum's -O3 -march=native -mtune=native -funroll-loops"
#elif defined(CK_OPT_O2)
#define CK_BUILD_FLAGS "qmake release (-O2)"
#else
#define CK_BUILD_FLAGS "unknown"
#endif

namespace {

// Carcasum's MCTS player with its default template arguments.
typedef MCTSPlayer<> CarcasumMcts;

double cpuSeconds(clockid_t clock = CLOCK_PROCESS_CPUTIME_ID) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double wallSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

long peakRssKib() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

[[noreturn]] void usage(int code) {
  std::fprintf(code ? stderr : stdout,
               "usage: carcasum_bench [--mode sim|restart|step|undo] [--games N] [--warmup W] [--json]\n"
               "       carcasum_bench --mode mcts-speed [--positions P] [--playouts N] [--turns T]\n"
               "                      [--warmup W] [--json]\n"
               "       carcasum_bench --mode mcts-vs-simple [--games G] [--playouts N]\n"
               "                      [--opponent simple|simple2|simple3] [--json]\n"
               "2-player Carcasum base games (see the top of carcasum_bench.cpp and README.md):\n"
               "  sim, restart, step, undo: N random games (default 3000, 1 untimed warm-up),\n"
               "      games per second;\n"
               "  mcts-speed: P positions (default 20) after T random turns (default 30), one\n"
               "      decision each of Carcasum's MCTS player with N playouts (default 2000,\n"
               "      1 untimed warm-up decision), playouts per second;\n"
               "  mcts-vs-simple: G games (default 100) of Carcasum's MCTS player with N\n"
               "      playouts a move (default 1500) against its SimplePlayer (v1 by default),\n"
               "      seats alternating; wins with the 95%% Wilson interval, mean margin.\n");
  std::exit(code);
}

struct Options {
  std::string mode = "sim";
  long games = -1;      // -1: the mode's default
  int warmup = 1;
  bool json = false;
  long positions = 20;  // mcts-speed
  int turns = 30;       // mcts-speed
  long playouts = -1;   // mcts-*: -1: the mode's default
  std::string opponent = "simple";  // mcts-vs-simple
};

// The 95% Wilson score interval of `successes` out of `n` (ties counted as
// half a success), as cloisterkit's bench/ai_match.cpp computes it.
std::pair<double, double> wilson(double successes, double n) {
  if (n == 0) return std::make_pair(0.0, 1.0);
  double const z = 1.959964, p = successes / n, z2 = z * z;
  double const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  double const half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
  return std::make_pair(centre - half, centre + half);
}

// ---------------------------------------------------------------------------
// Random games (issue #10)

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

int runRandomGames(Options const& o, jcz::TileFactory& tileFactory) {
  std::string const& mode = o.mode;
  long const games = o.games < 0 ? 3000 : o.games;
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
  for (int i = 0; i < o.warmup; ++i) {
    int steps = playOne(first);
    first = false;
    warm.add(game);
    if (mode == "undo") playout.undoPlayout(game, steps);
  }

  Totals t;
  double const wall0 = wallSeconds();
  double const cpu0 = cpuSeconds();
  for (long i = 0; i < games; ++i) {
    int steps = playOne(first);
    first = false;
    t.add(game);
    if (mode == "undo") playout.undoPlayout(game, steps);
  }
  double const cpu = cpuSeconds() - cpu0;
  double const wall = wallSeconds() - wall0;

  long const rss = peakRssKib();
  double const n = double(t.games);
  if (o.json) {
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
        mode.c_str(), mode == "undo" ? "false" : "true", t.games, o.warmup, tilesInPack, wall,
        n / wall, cpu, n / cpu, double(t.score) / n, t.minScore, t.maxScore,
        double(t.turns) / n, double(t.discarded) / n, double(t.playerScore[0]) / n,
        double(t.playerScore[1]) / n, t.wins[0], t.wins[1], rss, CK_BUILD_FLAGS);
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
    std::printf("peak RSS %ld KiB; build flags: %s\n", rss, CK_BUILD_FLAGS);
  }
  return 0;
}

// ---------------------------------------------------------------------------
// MCTS speed (issue #25)

// Turns in which a tile was placed (the move history also holds discarded
// tiles, one entry each).
int placedTurns(Game const& g) {
  return int(g.getMoveHistory().size()) - int(g.getDiscardedTiles().size());
}

int runMctsSpeed(Options const& o, jcz::TileFactory& tileFactory) {
  long const playouts = o.playouts < 0 ? 2000 : o.playouts;
  RandomNextTileProvider tileProvider;
  Game game(&tileProvider);
  game.addPlayer(&RandomPlayer::instance);
  game.addPlayer(&RandomPlayer::instance);
  game.newGame(Tile::BaseGame, &tileFactory);  // parses the tile XML once, untimed

  QString typeName;
  long long decisions = 0, totalPlayouts = 0;
  double wall = 0, cpu = 0;
  long long placements = 0, tilesLeft = 0, positionScore = 0;

  // One position and one decision; `timed` false for warm-up decisions.
  auto decide = [&](bool timed) {
    // The position: a fresh game after o.turns turns of RandomPlayer
    // (Game::step(): tile drawn by the RandomNextTileProvider, move by
    // RandomPlayer; a tile that fits nowhere is discarded and redrawn).
    game.newGame(Tile::BaseGame, &tileFactory);
    while (placedTurns(game) < o.turns && game.step()) {
    }
    // The decision: draw the next tile as Game::step() does and ask the MCTS
    // player for its move, in the state Game::step() calls getTileMove() in
    // (the tile still in the pack). A tile that fits nowhere is not a
    // decision (step() would discard it): draw again.
    MoveHistoryEntry entry;
    Tile const* tile = 0;
    TileMovesType possible;
    do {
      entry.tileIndex = tileProvider.nextTile(&game);
      tile = game.getTile(entry.tileIndex);
      entry.tileType = tile->tileType;
      possible = game.getPossibleTilePlacements(tile);
    } while (possible.size() == 0);
    int const player = game.getNextPlayer();

    // A new player for every decision, so nothing is kept between decisions
    // (with reuseTree false the tree is built anew in every getTileMove()
    // anyway). Untimed: construction and newGame(), which replays the move
    // history into the player's own copy of the game.
    std::unique_ptr<CarcasumMcts> mcts(
        new CarcasumMcts(&tileFactory, /*reuseTree=*/false, uint(playouts), /*mIsTimeout=*/false));
    mcts->newGame(player, &game);
    typeName = mcts->getTypeName();

    double const w0 = wallSeconds(), c0 = cpuSeconds();
    TileMove const move = mcts->getTileMove(player, tile, entry, possible);  // the search
    double const c1 = cpuSeconds(), w1 = wallSeconds();
    if (std::find(possible.cbegin(), possible.cend(), move) == possible.cend()) {
      std::fprintf(stderr, "carcasum_bench: the MCTS player returned an illegal move\n");
      std::exit(1);
    }
    if (!timed) return;
    wall += w1 - w0;
    cpu += c1 - c0;
    ++decisions;
    // With mIsTimeout false, getTileMove() runs exactly M iterations, each
    // one tree descent, one playout to the end of the game and one backup.
    totalPlayouts += playouts;
    placements += possible.size();
    tilesLeft += game.getTileCount();
    positionScore += game.getPlayerScore(0) + game.getPlayerScore(1);
  };

  for (int i = 0; i < o.warmup; ++i) decide(false);
  for (long i = 0; i < o.positions; ++i) decide(true);

  long const rss = peakRssKib();
  double const n = double(decisions);
  std::string const type = typeName.toStdString();
  if (o.json) {
    std::printf(
        "{\n"
        "  \"engine\": \"carcasum\",\n"
        "  \"mode\": \"mcts-speed\",\n"
        "  \"player\": \"%s\",\n"
        "  \"positions\": %lld,\n"
        "  \"turns_before\": %d,\n"
        "  \"playouts_per_decision\": %ld,\n"
        "  \"warmup_decisions\": %d,\n"
        "  \"playouts\": %lld,\n"
        "  \"seconds\": %.9f,\n"
        "  \"cpu_seconds\": %.9f,\n"
        "  \"playouts_per_second\": %.3f,\n"
        "  \"playouts_per_cpu_second\": %.3f,\n"
        "  \"seconds_per_decision\": %.6f,\n"
        "  \"mean_placements\": %.3f,\n"
        "  \"mean_tiles_left\": %.3f,\n"
        "  \"mean_total_score_at_position\": %.3f,\n"
        "  \"peak_rss_kib\": %ld,\n"
        "  \"build_flags\": \"%s\"\n"
        "}\n",
        type.c_str(), decisions, o.turns, playouts, o.warmup, totalPlayouts, wall, cpu,
        double(totalPlayouts) / wall, double(totalPlayouts) / cpu, wall / n, double(placements) / n,
        double(tilesLeft) / n, double(positionScore) / n, rss, CK_BUILD_FLAGS);
  } else {
    std::printf("carcasum %s\n", type.c_str());
    std::printf("mcts-speed: %lld decisions of %ld playouts, positions after %d random turns:"
                " %.0f playouts/s (%.0f per CPU second), %.4f s a decision\n",
                decisions, playouts, o.turns, double(totalPlayouts) / wall,
                double(totalPlayouts) / cpu, wall / n);
    std::printf("  at the decision: %.1f placements, %.1f tiles left in the pack, total score %.1f\n",
                double(placements) / n, double(tilesLeft) / n, double(positionScore) / n);
    std::printf("peak RSS %ld KiB; build flags: %s\n", rss, CK_BUILD_FLAGS);
  }
  return 0;
}

// ---------------------------------------------------------------------------
// MCTS against SimplePlayer (issue #25)

// Forwards everything to another player and measures the time of its
// getTileMove() calls (where Carcasum's MCTS player searches; its
// getMeepleMove() returns what that search chose).
class TimedPlayer : public Player {
 public:
  explicit TimedPlayer(Player* inner) : inner_(inner) {}
  void newGame(int player, Game const* game) override { inner_->newGame(player, game); }
  void playerMoved(int player, Tile const* tile, MoveHistoryEntry const& move) override {
    inner_->playerMoved(player, tile, move);
  }
  void undoneMove(MoveHistoryEntry const& move) override { inner_->undoneMove(move); }
  TileMove getTileMove(int player, Tile const* tile, MoveHistoryEntry const& move,
                       TileMovesType const& placements) override {
    double const w0 = wallSeconds(), c0 = cpuSeconds(CLOCK_THREAD_CPUTIME_ID);
    TileMove const m = inner_->getTileMove(player, tile, move, placements);
    cpu += cpuSeconds(CLOCK_THREAD_CPUTIME_ID) - c0;
    wall += wallSeconds() - w0;
    ++decisions;
    return m;
  }
  MeepleMove getMeepleMove(int player, Tile const* tile, MoveHistoryEntry const& move,
                           MeepleMovesType const& possible) override {
    return inner_->getMeepleMove(player, tile, move, possible);
  }
  void endGame() override { inner_->endGame(); }
  QString getTypeName() const override { return inner_->getTypeName(); }
  Player* clone() const override { return inner_->clone(); }

  double wall = 0, cpu = 0;
  long long decisions = 0;

 private:
  Player* inner_;
};

std::unique_ptr<Player> makeOpponent(std::string const& name) {
  if (name == "simple") return std::unique_ptr<Player>(new SimplePlayer());
  if (name == "simple2") return std::unique_ptr<Player>(new SimplePlayer2());
  if (name == "simple3") return std::unique_ptr<Player>(new SimplePlayer3());
  return nullptr;
}

int runMctsVsSimple(Options const& o, jcz::TileFactory& tileFactory) {
  long const games = o.games < 0 ? 100 : o.games;
  long const playouts = o.playouts < 0 ? 1500 : o.playouts;
  std::unique_ptr<Player> opponent = makeOpponent(o.opponent);
  if (!opponent) usage(2);
  CarcasumMcts mcts(&tileFactory, /*reuseTree=*/false, uint(playouts), /*mIsTimeout=*/false);
  TimedPlayer timedMcts(&mcts);
  RandomNextTileProvider tileProvider;
  Game game(&tileProvider);

  double wins = 0;  // the MCTS player's, a tie counting half
  long long ties = 0, winsBySeat[2] = {0, 0}, gamesBySeat[2] = {0, 0};
  long long mctsScore = 0, opponentScore = 0, turns = 0;
  double const wall0 = wallSeconds();
  for (long i = 0; i < games; ++i) {
    int const seat = int(i % 2);  // the MCTS player's seat; seat 0 moves first
    game.clearPlayers();
    if (seat == 0) {
      game.addPlayer(&timedMcts);
      game.addPlayer(opponent.get());
    } else {
      game.addPlayer(opponent.get());
      game.addPlayer(&timedMcts);
    }
    game.newGame(Tile::BaseGame, &tileFactory);
    while (game.step()) {
    }
    int const mine = game.getPlayerScore(seat), theirs = game.getPlayerScore(1 - seat);
    mctsScore += mine;
    opponentScore += theirs;
    turns += (long long)game.getMoveHistory().size();
    ++gamesBySeat[seat];
    if (mine > theirs) {
      wins += 1;
      ++winsBySeat[seat];
    } else if (mine == theirs) {
      wins += 0.5;
      ++ties;
    }
    if ((i + 1) % 10 == 0 || i + 1 == games)
      std::fprintf(stderr, "carcasum_bench: %ld of %ld games, MCTS %.1f wins, %.0f s\n", i + 1,
                   games, wins, wallSeconds() - wall0);
  }
  double const seconds = wallSeconds() - wall0;

  double const n = double(games);
  std::pair<double, double> const ci = wilson(wins, n);
  double const perDecision = timedMcts.decisions ? timedMcts.wall / double(timedMcts.decisions) : 0;
  double const playoutsPerSecond =
      timedMcts.wall > 0 ? double(playouts) * double(timedMcts.decisions) / timedMcts.wall : 0;
  double const playoutsPerCpuSecond =
      timedMcts.cpu > 0 ? double(playouts) * double(timedMcts.decisions) / timedMcts.cpu : 0;
  std::string const mctsType = mcts.getTypeName().toStdString();
  std::string const opponentType = opponent->getTypeName().toStdString();
  long const rss = peakRssKib();
  if (o.json) {
    std::printf(
        "{\n"
        "  \"engine\": \"carcasum\",\n"
        "  \"mode\": \"mcts-vs-simple\",\n"
        "  \"mcts\": \"%s\",\n"
        "  \"opponent\": \"%s\",\n"
        "  \"games\": %ld,\n"
        "  \"playouts_per_decision\": %ld,\n"
        "  \"mcts_wins\": %.1f,\n"
        "  \"ties\": %lld,\n"
        "  \"mcts_win_rate\": %.4f,\n"
        "  \"wilson95\": [%.4f, %.4f],\n"
        "  \"mcts_wins_first_seat\": %lld,\n"
        "  \"mcts_games_first_seat\": %lld,\n"
        "  \"mcts_wins_second_seat\": %lld,\n"
        "  \"mcts_games_second_seat\": %lld,\n"
        "  \"mean_score_mcts\": %.3f,\n"
        "  \"mean_score_opponent\": %.3f,\n"
        "  \"mean_margin\": %.3f,\n"
        "  \"mean_turns\": %.3f,\n"
        "  \"mcts_decisions\": %lld,\n"
        "  \"seconds_per_decision\": %.6f,\n"
        "  \"playouts_per_second\": %.1f,\n"
        "  \"playouts_per_cpu_second\": %.1f,\n"
        "  \"seconds\": %.3f,\n"
        "  \"peak_rss_kib\": %ld,\n"
        "  \"build_flags\": \"%s\"\n"
        "}\n",
        mctsType.c_str(), opponentType.c_str(), games, playouts, wins, ties, wins / n, ci.first,
        ci.second, winsBySeat[0], gamesBySeat[0], winsBySeat[1], gamesBySeat[1],
        double(mctsScore) / n, double(opponentScore) / n, double(mctsScore - opponentScore) / n,
        double(turns) / n, timedMcts.decisions, perDecision, playoutsPerSecond,
        playoutsPerCpuSecond, seconds, rss, CK_BUILD_FLAGS);
  } else {
    std::printf("carcasum %s against %s, %ld base games, seats alternating:\n", mctsType.c_str(),
                opponentType.c_str(), games);
    std::printf("  MCTS wins %.1f%% (95%% Wilson %.1f%%..%.1f%%), %lld ties;"
                " first seat %lld of %lld, second seat %lld of %lld\n",
                100 * wins / n, 100 * ci.first, 100 * ci.second, ties, winsBySeat[0],
                gamesBySeat[0], winsBySeat[1], gamesBySeat[1]);
    std::printf("  mean scores %.2f : %.2f, mean margin %+.2f\n", double(mctsScore) / n,
                double(opponentScore) / n, double(mctsScore - opponentScore) / n);
    std::printf("  MCTS: %.3f s per decision, %.0f playouts/s (%.0f per CPU second); %.1f s\n",
                perDecision, playoutsPerSecond, playoutsPerCpuSecond, seconds);
    std::printf("peak RSS %ld KiB; build flags: %s\n", rss, CK_BUILD_FLAGS);
  }
  return 0;
}

}  // namespace

int main(int argc, char* argv[]) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(2);
      return argv[++i];
    };
    if (a == "--games") o.games = std::atol(value().c_str());
    else if (a == "--mode") o.mode = value();
    else if (a == "--warmup") o.warmup = std::atoi(value().c_str());
    else if (a == "--positions") o.positions = std::atol(value().c_str());
    else if (a == "--playouts") o.playouts = std::atol(value().c_str());
    else if (a == "--turns") o.turns = std::atoi(value().c_str());
    else if (a == "--opponent") o.opponent = value();
    else if (a == "--json") o.json = true;
    else if (a == "--help" || a == "-h") usage(0);
    else usage(2);
  }
  bool const randomMode =
      o.mode == "sim" || o.mode == "restart" || o.mode == "step" || o.mode == "undo";
  if (o.games == 0 || o.games < -1 || o.warmup < 0 || o.positions <= 0 || o.turns < 0 ||
      o.turns > 60 || o.playouts == 0 || o.playouts < -1 ||
      (!randomMode && o.mode != "mcts-speed" && o.mode != "mcts-vs-simple"))
    usage(2);

  QCoreApplication app(argc, argv);  // as Carcasum's own core/main.cpp does
  jcz::TileFactory tileFactory(false);
  if (o.mode == "mcts-speed") return runMctsSpeed(o, tileFactory);
  if (o.mode == "mcts-vs-simple") return runMctsVsSimple(o, tileFactory);
  return runRandomGames(o, tileFactory);
}

// Speed of the base-game engine: whole random two-player games, and
// enumerating the legal placements of a tile in the middle of a game.
// Not pass/fail; `cloisterkit simulate --threads 1` reports the same rate.
#include <benchmark/benchmark.h>

#include "core/game.hpp"
#include "core/players.hpp"
#include "core/tile_xml.hpp"

namespace {

using namespace ck::host;

const TileCatalog& catalog() {
    static const TileCatalog c = [] {
        TileCatalog cat;
        load_tile_xml_file(CK_BENCH_TILE_FILE, cat);
        return cat;
    }();
    return c;
}

GameSetup two_players(uint64_t seed) {
    GameSetup s;
    s.catalog = &catalog();
    s.players = {{"Alice"}, {"Bob"}};
    s.seed = seed;
    return s;
}

void BM_RandomTwoPlayerGame(benchmark::State& state) {
    const auto prepared = prepare_tiles(two_players(0));
    uint64_t seed = 0;
    int64_t points = 0;
    for (auto _ : state) {
        Game game(two_players(++seed), prepared);
        RandomPlayer a(seed * 2), b(seed * 2 + 1);
        while (!game.is_over()) play_turn(game, game.active_player() == 0 ? static_cast<PlayerAgent&>(a) : b);
        points += game.score(0) + game.score(1);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["mean_total"] = static_cast<double>(points) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_RandomTwoPlayerGame);

void BM_GreedyVersusRandomGame(benchmark::State& state) {
    const auto prepared = prepare_tiles(two_players(0));
    uint64_t seed = 0;
    for (auto _ : state) {
        Game game(two_players(++seed), prepared);
        GreedyPlayer a(seed * 2);
        RandomPlayer b(seed * 2 + 1);
        while (!game.is_over()) play_turn(game, game.active_player() == 0 ? static_cast<PlayerAgent&>(a) : b);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GreedyVersusRandomGame)->Unit(benchmark::kMillisecond);

// A game after `turns` random turns; every tile type's legal placements:
// how enumeration grows with the board (its frontier is reported).
void BM_LegalPlacementsMidGame(benchmark::State& state) {
    Game game(two_players(42));
    RandomPlayer p(7);
    for (int i = 0; i < state.range(0) && !game.is_over(); ++i) play_turn(game, p);
    std::vector<Placement> out;
    out.reserve(1024);
    size_t found = 0;
    for (auto _ : state) {
        for (TileTypeId t = 0; t < catalog().tile_count(); ++t) {
            game.legal_placements_of(t, out);
            found += out.size();
        }
    }
    benchmark::DoNotOptimize(found);
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(catalog().tile_count()));
    state.counters["frontier"] = static_cast<double>(game.board().frontier().size());
}
BENCHMARK(BM_LegalPlacementsMidGame)->ArgName("turns")->Arg(10)->Arg(36)->Arg(68);

void BM_CopyGameMidGame(benchmark::State& state) {
    Game game(two_players(42));
    RandomPlayer p(7);
    for (int i = 0; i < 36 && !game.is_over(); ++i) play_turn(game, p);
    for (auto _ : state) {
        Game copy = game;
        benchmark::DoNotOptimize(copy);
    }
}
BENCHMARK(BM_CopyGameMidGame);

}  // namespace

BENCHMARK_MAIN();

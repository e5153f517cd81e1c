// A game saved at any turn and replayed from that file continues exactly as
// the original: the same draws, moves, scores, hands and tokens, for every
// combination of the shipped expansions.
//
// The original is played by `cloisterkit play --save` (seeded computer
// players) and read back. For each turn boundary K the game is cut after
// K turns, saved again by the host's own save code (saved_game_from), read
// from that text and replayed; then the original's remaining moves are
// played into it one by one (apply_move, which refuses a move the game does
// not allow, e.g. a tile that is not the one drawn). The result must be the
// original game, field by field.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "jcz/replayer.hpp"
#include "jcz/save_game.hpp"
#include "jcz/saved_game.hpp"
#include "game_count.hpp"
#include "run_cli.hpp"

namespace {

using namespace ck::host;
using namespace ck::host::jcz;

ReplayOptions build_tree_plugins() {
    ReplayOptions o;
    o.plugin_dirs = {CK_TEST_PLUGIN_DIR};
    o.default_plugin_path = false;
    return o;
}

std::string ref(TileRef r) {
    return "(" + std::to_string(r.pos.x) + "," + std::to_string(r.pos.y) + "," +
           std::to_string(static_cast<int>(r.corner)) + ")";
}

// Everything a continuation could get wrong, one line per item.
std::string fingerprint(const Game& g) {
    std::ostringstream s;
    s << "turn " << g.turn_number() << " over " << g.is_over() << " draw " << g.draw_random() << "\n";
    for (const Move& m : g.moves())
        s << "move " << static_cast<int>(m.type) << " p" << int(m.player) << " t" << m.turn << " tile " << m.tile
          << " at " << ref(m.placement.at) << " r" << int(m.placement.rotation) << " hand " << m.from_hand
          << " ptr " << ref(m.pointer.at) << "/" << static_cast<int>(m.pointer.kind) << "/" << m.pointer.location
          << " meeple " << int(m.meeple.player) << "." << int(m.meeple.number) << " option " << m.option.action
          << "/" << m.option.token_kind << "/" << ref(m.option.at) << " random " << m.random << "\n";
    for (const ScoreEntry& e : g.score_log())
        s << "score p" << int(e.player) << " " << e.points << " " << e.name << " final " << e.final_scoring << " t"
          << e.turn << "\n";
    for (const PlacedTile& t : g.placed_tiles())
        s << "tile " << g.tile_def(t.type).id << " " << ref(t.at) << " r" << int(t.rotation) << "\n";
    for (size_t p = 0; p < g.player_count(); ++p) {
        const PlayerState& ps = g.player(static_cast<uint8_t>(p));
        s << "player " << p << " score " << ps.score << " hand";
        for (TileTypeId h : ps.hand) s << " " << g.tile_def(h).id;
        for (const auto& [kind, n] : ps.tokens) s << " " << kind << "=" << n;
        s << "\n";
    }
    for (const PlacedToken& t : g.tokens()) s << "token " << t.kind << " " << ref(t.at) << "\n";
    return s.str();
}

// The original game of `expansions`, played and saved by the command.
SavedGame play_and_save(const std::string& expansions, uint64_t seed) {
    const std::filesystem::path dir = std::filesystem::path(CK_TEST_BINARY_DIR) / "tests" / "determinism";
    std::filesystem::create_directories(dir);
    const std::string file = (dir / ("saved-turn-" + expansions + "-" + std::to_string(seed) + ".jcz")).string();
    const ck::test::CommandResult r =
        ck::test::run_cli("play --players 3 --player-types random,greedy,random --expansions " + expansions +
                          " --seed " + std::to_string(seed) + " --save '" + file + "'");
    EXPECT_EQ(r.status, 0) << r.output();
    return load_saved_game(file);
}

// Indices just after each COMMIT: the turn boundaries of the saved game.
std::vector<size_t> turn_boundaries(const SavedGame& saved) {
    std::vector<size_t> cuts;
    for (size_t i = 0; i < saved.replay.size(); ++i)
        if (saved.replay[i].type == MessageType::Commit) cuts.push_back(i + 1);
    return cuts;
}

void check_every_turn(const std::string& expansions, uint64_t seed) {
    const SavedGame original_file = play_and_save(expansions, seed);
    const ReplayOptions options = build_tree_plugins();
    const Replay original(original_file, options);
    ASSERT_TRUE(original.game().is_over());
    const std::string expected = fingerprint(original.game());
    const MoveRecord& moves = original.game().moves();
    const std::vector<size_t> cuts = turn_boundaries(original_file);
    ASSERT_GT(cuts.size(), 20u);
    for (size_t c = 0; c < cuts.size(); ++c) {
        // Under the sanitizers a share of the turns, the last always.
        if (c % ck::test::sample_step() != 0 && c + 1 != cuts.size()) continue;
        SCOPED_TRACE(expansions + ", seed " + std::to_string(seed) + ": saved after turn " + std::to_string(c + 1));
        // The game after K turns, then saved at that turn by the host.
        SavedGame cut = original_file;
        cut.replay.resize(cuts[c]);
        cut.test.reset();
        const Replay at_turn(std::move(cut), options);
        ASSERT_FALSE(at_turn.game().is_over() && c + 1 < cuts.size());
        const std::string text = saved_game_to_json(saved_game_from(at_turn.game_setup(), at_turn.game())).dump();
        // Replayed from that file, then continued with the original's moves.
        const Replay resumed(parse_saved_game(text, "saved-at-turn.jcz"), options);
        Game game = resumed.game();
        ASSERT_LE(game.moves().size(), moves.size());
        for (size_t m = game.moves().size(); m < moves.size(); ++m) apply_move(game, moves[m]);
        ASSERT_EQ(fingerprint(game), expected);
    }
}

}  // namespace

TEST(SavedTurn, BaseGameContinuesAsTheOriginalFromEveryTurn) { check_every_turn("none", 5); }
TEST(SavedTurn, LittleBuildingsContinuesAsTheOriginalFromEveryTurn) { check_every_turn("little-buildings", 6); }
TEST(SavedTurn, HalflingsContinuesAsTheOriginalFromEveryTurn) { check_every_turn("halflings", 7); }
TEST(SavedTurn, BothExpansionsContinueAsTheOriginalFromEveryTurn) { check_every_turn("all", 8); }

// Properties of whole seeded games with Halflings (alone and with Little
// Buildings) loaded from the shipped module, 2 to 6 players, random players
// (and a few greedy ones). Hands are dealt by the plugin. After every turn
// and at the end the board, the hands and the features are checked against
// the geometry directly, not against the engine's own bookkeeping; every
// game is replayed move by move with its dealt hands fixed, and some are
// saved as .jcz and replayed through the JCloisterZone reader.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/players.hpp"
#include "hf_game.hpp"
#include "game_count.hpp"
#include "jcz/replayer.hpp"
#include "jcz/save_game.hpp"

namespace ck::host::test {
namespace {

// HF-1, HF-3: a space holds one square, or one or two complementary triangles.
void check_spaces(const Game& game) {
    std::map<std::pair<int, int>, std::vector<const PlacedTile*>> by_space;
    for (const PlacedTile& t : game.placed_tiles()) by_space[{t.at.pos.x, t.at.pos.y}].push_back(&t);
    for (const auto& [pos, tiles] : by_space) {
        SCOPED_TRACE("space (" + std::to_string(pos.first) + "," + std::to_string(pos.second) + ")");
        ASSERT_LE(tiles.size(), 2u);
        for (const PlacedTile* t : tiles) {
            const bool triangle = game.tile_def(t->type).is_triangle();
            EXPECT_EQ(triangle, t->at.corner != Corner::None);
            if (triangle) { EXPECT_EQ(t->at.corner, corner_for_rotation(t->rotation)); }
            if (!triangle) { EXPECT_EQ(tiles.size(), 1u) << "a square shares its space"; }
        }
        if (tiles.size() == 2) { EXPECT_EQ(tiles[1]->at.corner, complement(tiles[0]->at.corner)) << "overlap"; }
    }
}

// Whether the edge of `t` on side `s` (a leg or a square's side) faces a tile edge.
bool side_faces_a_tile(const Game& game, const PlacedTile& t, Side s) {
    const Position n = neighbour(t.at.pos, s);
    const Board::Cell* cell = game.board().cell(n);
    if (!cell) return false;
    for (uint16_t i : cell->tiles) {
        if (i == Board::kNone) continue;
        if (has_leg_on(game.placed_tiles()[i].at.corner, opposite(s))) return true;
    }
    return false;
}

// HF-9, HF-28: every road and city segment of a completed feature faces a
// tile edge on each side it covers, the hypotenuse included.
void check_completed_features(const Game& game) {
    for (size_t i = 0; i < game.placed_tiles().size(); ++i) {
        const PlacedTile& t = game.placed_tiles()[i];
        const TileDef& def = game.tile_def(t.type);
        for (const Segment& seg : def.segments) {
            if (seg.kind != FeatureKind::Road && seg.kind != FeatureKind::City) continue;
            const Location board = loc::rotate_cw(seg.location, t.rotation);
            const FeatureView f = game.feature_at({t.at, seg.kind, board});
            if (!f.completed) continue;
            for (int s = 0; s < 4; ++s)
                if (board & loc::side(static_cast<Side>(s))) {
                    EXPECT_TRUE(side_faces_a_tile(game, t, static_cast<Side>(s)))
                        << def.id << " at " << format_tile_ref(t.at) << " side " << side_name(static_cast<Side>(s))
                        << ": its completed feature is open there";
                }
            if (board & loc::D) {
                EXPECT_GE(game.board().complement_of(static_cast<uint16_t>(i)), 0)
                    << def.id << " at " << format_tile_ref(t.at) << ": hypotenuse faces the gap";
            }
        }
    }
}

struct Outcome {
    std::vector<int> scores;
    size_t hand_tiles_played = 0;
    size_t triangles = 0;
    size_t meeples_on_triangles = 0;
    size_t buildings_on_triangles = 0;
};

void play_checked(PluginHooks& hooks, int players, const std::string& type, uint64_t seed, Outcome& out) {
    GameSetup setup = hf_setup(hooks, {}, {}, players);
    setup.seed = seed;
    Game game(setup);
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    for (int p = 0; p < players; ++p) agents.push_back(make_player(type, seed * 31 + static_cast<uint64_t>(p)));

    std::vector<size_t> hand_sizes;
    for (const auto& p : game.players()) hand_sizes.push_back(p.hand.size());
    while (!game.is_over()) {
        const uint8_t active = game.active_player();
        const size_t before = game.placed_tiles().size();
        play_turn(game, *agents[active]);
        if (game.placed_tiles().size() == before) break;  // the game ended at the draw
        for (uint8_t p = 0; p < game.player_count(); ++p) {
            // Hands never grow after setup; only the active player's shrinks, by one at most.
            const size_t now = game.player(p).hand.size();
            EXPECT_LE(now, hand_sizes[p]);
            if (p != active) { EXPECT_EQ(now, hand_sizes[p]); }
            EXPECT_GE(now + 1, hand_sizes[p]);
            hand_sizes[p] = now;
        }
        if (::testing::Test::HasFailure()) return;
    }
    check_spaces(game);
    check_completed_features(game);
    // HF-37: the game ended with the regular tiles; HF-38: hands held then score nothing.
    EXPECT_EQ(game.tiles_left(), 0u);
    size_t from_hand = 0;
    for (const Move& m : game.moves())
        if (m.type == MoveType::PlaceTile && m.from_hand) ++from_hand;
    size_t dealt = 0, left = 0;
    for (uint8_t p = 0; p < game.player_count(); ++p) {
        dealt += game.dealt_hands()[p].size();
        left += game.player(p).hand.size();
        int sum = 0;
        for (const ScoreEntry& e : game.score_log())
            if (e.player == p) sum += e.points;
        EXPECT_EQ(sum, game.score(p));
        out.scores.push_back(game.score(p));
    }
    EXPECT_EQ(dealt, left + from_hand);
    out.hand_tiles_played = from_hand;
    for (const PlacedTile& t : game.placed_tiles()) out.triangles += t.at.corner != Corner::None;
    for (const Move& m : game.moves()) {
        if (m.type == MoveType::DeployMeeple) out.meeples_on_triangles += m.pointer.at.corner != Corner::None;
        if (m.type == MoveType::PlaceToken) out.buildings_on_triangles += m.option.at.corner != Corner::None;
    }

    // Every placement was legal: the same moves, with the dealt hands fixed,
    // replay into a fresh game (which checks each one) to the same scores.
    GameSetup again = setup;
    again.preset_hands.clear();
    for (const auto& hand : game.dealt_hands()) {
        auto& ids = again.preset_hands.emplace_back();
        for (TileTypeId t : hand) ids.push_back(game.tile_def(t).id);
    }
    Game replay(again);
    for (const Move& m : game.moves()) ASSERT_NO_THROW(apply_move(replay, m)) << "move of turn " << m.turn;
    ASSERT_TRUE(replay.is_over());
    for (uint8_t p = 0; p < game.player_count(); ++p) EXPECT_EQ(replay.score(p), game.score(p));
}

void run(bool with_buildings, const std::string& type, int games_per_count) {
    auto hooks = hf_hooks(with_buildings);
    size_t played_from_hand = 0, triangles = 0, meeples = 0, buildings = 0;
    for (int players = 2; players <= 6; ++players)
        for (int g = 0; g < games_per_count; ++g) {
            const uint64_t seed = 1000u * static_cast<uint64_t>(players) + static_cast<uint64_t>(g);
            SCOPED_TRACE(std::to_string(players) + " players, seed " + std::to_string(seed));
            Outcome o;
            play_checked(*hooks, players, type, seed, o);
            if (::testing::Test::HasFailure()) return;
            played_from_hand += o.hand_tiles_played;
            triangles += o.triangles;
            meeples += o.meeples_on_triangles;
            buildings += o.buildings_on_triangles;
        }
    // Halflings were really played: random players choose a halfling in
    // about half of their tile steps while they hold one.
    EXPECT_GT(played_from_hand, static_cast<size_t>(5 * games_per_count));
    EXPECT_EQ(triangles, played_from_hand) << "every triangle on the board came from a hand";
    // The players use halflings for figures too (HF-24), and buildings when
    // Little Buildings is loaded (HF-60).
    EXPECT_GT(meeples, static_cast<size_t>(games_per_count));
    if (with_buildings) { EXPECT_GT(buildings, static_cast<size_t>(games_per_count / 2)); }
}

TEST(HfProperties, RandomGamesAloneTwoToSixPlayers) { run(false, "random", ck::test::games_for_this_build(200)); }
TEST(HfProperties, RandomGamesWithLittleBuildingsTwoToSixPlayers) {
    run(true, "random", ck::test::games_for_this_build(200));
}
TEST(HfProperties, GreedyGamesWithLittleBuildings) { run(true, "greedy", 2); }

// Saved with its dealt hands, a game replays through the .jcz reader to the
// same scores (halflings-geometry.md "Saved games and scenarios").
TEST(HfProperties, SavedGamesReplayToTheSameScores) {
    auto hooks = hf_hooks(true);
    for (int players = 2; players <= 6; ++players)
        for (uint64_t seed = 1; seed <= 6; ++seed) {
            SCOPED_TRACE(std::to_string(players) + " players, seed " + std::to_string(seed));
            GameSetup setup = hf_setup(*hooks, {}, {}, players);
            setup.seed = seed;
            Game game(setup);
            std::vector<std::unique_ptr<PlayerAgent>> agents;
            for (int p = 0; p < players; ++p) agents.push_back(make_player("random", seed + static_cast<uint64_t>(p)));
            play_to_end(game, agents);
            jcz::SavedGame saved = jcz::saved_game_from(setup, game);
            ASSERT_TRUE(saved.annotations.halfling_hands.has_value());
            jcz::ReplayOptions options;
            options.plugin_dirs = {CK_TEST_PLUGIN_DIR};
            options.default_plugin_path = false;
            jcz::Replay replay(std::move(saved), options);
            ASSERT_TRUE(replay.game().is_over());
            for (uint8_t p = 0; p < game.player_count(); ++p) EXPECT_EQ(replay.game().score(p), game.score(p));
        }
}

}  // namespace
}  // namespace ck::host::test

// Properties that must hold in every game: checked over a few hundred
// seeded random and greedy games with independent re-checks.
#include <gtest/gtest.h>

#include <set>

#include "game_helpers.hpp"
#include "core/players.hpp"

namespace ck::host::test {
namespace {

// Edge type of a placed tile's board side, straight from its TileDef.
EdgeType edge_from_def(const TileDef& def, int rotation, Side board_side) {
    return def.edges[static_cast<int>(rotate_cw(board_side, 4 - rotation))];
}

const PlacedTile* tile_at(const Game& g, Position p) {
    for (const PlacedTile& t : g.placed_tiles())
        if (t.at.pos == p) return &t;
    return nullptr;
}

// Square tiles only (the base game): empty space, contact, every edge matching.
bool legal_by_definition(const Game& g, TileTypeId type, const Placement& p) {
    if (p.at.corner != Corner::None || tile_at(g, p.at.pos)) return false;
    bool contact = false;
    for (int s = 0; s < 4; ++s) {
        const Side side = static_cast<Side>(s);
        const PlacedTile* other = tile_at(g, neighbour(p.at.pos, side));
        if (!other) continue;
        contact = true;
        if (edge_from_def(g.tile_def(type), p.rotation, side) !=
            edge_from_def(g.tile_def(other->type), other->rotation, opposite(side)))
            return false;
    }
    return contact;
}

std::set<std::tuple<int, int, int>> legal_by_brute_force(const Game& g, TileTypeId type) {
    std::set<std::tuple<int, int, int>> out;
    for (const PlacedTile& t : g.placed_tiles())
        for (int s = 0; s < 4; ++s) {
            const Position q = neighbour(t.at.pos, static_cast<Side>(s));
            for (int r = 0; r < 4; ++r)
                if (legal_by_definition(g, type, {{q, Corner::None}, static_cast<uint8_t>(r)}))
                    out.insert({q.x, q.y, r});
        }
    return out;
}

struct Checks {
    bool brute_force_placements = false;
};

// Plays a whole game with agents, checking every step.
void play_checked(Game& game, std::vector<std::unique_ptr<PlayerAgent>>& agents, const Checks& checks) {
    std::vector<int> last_scores(game.player_count(), 0);
    std::vector<FeaturePointer> completed;
    while (!game.is_over()) {
        PlayerAgent& agent = *agents[game.active_player()];
        const TileTypeId type = *game.drawn_tile();
        if (checks.brute_force_placements) {
            std::set<std::tuple<int, int, int>> listed;
            for (const Placement& p : game.legal_placements()) listed.insert({p.at.pos.x, p.at.pos.y, p.rotation});
            ASSERT_EQ(listed, legal_by_brute_force(game, type)) << "turn " << game.turn_number();
        }
        const Placement placement = game.legal_placements().at(agent.choose_placement(game));
        ASSERT_TRUE(legal_by_definition(game, type, placement)) << "turn " << game.turn_number();
        game.place_tile(type, placement);
        if (game.phase() == Phase::ActionPhase) {
            const FigureChoice choice = agent.choose_figure(game);
            if (choice.kind == FigureChoice::Kind::Meeple) {
                const FeatureView before = game.feature_at(game.meeple_options().at(choice.index).pointer);
                for (uint8_t n : before.followers) ASSERT_EQ(n, 0) << "meeple on an occupied feature";
            }
            apply_figure_choice(game, choice);
        }
        const uint16_t placed = static_cast<uint16_t>(game.placed_tiles().size() - 1);
        game.commit();
        for (size_t p = 0; p < game.player_count(); ++p) {
            ASSERT_GE(game.score(static_cast<uint8_t>(p)), last_scores[p]) << "score went down";
            last_scores[p] = game.score(static_cast<uint8_t>(p));
        }
        // Remember the completed features of the tile just placed; they must stay completed.
        const Features& f = game.features();
        for (uint32_t part = f.first_part(placed); part < f.part_end(placed); ++part) {
            const auto& pt = f.part(part);
            FeaturePointer ptr{game.placed_tiles()[placed].at, pt.kind, pt.location};
            if (game.feature_at(ptr).completed) completed.push_back(ptr);
        }
        for (const FeaturePointer& ptr : completed) ASSERT_TRUE(game.feature_at(ptr).completed);
        int followers = 0;
        for (const PlayerState& p : game.players()) followers += p.followers_in_supply();
        ASSERT_EQ(followers + static_cast<int>(game.figures().size()),
                  static_cast<int>(game.player_count()) * game.followers_per_player());
    }
    EXPECT_EQ(game.pack().size() + game.placed_tiles().size() + game.discarded_tiles().size(), 72u);
}

std::vector<std::unique_ptr<PlayerAgent>> agents_for(size_t players, uint64_t seed, const char* type) {
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    for (size_t p = 0; p < players; ++p) agents.push_back(make_player(type, seed * 16 + p));
    return agents;
}

TEST(Properties, RandomGamesKeepEveryInvariant) {
    for (uint64_t seed = 1; seed <= 240; ++seed) {
        const int players = 2 + static_cast<int>(seed % 4);
        GameSetup s = base_setup({}, players);
        s.seed = seed;
        Game game(s);
        auto agents = agents_for(players, seed, "random");
        play_checked(game, agents, {seed % 8 == 0});
        if (HasFatalFailure()) {
            ADD_FAILURE() << "seed " << seed;
            return;
        }
    }
}

TEST(Properties, GreedyGamesKeepEveryInvariant) {
    for (uint64_t seed = 1; seed <= 12; ++seed) {
        GameSetup s = base_setup({}, 2);
        s.seed = seed;
        Game game(s);
        auto agents = agents_for(2, seed, "greedy");
        play_checked(game, agents, {seed % 4 == 0});
        if (HasFatalFailure()) {
            ADD_FAILURE() << "seed " << seed;
            return;
        }
    }
}

bool same_moves(const MoveRecord& a, const MoveRecord& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        const Move& x = a[i];
        const Move& y = b[i];
        if (x.type != y.type || x.player != y.player || x.tile != y.tile || !(x.placement == y.placement) ||
            !(x.pointer == y.pointer) || !(x.meeple == y.meeple) || x.random != y.random)
            return false;
    }
    return true;
}

TEST(Properties, SameSeedGivesTheSameGame) {
    for (uint64_t seed : {3u, 77u, 1234u}) {
        std::vector<MoveRecord> records;
        std::vector<std::vector<int>> scores;
        for (int run = 0; run < 2; ++run) {
            GameSetup s = base_setup({}, 3);
            s.seed = seed;
            Game game(s);
            play_to_end(game, agents_for(3, seed, "random"));
            records.push_back(game.moves());
            scores.push_back({game.score(0), game.score(1), game.score(2)});
        }
        EXPECT_TRUE(same_moves(records[0], records[1])) << "seed " << seed;
        EXPECT_EQ(scores[0], scores[1]);
    }
}

// Replaying a game's move record into a fresh game reproduces it exactly.
TEST(Properties, MoveRecordReplaysToTheSameGame) {
    GameSetup s = base_setup({}, 2);
    s.seed = 99;
    Game original(s);
    play_to_end(original, agents_for(2, 99, "random"));

    GameSetup replay_setup = base_setup({}, 2);
    replay_setup.seed = 0xDEADBEEF;  // the replay must not depend on the host generator
    replay_setup.initial_random = original.initial_random();
    Game replay(replay_setup);
    for (const Move& m : original.moves()) {
        ASSERT_NE(m.type, MoveType::PlaceToken) << "no expansions here";
        apply_move(replay, m);
    }
    // The replay recomputes everything from the moves: compare what it
    // derived (draws, board, figures, scoring), not the moves it was fed.
    EXPECT_TRUE(replay.is_over());
    ASSERT_EQ(replay.placed_tiles().size(), original.placed_tiles().size());
    for (size_t i = 0; i < original.placed_tiles().size(); ++i) {
        EXPECT_EQ(replay.placed_tiles()[i].type, original.placed_tiles()[i].type) << "tile " << i;
        EXPECT_EQ(replay.placed_tiles()[i].at, original.placed_tiles()[i].at) << "tile " << i;
        EXPECT_EQ(replay.placed_tiles()[i].rotation, original.placed_tiles()[i].rotation) << "tile " << i;
    }
    EXPECT_EQ(replay.discarded_tiles(), original.discarded_tiles());
    ASSERT_EQ(replay.score_log().size(), original.score_log().size());
    ASSERT_FALSE(original.score_log().empty());
    for (size_t i = 0; i < original.score_log().size(); ++i) {
        const ScoreEntry& a = original.score_log()[i];
        const ScoreEntry& b = replay.score_log()[i];
        EXPECT_EQ(b.player, a.player) << "entry " << i;
        EXPECT_EQ(b.points, a.points) << "entry " << i;
        EXPECT_EQ(b.name, a.name) << "entry " << i;
        EXPECT_EQ(b.turn, a.turn) << "entry " << i;
        EXPECT_EQ(b.final_scoring, a.final_scoring) << "entry " << i;
    }
    EXPECT_EQ(original.score(0), replay.score(0));
    EXPECT_EQ(original.score(1), replay.score(1));
    EXPECT_EQ(replay.player(0).followers_in_supply(), original.player(0).followers_in_supply());
    EXPECT_EQ(replay.player(1).followers_in_supply(), original.player(1).followers_in_supply());
}

// A copy is an independent game: playing on it leaves the original alone,
// and both continue identically from the same point.
TEST(Properties, CopiesAreIndependentAndEquivalent) {
    GameSetup s = base_setup({}, 2);
    s.seed = 5;
    Game game(s);
    auto agents = agents_for(2, 5, "random");
    for (int i = 0; i < 30; ++i) play_turn(game, *agents[game.active_player()]);
    Game copy = game;
    const size_t moves_before = game.moves().size();
    play_to_end(copy, agents_for(2, 6, "random"));
    EXPECT_EQ(game.moves().size(), moves_before);
    Game a = game, b = game;
    play_to_end(a, agents_for(2, 7, "random"));
    play_to_end(b, agents_for(2, 7, "random"));
    EXPECT_TRUE(same_moves(a.moves(), b.moves()));
    EXPECT_EQ(a.score(0), b.score(0));
}

}  // namespace
}  // namespace ck::host::test

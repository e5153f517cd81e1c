// Properties of whole seeded games with Little Buildings loaded from the
// shipped module, 2 to 6 players, random and greedy players. Each turn is
// played step by step so every invariant is checked after every move.
#include <gtest/gtest.h>

#include <sstream>

#include "core/location_names.hpp"
#include "core/players.hpp"
#include "lb_game.hpp"

namespace ck::host::test {
namespace {

struct Tally {
    int games = 0;
    size_t buildings_placed = 0;
    size_t meeples_deployed = 0;
};

std::string move_text(const Move& m) {
    std::ostringstream out;
    out << int(m.type) << ' ' << int(m.player) << ' ' << m.turn;
    switch (m.type) {
        case MoveType::PlaceTile:
            out << " tile " << m.tile << " (" << m.placement.at.pos.x << ',' << m.placement.at.pos.y << ") r"
                << int(m.placement.rotation);
            break;
        case MoveType::DeployMeeple:
            out << ' ' << format_meeple_id(m.meeple) << ' ' << feature_kind_name(m.pointer.kind) << ' '
                << format_location(m.pointer.location);
            break;
        case MoveType::PlaceToken:
            out << ' ' << m.option.action << ' ' << m.option.token_kind << " (" << m.option.at.pos.x << ','
                << m.option.at.pos.y << ')';
            break;
        case MoveType::Commit: out << ' ' << m.random; break;
        case MoveType::Pass: break;
    }
    return out.str();
}

struct Outcome {
    std::vector<std::string> moves;
    std::vector<int> scores;
    size_t tokens = 0;
};

// Plays one game to the end, checking the invariants after every turn.
Outcome play_checked(PluginHooks& hooks, int players, const std::string& type, uint64_t seed, const Rules& rules,
                     Tally& tally) {
    GameSetup setup = lb_setup(hooks, {}, players, 0, rules);
    setup.seed = seed;
    Game game(setup);
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    for (int p = 0; p < players; ++p) agents.push_back(make_player(type, seed * 31 + static_cast<uint64_t>(p)));

    std::vector<int> dealt, scores(static_cast<size_t>(players), 0);
    int dealt_total = 0;
    for (const PlayerState& p : game.players()) {
        dealt.push_back(buildings_in_supply(p));
        dealt_total += dealt.back();
    }
    const std::string where = type + " game, " + std::to_string(players) + " players, seed " + std::to_string(seed);

    while (!game.is_over()) {
        const uint8_t me = game.active_player();
        const uint32_t turn = game.turn_number();
        const size_t tokens_before = game.tokens().size();
        const size_t moves_before = game.moves().size();
        const int followers_before = game.player(me).followers_in_supply();
        PlayerAgent& agent = *agents[me];

        const Placement placement = game.legal_placements().at(agent.choose_placement(game));
        game.place_tile(*game.drawn_tile(), placement);
        const TileRef placed = *game.placed_this_turn();
        for (const ExpansionOption& o : game.expansion_options())
            EXPECT_EQ(o.at, placed) << where << ", turn " << turn << ": LB-6 offered away from the placed tile";
        if (game.phase() == Phase::ActionPhase) apply_figure_choice(game, agent.choose_figure(game));

        const size_t new_tokens = game.tokens().size() - tokens_before;
        const bool meeple_deployed = game.player(me).followers_in_supply() < followers_before;
        EXPECT_LE(new_tokens, 1u) << where << ", turn " << turn;
        EXPECT_FALSE(new_tokens && meeple_deployed) << where << ", turn " << turn << ": LB-8 building and meeple";
        if (new_tokens) {
            const PlacedToken& t = game.tokens().back();
            EXPECT_EQ(t.at, placed) << where << ", turn " << turn << ": LB-6 building away from the placed tile";
            EXPECT_EQ(t.placed_by, me);
            EXPECT_EQ(t.turn, turn);
            ++tally.buildings_placed;
        }
        tally.meeples_deployed += meeple_deployed;
        game.commit();

        int figure_moves = 0;
        for (size_t i = moves_before; i < game.moves().size(); ++i)
            figure_moves += game.moves()[i].type == MoveType::DeployMeeple || game.moves()[i].type == MoveType::PlaceToken;
        EXPECT_LE(figure_moves, 1) << where << ", turn " << turn << ": LB-8 one figure action per turn";

        EXPECT_LE(static_cast<int>(game.tokens().size()), dealt_total) << where;
        for (int p = 0; p < players; ++p) {
            int placed_by_p = 0;
            for (const PlacedToken& t : game.tokens()) placed_by_p += t.placed_by == p;
            EXPECT_EQ(placed_by_p + buildings_in_supply(game.players()[static_cast<size_t>(p)]), dealt[static_cast<size_t>(p)])
                << where << ", turn " << turn << ", player " << p << ": placed + in supply = dealt";
            const int s = game.score(static_cast<uint8_t>(p));
            EXPECT_GE(s, scores[static_cast<size_t>(p)]) << where << ", turn " << turn << ": a score went down";
            scores[static_cast<size_t>(p)] = s;
        }
        if (::testing::Test::HasFailure()) break;  // one report per broken game is enough
    }
    ++tally.games;
    Outcome out;
    for (const Move& m : game.moves()) out.moves.push_back(move_text(m));
    for (const PlayerState& p : game.players()) out.scores.push_back(p.score);
    out.tokens = game.tokens().size();
    return out;
}

void run_games(const std::string& type, int games_per_count, const Rules& rules, Tally& tally) {
    auto hooks = lb_hooks();
    for (int players = 2; players <= 6; ++players)
        for (int g = 0; g < games_per_count; ++g) {
            const uint64_t seed = 1000u * static_cast<uint64_t>(players) + static_cast<uint64_t>(g);
            play_checked(*hooks, players, type, seed, rules, tally);
            if (::testing::Test::HasFailure()) return;
        }
}

TEST(LbGameProperties, RandomPlayersKeepEveryInvariantAndUseBuildings) {
    Tally tally;
    run_games("random", 60, {}, tally);
    EXPECT_EQ(tally.games, 300);
    // Random players pick uniformly among "no figure", meeples and buildings.
    EXPECT_GT(tally.buildings_placed, 300u * 3) << "about a quarter of the figure steps";
    EXPECT_GT(tally.meeples_deployed, 0u);
}

TEST(LbGameProperties, RandomPlayersUnder321AndJczSplit) {
    Tally tally;
    run_games("random", 10, {{"littleBuildings.values", "321"}, {"littleBuildings.split", "jcz"}}, tally);
    EXPECT_EQ(tally.games, 50);
    EXPECT_GT(tally.buildings_placed, 50u);
}

TEST(LbGameProperties, GreedyPlayersKeepEveryInvariantAndUseBuildings) {
    Tally tally;
    run_games("greedy", 8, {}, tally);
    EXPECT_EQ(tally.games, 40);
    EXPECT_GT(tally.buildings_placed, 0u) << "greedy players never found a building worth placing";
}

TEST(LbGameProperties, TheSameSeedGivesTheSameGame) {
    Tally tally;
    auto hooks = lb_hooks();
    for (const std::string type : {"random", "greedy"})
        for (int players : {2, 5}) {
            const uint64_t seed = 77 + static_cast<uint64_t>(players);
            const Outcome a = play_checked(*hooks, players, type, seed, {}, tally);
            auto other_hooks = lb_hooks();  // fresh hooks: no state carried between games
            const Outcome b = play_checked(*other_hooks, players, type, seed, {}, tally);
            EXPECT_EQ(a.moves, b.moves) << type << ", " << players << " players";
            EXPECT_EQ(a.scores, b.scores);
            EXPECT_EQ(a.tokens, b.tokens);
            const Outcome c = play_checked(*hooks, players, type, seed + 1, {}, tally);
            EXPECT_NE(a.moves, c.moves) << "another seed gives another game";
        }
}

}  // namespace
}  // namespace ck::host::test

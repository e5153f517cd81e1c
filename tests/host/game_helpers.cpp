#include "game_helpers.hpp"

#include <gtest/gtest.h>

namespace ck::host::test {

const TileCatalog& base_catalog() {
    static const TileCatalog catalog = [] {
        TileCatalog c;
        load_tile_xml_file(std::string(CK_TEST_SOURCE_DIR) + "/host/data/basic.xml", c);
        return c;
    }();
    return catalog;
}

GameSetup base_setup(const std::vector<std::string>& draw_order, int players, int end_turn) {
    static const char* const kNames[] = {"Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi"};
    GameSetup s;
    s.catalog = &base_catalog();
    for (int p = 0; p < players; ++p) s.players.push_back({kNames[p]});
    s.draw_order = draw_order;
    if (end_turn > 0) s.end_turn = end_turn;
    s.seed = 1;
    return s;
}

FeaturePointer ptr(int x, int y, FeatureKind kind, const std::string& location, Corner corner) {
    return {{{static_cast<int16_t>(x), static_cast<int16_t>(y)}, corner}, kind, parse_location(location)};
}

void play(Game& game, const Turn& t) {
    ASSERT_EQ(game.phase(), Phase::TilePhase) << "before " << t.tile;
    ASSERT_EQ(game.tile_def(*game.drawn_tile()).id, t.tile);
    game.place_tile(t.tile, {{static_cast<int16_t>(t.x), static_cast<int16_t>(t.y)}, Corner::None}, t.rotation);
    if (t.meeple_kind) {
        ASSERT_EQ(game.phase(), Phase::ActionPhase);
        game.deploy_meeple(ptr(t.x, t.y, *t.meeple_kind, t.meeple_location), *game.next_meeple());
    } else if (game.phase() == Phase::ActionPhase) {
        game.pass();
    }
    game.commit(0.5);
}

void play_all(Game& game, const std::vector<Turn>& turns) {
    for (const Turn& t : turns) {
        play(game, t);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const HostError& e) {
        return e.what();
    }
    return "(no error)";
}

int points_named(const Game& game, uint8_t player, const std::string& name) {
    int sum = 0;
    for (const ScoreEntry& e : game.score_log())
        if (e.player == player && e.name == name) sum += e.points;
    return sum;
}

int entries_named(const Game& game, const std::string& name) {
    int n = 0;
    for (const ScoreEntry& e : game.score_log())
        if (e.name == name) ++n;
    return n;
}

}  // namespace ck::host::test

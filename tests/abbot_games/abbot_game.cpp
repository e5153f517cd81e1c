#include "abbot_game.hpp"

#include <gtest/gtest.h>

#include "core/location_names.hpp"

namespace ck::host::test {

Expansions enable(const std::vector<std::string>& names) {
    Expansions e;
    e.enabled = shipped_registry().resolve(names);
    e.hooks = std::make_unique<PluginHooks>(e.enabled);
    return e;
}

GameSetup abbot_setup(Expansions& expansions, const std::vector<std::string>& draw_order, int players, int end_turn) {
    GameSetup s = base_setup(draw_order, players, end_turn);
    s.tile_sets = {{"basic:2", 1}};
    s.hooks = expansions.hooks.get();
    s.expansions = expansions.hooks->expansion_ids();
    s.figure_kinds = figure_kinds_of(expansions.enabled);
    return s;
}

size_t figure_option(const Game& game, uint8_t kind, FeatureKind feature, const std::string& location) {
    const Location want = parse_location(location);
    const auto& options = game.meeple_options();
    for (size_t i = 0; i < options.size(); ++i)
        if (options[i].kind == kind && options[i].pointer.kind == feature && (options[i].pointer.location & want) == want)
            return i;
    return options.size();
}

const std::vector<Placed>& garden_scoring_moves() {
    static const std::vector<Placed> moves{{"BA/RFrG", 1, 0, 0}, {"BA/RrG", 0, 1, 0}, {"BA/RFr", 2, 0, 0},
                                           {"BA/L", 1, 1, 0},    {"BA/Rr", 2, 1, 3},  {"BA/C", 0, -1, 2},
                                           {"BA/C", 1, -1, 1},   {"BA/C", 2, -1, 3}};
    return moves;
}

std::vector<std::string> tiles_of(const std::vector<Placed>& moves) {
    std::vector<std::string> out;
    for (const Placed& m : moves) out.push_back(m.tile);
    return out;
}

void place_move(Game& game, const Placed& m) {
    ASSERT_EQ(game.phase(), Phase::TilePhase) << "before " << m.tile;
    ASSERT_EQ(game.tile_def(*game.drawn_tile()).id, m.tile);
    game.place_tile(m.tile, {{static_cast<int16_t>(m.x), static_cast<int16_t>(m.y)}, Corner::None}, m.rotation);
}

}  // namespace ck::host::test

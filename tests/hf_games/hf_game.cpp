#include "hf_game.hpp"

#include <gtest/gtest.h>

#include "core/tile_xml.hpp"
#include "plugins/rule_options.hpp"

namespace ck::host::test {
namespace {

constexpr const char* kTestTriangles = R"(<defs><tiles>
  <tile id="TT/field" shape="triangle"><field>NL NR EL ER DL DR</field></tile>
  <tile id="TT/city" shape="triangle"><city>N</city><field city="N">EL ER DL DR</field></tile>
  <tile id="TT/road" shape="triangle"><road>E D</road><field>NL NR EL DR</field><field>ER DL</field></tile>
  <tile id="TT/city-d" shape="triangle"><city pennants="1">D</city><field city="D">NL NR EL ER</field></tile>
  <tile id="TT/cloister" shape="triangle"><monastery/><field>NL NR EL ER DL DR</field></tile>
  <tile id="TT/city-nd" shape="triangle"><city>N D</city><field city="N">EL ER</field></tile>
  <tile id="TT/city-nd+" shape="triangle"><city pennants="1">N D</city><field city="N">EL ER</field></tile>
</tiles></defs>)";

}  // namespace

const TileCatalog& hf_catalog() {
    static const TileCatalog catalog = [] {
        TileCatalog c;
        load_tile_xml_file(std::string(CK_TEST_SOURCE_DIR) + "/host/data/basic.xml", c);
        const PluginExpansion* hf = shipped_registry().find("halflings");
        EXPECT_NE(hf, nullptr);
        if (hf) load_tile_xml_string(hf->tile_definitions_xml, "halflings (tile definitions)", c);
        load_tile_xml_string(kTestTriangles, "hf_game test triangles", c);
        return c;
    }();
    return catalog;
}

std::unique_ptr<PluginHooks> hf_hooks(bool with_buildings, HandPlayBy hand_play) {
    std::vector<std::string> specs{"halflings"};
    if (with_buildings) specs.push_back("little-buildings");
    return std::make_unique<PluginHooks>(shipped_registry().resolve(specs), hand_play);
}

GameSetup hf_setup(PluginHooks& hooks, const std::vector<std::string>& draw_order, const Hands& hands, int players,
                   int end_turn, const Rules& rules, const std::string& start) {
    GameSetup s = base_setup(draw_order, players, end_turn);
    s.catalog = &hf_catalog();
    s.start_tiles = {{start, 0, 0, 0}};
    s.hooks = &hooks;
    s.expansions = hooks.expansion_ids();
    s.preset_hands = hands;
    for (const auto& [k, v] : rules) s.rules[k] = v;
    complete_rule_options(hooks.expansions(), s.rules);
    return s;
}

HfStep drawn(std::string tile, int x, int y, int rotation) {
    HfStep s;
    s.tile = std::move(tile), s.x = x, s.y = y, s.rotation = rotation;
    return s;
}

HfStep from_hand(std::string tile, int x, int y, int rotation) {
    HfStep s = drawn(std::move(tile), x, y, rotation);
    s.from_hand = true;
    return s;
}

TileTypeId type_of(const Game& game, const std::string& id) {
    const int t = game.catalog().index_of(id);
    EXPECT_GE(t, 0) << id;
    return static_cast<TileTypeId>(t);
}

TileRef space(int x, int y, Corner corner) { return {{static_cast<int16_t>(x), static_cast<int16_t>(y)}, corner}; }

std::vector<std::string> hand_of(const Game& game, uint8_t player) {
    std::vector<std::string> out;
    for (TileTypeId t : game.player(player).hand) out.push_back(game.tile_def(t).id);
    return out;
}

void take_and_place(Game& game, const HfStep& s) {
    ASSERT_EQ(game.phase(), Phase::TilePhase) << "before " << s.tile;
    if (s.from_hand) {
        ASSERT_TRUE(game.awaiting_tile_choice()) << s.tile << ": no choice offered on turn " << game.turn_number();
        const auto& options = game.tile_step_options();
        size_t i = 0;
        while (i < options.size() && options[i].tile_type != type_of(game, s.tile)) ++i;
        ASSERT_LT(i, options.size()) << s.tile << " is not offered on turn " << game.turn_number();
        game.choose_tile_step_option(i);
        ASSERT_TRUE(game.tile_from_hand());
    } else if (game.awaiting_tile_choice()) {
        game.draw();
    }
    ASSERT_TRUE(game.drawn_tile().has_value()) << "no tile for " << s.tile;
    ASSERT_EQ(game.tile_def(*game.drawn_tile()).id, s.tile);
    const bool triangle = game.tile_def(*game.drawn_tile()).is_triangle();
    game.place_tile(s.tile, space(s.x, s.y, triangle ? corner_for_rotation(s.rotation) : Corner::None), s.rotation);
}

void hf_play(Game& game, const HfStep& s) {
    take_and_place(game, s);
    if (::testing::Test::HasFatalFailure()) return;
    figure_step_and_commit(game, s.meeple_kind, s.meeple_location, s.building);
}

void hf_play_all(Game& game, const std::vector<HfStep>& steps) {
    for (const HfStep& s : steps) {
        hf_play(game, s);
        if (::testing::Test::HasFatalFailure() || ::testing::Test::HasNonfatalFailure()) return;
    }
}

}  // namespace ck::host::test

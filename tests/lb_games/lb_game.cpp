#include "lb_game.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/location_names.hpp"
#include "plugins/state_serializer.hpp"

namespace ck::host::test {

PluginRegistry& shipped_registry() {
    static PluginRegistry registry;  // module messages at warn and above go to stderr
    static const bool loaded = [] {
        const auto path = std::filesystem::path(CK_TEST_PLUGIN_DIR) / "cloisterkit_expansions.so";
        const ModuleRecord r = registry.load(path);
        EXPECT_EQ(r.status, ModuleStatus::Loaded) << path << ": " << r.reason;
        return r.status == ModuleStatus::Loaded;
    }();
    (void)loaded;
    return registry;
}

std::unique_ptr<PluginHooks> lb_hooks() {
    return std::make_unique<PluginHooks>(shipped_registry().resolve({"little-buildings"}));
}

GameSetup lb_setup(PluginHooks& hooks, const std::vector<std::string>& draw_order, int players, int end_turn,
                   const Rules& rules) {
    GameSetup s = base_setup(draw_order, players, end_turn);
    s.hooks = &hooks;
    s.expansions = hooks.expansion_ids();
    for (const auto& [k, v] : rules) s.rules[k] = v;
    return s;
}

Step pass(std::string tile, int x, int y, int rotation) { return {std::move(tile), x, y, rotation, {}, {}, {}}; }

Step meeple(std::string tile, int x, int y, int rotation, FeatureKind kind, std::string location) {
    return {std::move(tile), x, y, rotation, kind, std::move(location), {}};
}

Step building(std::string tile, int x, int y, int rotation, std::string kind) {
    return {std::move(tile), x, y, rotation, {}, {}, std::move(kind)};
}

void place(Game& game, const Step& s) {
    ASSERT_EQ(game.phase(), Phase::TilePhase) << "before " << s.tile;
    ASSERT_EQ(game.tile_def(*game.drawn_tile()).id, s.tile);
    game.place_tile(s.tile, {{static_cast<int16_t>(s.x), static_cast<int16_t>(s.y)}, Corner::None}, s.rotation);
}

size_t building_option(const Game& game, const std::string& kind) {
    const auto& options = game.expansion_options();
    for (size_t i = 0; i < options.size(); ++i)
        if (options[i].action == "place-token" && options[i].token_kind == kind) return i;
    ADD_FAILURE() << "no " << kind << " offered on turn " << game.turn_number();
    return options.size();
}

size_t meeple_option(const Game& game, FeatureKind kind, const std::string& location) {
    const Location want = parse_location(location);
    const auto& options = game.meeple_options();
    for (size_t i = 0; i < options.size(); ++i)
        if (options[i].pointer.kind == kind && (options[i].pointer.location & want) == want) return i;
    ADD_FAILURE() << "no " << feature_kind_name(kind) << " including " << location << " offered on turn "
                  << game.turn_number();
    return options.size();
}

void figure_step_and_commit(Game& game, std::optional<FeatureKind> meeple_kind, const std::string& meeple_location,
                            const std::string& building) {
    if (meeple_kind) {
        ASSERT_EQ(game.phase(), Phase::ActionPhase);
        const size_t i = meeple_option(game, *meeple_kind, meeple_location);
        ASSERT_LT(i, game.meeple_options().size());
        game.deploy_meeple(game.meeple_options()[i].pointer, *game.next_meeple());
    } else if (!building.empty()) {
        ASSERT_EQ(game.phase(), Phase::ActionPhase);
        const size_t i = building_option(game, building);
        ASSERT_LT(i, game.expansion_options().size());
        game.apply_expansion_option(i);
    } else if (game.phase() == Phase::ActionPhase) {
        game.pass();
    }
    game.commit(0.5);
}

void play(Game& game, const Step& s) {
    place(game, s);
    if (::testing::Test::HasFatalFailure()) return;
    figure_step_and_commit(game, s.meeple_kind, s.meeple_location, s.building);
}

void play_all(Game& game, const std::vector<Step>& steps) {
    for (const Step& s : steps) {
        play(game, s);
        if (::testing::Test::HasFatalFailure() || ::testing::Test::HasNonfatalFailure()) return;
    }
}

std::array<int, 3> expected_deal(const std::string& split, const std::string& values, int players, int player) {
    if (split == "jcz" || values == "321") return {6 / players, 6 / players, 6 / players};
    std::array<int, 3> mix{};
    for (int k = 0; k < 18 / players; ++k) ++mix[static_cast<size_t>((player + k) % 3)];
    return mix;
}

int buildings_in_supply(const PlayerState& p) {
    int n = 0;
    for (const std::string& kind : kBuildingKinds) n += p.token_count(kind);
    return n;
}

std::vector<std::pair<std::string, int>> entries_of(const Game& game, uint8_t player) {
    std::vector<std::pair<std::string, int>> out;
    for (const ScoreEntry& e : game.score_log())
        if (e.player == player) out.emplace_back(e.name, e.points);
    return out;
}

std::vector<uint8_t> snapshot(const Game& game) {
    StateSerializer s;
    const ck_bytes b = s.serialize(game, kBuildingKinds);
    return {b.data, b.data + b.size};
}

}  // namespace ck::host::test

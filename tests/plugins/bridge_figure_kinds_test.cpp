// Figure kinds that join their owner's follower (schema revision 10;
// docs/abi.md, "Figure kinds"), declared by a fan module built with the
// SDK (modules/pilgrims_module.cpp, variant 11 "stewards": a builder of
// strength 0 on roads and cities) and played through the host and the C
// ABI: `plugins` shows the declaration, the host offers a steward only
// beside its owner's follower, TILE_PLACED tells the module which features
// the tile joined (the steward's point when its feature grows: the
// builder's trigger), and saves with stewards replay.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/location_names.hpp"
#include "core/players.hpp"
#include "game_helpers.hpp"
#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"
#include "run_cli.hpp"
#include "test_modules.hpp"

using namespace ck::host;
using ck::test::run_cli;
using ck::test::ScratchDir;
using ck::test::test_module;

namespace {

constexpr uint8_t kSteward = 1;  // the module's one figure kind, after the small follower

}  // namespace

TEST(JoiningFigureKinds, TheDeclarationCrossesTheAbi) {
    ScratchDir dir("stewards");
    dir.add(test_module("test_stewards"), "stewards.so");
    const auto r = run_cli("plugins --json --plugin-path '" + dir.path().string() + "'");
    ASSERT_EQ(r.status, 0) << r.output();
    bool seen = false;
    const nlohmann::json listed = nlohmann::json::parse(r.out);  // kept: the loop reads into it
    for (const auto& m : listed.at("modules"))
        for (const auto& e : m.value("expansions", nlohmann::json::array()))
            for (const auto& k : e.value("figure_kinds", nlohmann::json::array()))
                if (k.at("id") == "steward") {
                    seen = true;
                    EXPECT_EQ(k.at("joins_own_follower"), true);
                    EXPECT_EQ(k.at("strength"), 0);
                }
    EXPECT_TRUE(seen) << r.out;
}

// Whether the tile just placed joined a feature where one of the active
// player's stewards stands on another tile, found by the host's features.
bool extends_own_steward(const Game& game) {
    const PlacedTile& placed = game.placed_tiles().back();
    for (const Segment& s : game.tile_def(placed.type).segments) {
        const uint32_t id = game.feature_at({placed.at, s.kind, loc::rotate_cw(s.location, placed.rotation)}).id;
        for (const PlacedFigure& f : game.figures())
            if (f.meeple.player == game.active_player() && f.meeple.kind == kSteward && f.pointer.at != placed.at &&
                game.feature_at(f.pointer).id == id)
                return true;
    }
    return false;
}

// Every player puts a steward down whenever one is offered.
TEST(JoiningFigureKinds, AStewardIsOfferedOnlyBesideItsOwnersFollowerAndSeesItsFeatureGrow) {
    PluginRegistry registry(ck::test::capturing_logger().logger);
    ASSERT_EQ(registry.load(test_module("test_stewards")).status, ModuleStatus::Loaded);
    const auto enabled = registry.resolve({"fan.stewards"});
    PluginHooks hooks(enabled);
    GameSetup setup;
    setup.catalog = &ck::host::test::base_catalog();
    setup.players = {{"Alice"}, {"Bob"}};
    setup.seed = 11;
    setup.hooks = &hooks;
    setup.expansions = hooks.expansion_ids();
    setup.figure_kinds = figure_kinds_of(enabled);
    Game game(setup);
    ASSERT_EQ(game.figure_kinds().at(kSteward).id, "steward");
    RandomPlayer random(11);
    int deployed = 0, extended = 0;
    while (!game.is_over()) {
        if (game.phase() == Phase::TilePhase) {
            const int before = game.score(game.active_player());
            game.place_tile(*game.drawn_tile(), game.legal_placements().at(random.choose_placement(game)));
            const bool grows = extends_own_steward(game);
            extended += grows;
            EXPECT_EQ(game.score(game.active_player()) - before, grows ? 1 : 0) << "turn " << game.turn_number();
        } else if (game.phase() == Phase::CommitActionPhase) {
            game.commit();
        } else {
            ASSERT_EQ(game.phase(), Phase::ActionPhase);
            std::optional<MeepleOption> steward;
            for (const MeepleOption& o : game.meeple_options()) {
                if (o.kind != kSteward) continue;
                EXPECT_GT(game.feature_view(o.feature).followers[game.active_player()], 0) << "turn " << game.turn_number();
                steward = o;
            }
            if (!steward) {
                apply_figure_choice(game, random.choose_figure(game));
                continue;
            }
            game.deploy_meeple(steward->pointer, *game.next_meeple(kSteward));
            ++deployed;
        }
    }
    EXPECT_GE(deployed, 3);
    EXPECT_GE(extended, 2);
}

TEST(JoiningFigureKinds, SavedGamesWithStewardsReplayToTheSameScores) {
    ScratchDir dir("stewards-save");
    dir.add(test_module("test_stewards"), "stewards.so");
    const std::string save = (dir.path() / "s.jcz").string();
    const std::string plugins = "--plugin-path '" + dir.path().string() + "'";
    const auto played = run_cli("play " + plugins + " --expansions stewards --player-types random,random --seed 5 --json --save '" +
                                save + "'");
    ASSERT_EQ(played.status, 0) << played.output();
    const nlohmann::json game = nlohmann::json::parse(played.out);
    int stewards = 0;
    for (const auto& m : game.at("moves"))
        stewards += m.at("type") == "meeple" && m.at("meeple").get<std::string>().find(".steward.") != std::string::npos;
    EXPECT_GT(stewards, 0);
    const auto replayed = run_cli("replay " + plugins + " --json '" + save + "'");
    ASSERT_EQ(replayed.status, 0) << replayed.output();
    EXPECT_EQ(nlohmann::json::parse(replayed.out).at("players"), game.at("scores")) << replayed.out;
}

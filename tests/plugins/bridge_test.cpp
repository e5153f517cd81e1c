// The bridge (PluginHooks): state serialisation, hook calls, verification
// of responses and application of effects to a real Game; the tile-step
// hooks PLACEMENT_CHECK (vetoes) and TILE_PLACED at the end.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/game.hpp"
#include "core/players.hpp"
#include "game_helpers.hpp"
#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"
#include "plugins/state_serializer.hpp"
#include "test_modules.hpp"

using namespace ck::host;
using ck::test::test_module;
using testing::HasSubstr;

namespace {

using ck::host::test::base_catalog;

GameSetup setup_for(ExpansionHooks* hooks, std::vector<std::string> expansions, uint64_t seed = 7,
                    std::vector<std::string> names = {"Alice", "Bob"}) {
    GameSetup s;
    s.catalog = &base_catalog();
    for (auto& n : names) s.players.push_back({n});
    s.seed = seed;
    s.hooks = hooks;
    s.expansions = std::move(expansions);
    return s;
}

// The registry with the scripted test module, shared by the tests here.
PluginRegistry& scripted() {
    static PluginRegistry registry(ck::test::capturing_logger().logger);
    static const bool loaded = registry.load(test_module("test_scripted")).status == ModuleStatus::Loaded;
    EXPECT_TRUE(loaded);
    return registry;
}

std::vector<uint8_t> snapshot(const Game& game) {
    StateSerializer s;
    const ck_bytes b = s.serialize(game, {});
    return {b.data, b.data + b.size};
}

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Plugin);
        return e.what();
    }
    return "(no error)";
}

void place_first_legal(Game& game) {
    game.place_tile(*game.drawn_tile(), game.legal_placements().front());
}

// A whole game of greedy (seat 0) against random through `hooks`.
Game greedy_against_random(PluginHooks& hooks, uint64_t seed) {
    Game game(setup_for(&hooks, hooks.expansion_ids(), seed));
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    agents.push_back(make_player("greedy", seed));
    agents.push_back(make_player("random", seed));
    play_to_end(game, agents);
    return game;
}

}  // namespace

TEST(Bridge, GameStartGivesTokensAndExpansionData) {
    PluginHooks hooks(scripted().resolve({"test.good"}));
    Game game(setup_for(&hooks, hooks.expansion_ids()));
    EXPECT_EQ(game.player(0).token_count("TEST_TOKEN"), 2);
    EXPECT_EQ(game.player(1).token_count("TEST_TOKEN"), 2);
    ASSERT_EQ(game.expansion_data().count("test.good"), 1u);
    EXPECT_EQ(game.expansion_data().at("test.good"), (std::vector<uint8_t>{1, 2, 3}));
}

TEST(Bridge, FigureOptionOfferedAndAppliedOnThePlacedTile) {
    PluginHooks hooks(scripted().resolve({"test.good"}));
    Game game(setup_for(&hooks, hooks.expansion_ids()));
    place_first_legal(game);
    const TileRef placed = *game.placed_this_turn();
    ASSERT_EQ(game.expansion_options().size(), 1u);
    const ExpansionOption& o = game.expansion_options()[0];
    EXPECT_EQ(o.action, "place-token");
    EXPECT_EQ(o.token_kind, "TEST_TOKEN");
    EXPECT_EQ(o.at, placed);
    game.apply_expansion_option(0);
    ASSERT_EQ(game.tokens().size(), 1u);
    EXPECT_EQ(game.tokens()[0].at, placed);
    EXPECT_EQ(game.tokens()[0].kind, "TEST_TOKEN");
    EXPECT_EQ(game.player(0).token_count("TEST_TOKEN"), 1);
    EXPECT_TRUE(game.figure_action_taken());
}

TEST(Bridge, GarbageResponseIsRejectedAndTheGameUnchanged) {
    Game game(setup_for(nullptr, {}));
    const auto before = snapshot(game);
    PluginHooks bad(scripted().resolve({"test.garbage"}));
    const std::string error = error_of([&] { bad.on_game_start(game); });
    EXPECT_THAT(error, HasSubstr("plugin module " + test_module("test_scripted").string()));
    EXPECT_THAT(error, HasSubstr("expansion test.garbage, hook GAME_START: response rejected"));
    EXPECT_THAT(error, HasSubstr("fails FlatBuffers verification"));
    EXPECT_EQ(snapshot(game), before);
}

TEST(Bridge, EffectNotAllowedForTheHookIsRejectedBeforeAnyIsApplied) {
    Game game(setup_for(nullptr, {}));
    const auto before = snapshot(game);
    PluginHooks bad(scripted().resolve({"test.disallowed"}));
    const std::string error = error_of([&] { bad.on_game_start(game); });
    EXPECT_THAT(error, HasSubstr("expansion test.disallowed, hook GAME_START"));
    EXPECT_THAT(error, HasSubstr("effect #1 (EndGame): effect not allowed for this hook"));
    EXPECT_EQ(game.score(0), 0);  // effect #0 (AddPoints 3) was valid but not applied
    EXPECT_FALSE(game.is_over());
    EXPECT_EQ(snapshot(game), before);
}

TEST(Bridge, PlayerOutOfRangeIsRejectedAndTheGameUnchanged) {
    Game game(setup_for(nullptr, {}));
    const auto before = snapshot(game);
    PluginHooks bad(scripted().resolve({"test.bad-player"}));
    const std::string error = error_of([&] { bad.on_game_start(game); });
    EXPECT_THAT(error, HasSubstr("expansion test.bad-player, hook GAME_START"));
    EXPECT_THAT(error, HasSubstr("effect #1 (GiveTokens): player 7 out of range (the game has 2 players)"));
    EXPECT_EQ(game.score(0), 0);
    EXPECT_EQ(snapshot(game), before);
}

TEST(Bridge, ErrorStatusCarriesThePluginsMessageAndStatusName) {
    PluginHooks failing(scripted().resolve({"test.failing"}));
    const std::string error = error_of([&] { Game game(setup_for(&failing, failing.expansion_ids())); });
    EXPECT_THAT(error, HasSubstr("expansion test.failing, hook GAME_START: call_hook failed with CK_E_INTERNAL: "
                                 "deliberate failure in test.failing"));
}

TEST(Bridge, TokenOnATileOffTheBoardIsRejectedAndTheGameUnchanged) {
    PluginHooks hooks(scripted().resolve({"test.wrong-tile"}));
    Game game(setup_for(&hooks, hooks.expansion_ids()));
    place_first_legal(game);
    ASSERT_EQ(game.expansion_options().size(), 1u);
    const auto before = snapshot(game);
    const std::string error = error_of([&] { game.apply_expansion_option(0); });
    EXPECT_THAT(error, HasSubstr("hook APPLY_FIGURE_ACTION: response rejected: effect #0 (PlaceToken): "
                                 "tile (1000,1000) is not on the board"));
    EXPECT_EQ(snapshot(game), before);
    EXPECT_EQ(game.phase(), Phase::ActionPhase);
}

TEST(Bridge, BonusPointsComeAfterEveryModifier) {
    PluginHooks hooks(scripted().resolve({"test.good", "test.multiplier"}));
    Game game(setup_for(&hooks, hooks.expansion_ids()));
    ScoredFeatureInfo city;
    city.id = 1;
    city.kind = FeatureKind::City;
    city.completed = true;
    city.parts = {game.placed_tiles().front().at};
    city.base_points = city.points = 4;
    city.scorers = {0};
    city.name = "city";
    // test.multiplier doubles (FEATURE_SCORING), test.good adds 1 (BONUS_POINTS): 4 * 2 + 1.
    std::vector<ck::host::PointsAdjustment> why;
    EXPECT_EQ(hooks.score_feature(game, city, &why), 9);
    // Each change is kept with the module's reason, in the order made (the breakdown's "+ 4 double + 1 bonus").
    ASSERT_EQ(why.size(), 2u);
    EXPECT_EQ(why[0].delta, 4);
    EXPECT_EQ(why[0].reason, "double");
    EXPECT_EQ(why[1].delta, 1);
    EXPECT_EQ(why[1].reason, "bonus");
}

TEST(Bridge, StateIsSerialisedOncePerVersion) {
    PluginHooks hooks(scripted().resolve({"test.good"}));
    Game game(setup_for(&hooks, hooks.expansion_ids()));
    ScoredFeatureInfo road;
    road.kind = FeatureKind::Road;
    road.points = road.base_points = 2;
    road.scorers = {1};
    const auto before = hooks.stats();
    EXPECT_EQ(hooks.score_feature(game, road, nullptr), 3);
    EXPECT_EQ(hooks.score_feature(game, road, nullptr), 3);
    EXPECT_EQ(hooks.stats().hook_calls, before.hook_calls + 2);
    EXPECT_EQ(hooks.stats().serialisations, before.serialisations + 1);
    place_first_legal(game);  // a new state (FIGURE_OPTIONS serialised it)
    const auto after_place = hooks.stats().serialisations;
    EXPECT_EQ(after_place, before.serialisations + 2);
    hooks.score_feature(game, road, nullptr);
    EXPECT_EQ(hooks.stats().serialisations, after_place);
}

// Between the scoring hooks of one feature and the next only scores change:
// the bridge rewrites them in the bytes it has, which must be exactly the
// bytes a new serialisation would give.
TEST(Bridge, AChangeOfScoresOnlyIsPatchedIntoTheStateAsASerialisationWouldWriteIt) {
    PluginHooks hooks(scripted().resolve({"test.good"}));
    Game game(setup_for(&hooks, hooks.expansion_ids()));
    hooks.state_bytes(game);
    const auto before = hooks.stats();
    const uint64_t content = game.content_version();
    game.add_points(1, 5, "test.points");
    game.add_points(0, 2, "test.points");
    EXPECT_EQ(game.content_version(), content) << "points change the scores only";
    const ck_bytes patched = hooks.state_bytes(game);
    EXPECT_EQ(hooks.stats().score_patches, before.score_patches + 1);
    EXPECT_EQ(hooks.stats().serialisations, before.serialisations);
    const std::vector<uint8_t> patched_bytes(patched.data, patched.data + patched.size);
    const auto* state = ck::fb::GetGameState(patched.data);
    ASSERT_EQ(state->players()->size(), 2u);
    EXPECT_EQ(state->players()->Get(0)->score(), game.score(0));
    EXPECT_EQ(state->players()->Get(1)->score(), game.score(1));

    PluginHooks fresh(scripted().resolve({"test.good"}));
    const ck_bytes serialised = fresh.state_bytes(game);
    EXPECT_EQ(patched_bytes, std::vector<uint8_t>(serialised.data, serialised.data + serialised.size));

    place_first_legal(game);  // more than scores: serialised anew
    hooks.state_bytes(game);
    EXPECT_GT(hooks.stats().serialisations, before.serialisations);
    EXPECT_EQ(hooks.stats().score_patches, before.score_patches + 1);
}

TEST(Bridge, SerialisedStateDescribesTheGame) {
    PluginHooks hooks(scripted().resolve({"test.good"}));
    Game game(setup_for(&hooks, hooks.expansion_ids(), 11, {"Ann", "Ben", "Cy"}));
    place_first_legal(game);
    game.apply_expansion_option(0);
    const ck_bytes bytes = hooks.state_bytes(game);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(bytes.data) % 8, 0u);
    flatbuffers::Verifier verifier(bytes.data, bytes.size);
    ASSERT_TRUE(ck::fb::VerifyGameStateBuffer(verifier));
    const ck::fb::GameState* s = ck::fb::GetGameState(bytes.data);
    const ck::fb::GameSetup* setup = s->setup_nested_root();
    ASSERT_NE(setup, nullptr);
    flatbuffers::Verifier setup_verifier(s->setup()->data(), s->setup()->size());
    ASSERT_TRUE(ck::fb::VerifyGameSetupBuffer(setup_verifier));
    ASSERT_EQ(s->tiles()->size(), game.placed_tiles().size());
    for (size_t i = 0; i < game.placed_tiles().size(); ++i) {
        const auto& t = *s->tiles()->Get(static_cast<flatbuffers::uoffset_t>(i));
        EXPECT_EQ(setup->tile_types()->Get(t.tile_type())->str(), game.tile_def(game.placed_tiles()[i].type).id);
        EXPECT_EQ(t.at().x(), game.placed_tiles()[i].at.pos.x);
        EXPECT_EQ(t.rotation(), game.placed_tiles()[i].rotation);
    }
    ASSERT_EQ(s->players()->size(), 3u);
    ASSERT_EQ(setup->player_names()->size(), 3u);
    EXPECT_EQ(setup->player_names()->Get(2)->str(), "Cy");
    ASSERT_EQ(setup->figure_kinds()->size(), 1u);
    EXPECT_EQ(setup->figure_kinds()->Get(0)->str(), "small");
    // One stock per player (grouped by player, in order); Ann placed one of hers.
    const auto* stocks = s->token_stocks();
    ASSERT_EQ(stocks->size(), game.player_count());
    for (uint8_t p = 0; p < stocks->size(); ++p) {
        EXPECT_EQ(stocks->Get(p)->player(), p);
        EXPECT_EQ(setup->token_kinds()->Get(stocks->Get(p)->kind())->str(), "TEST_TOKEN");
        EXPECT_EQ(stocks->Get(p)->count(), game.player(p).tokens.at(0).second);
    }
    EXPECT_EQ(stocks->Get(0)->count(), 1);
    ASSERT_EQ(s->tokens()->size(), 1u);
    EXPECT_EQ(setup->token_kinds()->Get(s->tokens()->Get(0)->kind())->str(), "TEST_TOKEN");
    EXPECT_EQ(setup->expansions()->Get(0)->str(), "test.good");
    ASSERT_EQ(s->expansion_data()->size(), 1u);
    EXPECT_EQ(s->expansion_data()->Get(0)->expansion(), 0);
    EXPECT_EQ(s->turn()->number(), 1u);
    EXPECT_TRUE(s->turn()->has_placed_tile());
    EXPECT_TRUE(s->turn()->figure_action_taken());
    EXPECT_EQ(s->tiles_left(), game.tiles_left());

    // The same hooks serving a game with other players rebuild the
    // per-game constants: no stale names.
    Game other(setup_for(&hooks, hooks.expansion_ids(), 12, {"Zed", "Yan"}));
    const ck::fb::GameState* s2 = ck::fb::GetGameState(hooks.state_bytes(other).data);
    EXPECT_EQ(s2->players()->size(), 2u);
    EXPECT_EQ(s2->setup_nested_root()->player_names()->Get(0)->str(), "Zed");
}

TEST(Bridge, WholeGamesWithTheTestExpansionEndWithItsFinalPoints) {
    PluginHooks hooks(scripted().resolve({"test.good"}));
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        Game game(setup_for(&hooks, hooks.expansion_ids(), seed));
        std::vector<std::unique_ptr<PlayerAgent>> agents;
        agents.push_back(make_player("random", seed));
        agents.push_back(make_player("random", seed + 100));
        play_to_end(game, agents);
        ASSERT_TRUE(game.is_over());
        int final_entries = 0;
        for (const auto& e : game.score_log())
            if (e.name == "test.final") final_entries += (e.player == 0 && e.points == 5);
        EXPECT_EQ(final_entries, 1) << "seed " << seed;
    }
}

TEST(Bridge, LittleBuildingsFromTheShippedModulePlaysWholeGames) {
    PluginRegistry registry(ck::test::capturing_logger().logger);
    ASSERT_EQ(registry.load(ck::test::shipped_module()).status, ModuleStatus::Loaded);
    PluginHooks hooks(registry.resolve({"little-buildings"}));
    size_t tokens_placed = 0;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        const Game game = greedy_against_random(hooks, seed);
        EXPECT_TRUE(game.is_over());
        tokens_placed += game.tokens().size();
        for (const auto& t : game.tokens()) EXPECT_THAT(t.kind, testing::StartsWith("LB_"));
    }
    EXPECT_GT(tokens_placed, 0u);
}

// Modules built for release 1.2.0 (they offer ABI 1.0..1.1 and schema
// revisions 3..5) and 1.3.0 (ABI 1.0..1.2, revisions 3..6) keep working in
// this host: each loaded at its highest versions, its final-scoring hook
// gives its point in whole games.
TEST(ReleasedModules, ModulesOfReleases120And130LoadAndPlayWholeGames) {
    struct Released {
        const char* module;
        uint32_t abi_minor, schema_revision;
    };
    for (const Released& m : {Released{"test_release_120", 1, 5}, Released{"test_release_130", 2, 6}}) {
        SCOPED_TRACE(m.module);
        PluginRegistry registry(ck::test::capturing_logger().logger);
        const auto r = registry.load(test_module(m.module));
        ASSERT_EQ(r.status, ModuleStatus::Loaded) << r.reason;
        EXPECT_EQ(r.module->abi_minor(), m.abi_minor);
        EXPECT_EQ(r.module->schema_revision(), m.schema_revision);
        PluginHooks hooks(registry.resolve({"test.ranged"}));
        for (uint64_t seed = 1; seed <= 2; ++seed) {
            const Game game = greedy_against_random(hooks, seed);
            ASSERT_TRUE(game.is_over());
            EXPECT_EQ(ck::host::test::points_named(game, 0, "ranged"), 1) << "seed " << seed;
            EXPECT_EQ(ck::host::test::entries_named(game, "ranged"), 1) << "seed " << seed;
        }
    }
}

// ---------------------------------------------------------------- tile step

TEST(BridgeTileStep, PlacementCheckVetoesEveryPlacementEastOfTheStart) {
    PluginHooks hooks(scripted().resolve({"test.veto-east"}));
    GameSetup setup = setup_for(&hooks, hooks.expansion_ids(), 11);
    setup.draw_order = {"BA/RFr", "BA/RFr"};  // a straight road: it fits east and west of the start
    Game game(setup);
    std::vector<Placement> all;
    game.legal_placements_of(*game.drawn_tile(), all);
    const auto east = std::count_if(all.begin(), all.end(), [](const Placement& p) { return p.at.pos.x > 0; });
    ASSERT_GT(east, 0) << "the first tile fits east of the start tile";
    EXPECT_EQ(game.legal_placements().size(), all.size() - static_cast<size_t>(east));
    for (const Placement& p : game.legal_placements()) EXPECT_LE(p.at.pos.x, 0);

    // A vetoed placement is refused even though the geometry allows it.
    const Placement vetoed = *std::find_if(all.begin(), all.end(), [](const Placement& p) { return p.at.pos.x > 0; });
    try {
        game.place_tile(*game.drawn_tile(), vetoed);
        FAIL() << "a vetoed placement was accepted";
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::IllegalMove);
        EXPECT_THAT(e.what(), HasSubstr("an expansion vetoed this placement"));
    }

    // A whole game never goes east of x = 0.
    RandomPlayer agent(3);
    while (!game.is_over()) play_turn(game, agent);
    for (const PlacedTile& t : game.placed_tiles()) EXPECT_LE(t.at.pos.x, 0);
}

TEST(BridgeTileStep, TilePlacedIsCalledOncePerTileWithItsEffectsApplied) {
    PluginHooks hooks(scripted().resolve({"test.tile-placed"}));
    Game game(setup_for(&hooks, hooks.expansion_ids(), 11));
    RandomPlayer agent(5);
    for (int turn = 0; turn < 6; ++turn) play_turn(game, agent);
    int tile_points = 0;
    for (const ScoreEntry& e : game.score_log())
        if (e.name == "test.tile") tile_points += e.points;
    EXPECT_EQ(tile_points, 6);  // 1 per regular tile, none from a hand
}

TEST(BridgeTileStep, VetoOfACandidateNeverAskedAboutIsRejected) {
    PluginHooks hooks(scripted().resolve({"test.bad-veto"}));
    try {
        Game game(setup_for(&hooks, hooks.expansion_ids(), 11));
        FAIL() << "the bad veto was accepted";
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Plugin);
        EXPECT_THAT(e.what(), HasSubstr("expansion test.bad-veto, hook PLACEMENT_CHECK: response rejected"));
        EXPECT_THAT(e.what(), HasSubstr("out of range"));
    }
}

// ---- Misbehaving modules (issue 11). Each refusal names the plugin module,
// the expansion, the hook and the problem, and the game is exactly as it was
// before the call (its serialised state is compared).

namespace {

// The refusal of `expansion`'s GAME_START, called on a game in progress;
// checks the game is unchanged.
std::string game_start_refusal(PluginRegistry& registry, const std::string& expansion,
                               std::chrono::milliseconds budget = limits::kDefaultHookTimeBudget) {
    Game game(setup_for(nullptr, {}));
    place_first_legal(game);
    const auto before = snapshot(game);
    const int score = game.score(0);
    PluginHooks bad(registry.resolve({expansion}));
    bad.set_time_budget(budget);
    const std::string error = error_of([&] { bad.on_game_start(game); });
    EXPECT_EQ(snapshot(game), before) << error;
    EXPECT_EQ(game.score(0), score);
    return error;
}

PluginRegistry& throwing() {
    static PluginRegistry registry(ck::test::capturing_logger().logger);
    static const bool loaded = registry.load(test_module("test_throwing")).status == ModuleStatus::Loaded;
    EXPECT_TRUE(loaded);
    return registry;
}

}  // namespace

TEST(BridgeMisbehaving, TruncatedResponseIsRejectedAndTheGameUnchanged) {
    const std::string error = game_start_refusal(scripted(), "test.truncated");
    EXPECT_THAT(error, HasSubstr("plugin module " + test_module("test_scripted").string() +
                                 ", expansion test.truncated, hook GAME_START: response rejected: "));
    EXPECT_THAT(error, HasSubstr("fails FlatBuffers verification"));
}

TEST(BridgeMisbehaving, OversizedResponseIsRefusedBeforeItIsRead) {
    // The module's buffer holds 64 bytes but claims CK_MAX_BUFFER_SIZE + 1:
    // the host refuses it from its size (under ASan a read past the 64
    // bytes would be reported).
    const std::string error = game_start_refusal(scripted(), "test.oversized");
    EXPECT_THAT(error, HasSubstr("expansion test.oversized, hook GAME_START: response rejected: buffer of " +
                                 std::to_string(CK_MAX_BUFFER_SIZE + 1) + " bytes exceeds CK_MAX_BUFFER_SIZE"));
}

TEST(BridgeMisbehaving, HookClaimedButNotImplementedIsRefused) {
    const std::string error = game_start_refusal(scripted(), "test.unimplemented");
    EXPECT_THAT(error, HasSubstr("plugin module " + test_module("test_scripted").string() +
                                 ", expansion test.unimplemented, hook GAME_START: call_hook failed with "
                                 "CK_E_UNSUPPORTED_HOOK: hook 0 is not implemented by test.unimplemented"));
}

TEST(BridgeMisbehaving, ExceptionInAnSdkHookIsCkEInternalAndNothingIsApplied) {
    // The hook added 3 points, then threw: the SDK delivers no effect.
    const std::string error = game_start_refusal(throwing(), "test.throwing");
    EXPECT_THAT(error, HasSubstr("plugin module " + test_module("test_throwing").string() +
                                 ", expansion test.throwing, hook GAME_START: call_hook failed with "
                                 "CK_E_INTERNAL: "));
    EXPECT_THAT(error, HasSubstr("deliberate exception in test.throwing"));
}

TEST(BridgeMisbehaving, HookSlowerThanTheTimeBudgetIsRefused) {
    // test.slow answers (3 points) after 150 ms; the budget is 20 ms.
    const std::string error = game_start_refusal(scripted(), "test.slow", std::chrono::milliseconds(20));
    EXPECT_THAT(error, HasSubstr("plugin module " + test_module("test_scripted").string() +
                                 ", expansion test.slow, hook GAME_START: took "));
    EXPECT_THAT(error, HasSubstr(" ms, more than its time budget of 20 ms; the response is refused"));
}

// A budget of 50 ms or more is read from the coarse clock (budget_clock.hpp):
// a 150 ms hook is still refused under 100 ms, and its time still told.
TEST(BridgeMisbehaving, HookSlowerThanACoarseTimedBudgetIsRefused) {
#ifdef __linux__
    EXPECT_TRUE(BudgetClock(std::chrono::milliseconds(100)).coarse());
    EXPECT_TRUE(BudgetClock(limits::kDefaultHookTimeBudget).coarse());
#endif
    EXPECT_FALSE(BudgetClock(std::chrono::milliseconds(20)).coarse()) << "small budgets keep steady_clock";
    const std::string error = game_start_refusal(scripted(), "test.slow", std::chrono::milliseconds(100));
    EXPECT_THAT(error, HasSubstr("expansion test.slow, hook GAME_START: took "));
    EXPECT_THAT(error, HasSubstr(" ms, more than its time budget of 100 ms; the response is refused"));
}

TEST(BridgeMisbehaving, HookWithinTheTimeBudgetIsApplied) {
    PluginHooks hooks(scripted().resolve({"test.slow"}));
    EXPECT_EQ(hooks.time_budget(), limits::kDefaultHookTimeBudget);
    EXPECT_EQ(limits::kDefaultHookTimeBudget, std::chrono::milliseconds(1000));
    Game game(setup_for(&hooks, hooks.expansion_ids()));
    EXPECT_EQ(game.score(0), 3);
}

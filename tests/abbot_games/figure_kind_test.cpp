// What the host does with any declared figure kind, without a plugin: the
// kinds go straight into GameSetup::figure_kinds, as they would from a
// manifest (docs/abi.md, "Figure kinds"). The start tile is BA/RCr at (0,0).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>

#include "abbot_game.hpp"
#include "core/location_names.hpp"
#include "core/players.hpp"

namespace ck::host::test {
namespace {

using testing::ElementsAre;
using testing::HasSubstr;
using testing::Pair;

constexpr auto Road = FeatureKind::Road;
constexpr uint8_t kOther = 1;  // the one declared kind of each test

FigureKind road_figure(const std::string& id, int strength) {
    FigureKind k;
    k.id = id;
    k.name = id;
    k.count = 2;
    k.stands_on = {Road};
    k.strength = strength;
    k.jcz_type = id;
    return k;
}

// Alice's figure of `alice_kind` on the road of BA/RFr at (1,0), Bob's
// small follower on a curve at (1,1), and two curves that join both roads
// into one open road of 5 tiles, scored at the end (jcz-interop §5.2).
Game joined_road(const FigureKind& alice_kind) {
    GameSetup setup = base_setup({"BA/RFr", "BA/Rr", "BA/Rr", "BA/Rr"}, 2, 4);
    setup.figure_kinds = {alice_kind};
    Game game(setup);
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    const size_t i = figure_option(game, kOther, Road, "W");
    EXPECT_LT(i, game.meeple_options().size());
    game.deploy_meeple(game.meeple_options().at(i).pointer, *game.next_meeple(kOther));
    game.commit(0.5);
    play(game, Turn{"BA/Rr", 1, 1, 3, Road, "S.E"});  // Bob, a road of its own
    play(game, Turn{"BA/Rr", 2, 0, 0});             // W and S
    play(game, Turn{"BA/Rr", 2, 1, 1});             // N and W: the two roads are one
    EXPECT_TRUE(game.is_over());
    return game;
}

TEST(FigureKinds, MajorityWeighsEachFigureByItsKindsStrength) {
    const Game big = joined_road(road_figure("big", 2));
    EXPECT_THAT(entries_of(big, 0), ElementsAre(Pair("road.incomplete", 5))) << "2 against 1";
    EXPECT_TRUE(entries_of(big, 1).empty());

    const Game even = joined_road(road_figure("twin", 1));
    EXPECT_THAT(entries_of(even, 0), ElementsAre(Pair("road.incomplete", 5))) << "1 against 1: both score";
    EXPECT_THAT(entries_of(even, 1), ElementsAre(Pair("road.incomplete", 5)));

    const Game weightless = joined_road(road_figure("marker", 0));
    EXPECT_TRUE(entries_of(weightless, 0).empty()) << "strength 0 never takes part in a majority";
    EXPECT_THAT(entries_of(weightless, 1), ElementsAre(Pair("road.incomplete", 5)));
}

TEST(FigureKinds, AFigureOccupiesItsFeatureWhateverItsStrength) {
    GameSetup setup = base_setup({"BA/RFr", "BA/RFr"});
    setup.figure_kinds = {road_figure("marker", 0)};
    Game game(setup);
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    game.deploy_meeple(game.meeple_options().at(figure_option(game, kOther, Road, "W")).pointer,
                       *game.next_meeple(kOther));
    EXPECT_EQ(game.feature_at(ptr(1, 0, Road, "W.E")).followers[0], 0) << "no weight";
    game.commit(0.5);
    game.place_tile("BA/RFr", {{2, 0}, Corner::None}, 0);
    for (const MeepleOption& o : game.meeple_options()) EXPECT_NE(o.pointer.kind, Road) << "the road is occupied";
}

TEST(FigureKinds, AKindNotBoundToTheTileJustPlacedIsOfferedOnEveryTile) {
    GameSetup setup = base_setup({"BA/RFr"});
    FigureKind roamer = road_figure("roamer", 1);
    roamer.tile_just_placed = false;
    setup.figure_kinds = {roamer};
    Game game(setup);
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 2);  // joins the start tile's road
    std::vector<TileRef> at;
    for (const MeepleOption& o : game.meeple_options())
        if (o.kind == kOther) at.push_back(o.pointer.at);
    // One road across both tiles: one option per segment, on either tile.
    EXPECT_THAT(at, ElementsAre(TileRef{{0, 0}, Corner::None}, TileRef{{1, 0}, Corner::None}));
    game.deploy_meeple(ptr(0, 0, Road, "W.E"), *game.next_meeple(kOther));
    EXPECT_EQ(game.meeple_text(game.figures().at(0).meeple), "0.roamer.1");
}

TEST(FigureKinds, SupplyIsKeptPerKindAndMeepleIdsNameTheKind) {
    GameSetup setup = base_setup({"BA/RRR", "BA/RRR"});
    setup.figure_kinds = {road_figure("big", 2)};
    Game game(setup);
    EXPECT_THAT(game.figure_kind_ids(), ElementsAre("small", "big"));
    EXPECT_EQ(game.parse_meeple("1.big.2"), (MeepleId{1, 2, kOther}));
    EXPECT_EQ(game.meeple_text(MeepleId{1, 2, kOther}), "1.big.2");
    EXPECT_THAT(error_of([&] { game.parse_meeple("0.abbot.1"); }), HasSubstr("no figure of type \"abbot\""));
    game.place_tile("BA/RRR", {{1, 0}, Corner::None}, 0);
    game.deploy_meeple(ptr(1, 0, Road, "W"), MeepleId{0, 2, kOther});
    EXPECT_EQ(game.player(0).figures_in_supply(kOther), 1);
    EXPECT_EQ(game.player(0).figures_in_supply(kSmall), 7);
    game.commit(0.5);
    play(game, Turn{"BA/RRR", -1, 0, 2});  // completes the road: the big figure scores 3 and comes home
    EXPECT_THAT(entries_of(game, 0), ElementsAre(Pair("road", 3)));
    EXPECT_EQ(game.player(0).figures_in_supply(kOther), 2);
}

// A kind that joins its owner's follower (the builder, the pig: schema
// revision 10), played through a whole game in which every player puts
// one down whenever the host offers it: it is offered exactly on the
// unfinished features of the tile just placed where its owner has strength
// and no figure of its kind, it adds no strength, it keeps others off the
// feature, and it goes home when the feature is completed.
TEST(FigureKinds, AKindThatJoinsItsOwnersFollowerIsOfferedExactlyBesideIt) {
    GameSetup setup = base_setup({});
    setup.tile_sets = {{"basic:1", 1}};
    setup.seed = 11;
    FigureKind builder = road_figure("builder", 0);
    builder.stands_on = {Road, FeatureKind::City};
    builder.joins_own_follower = true;
    setup.figure_kinds = {builder};
    Game game(setup);
    RandomPlayer random(11);
    int offered = 0, deployed = 0, beside_own_builder = 0;
    while (!game.is_over()) {
        if (game.phase() == Phase::TilePhase) {
            game.place_tile(*game.drawn_tile(), game.legal_placements().at(random.choose_placement(game)));
            continue;
        }
        if (game.phase() == Phase::CommitActionPhase) {
            game.commit();
            for (const PlacedFigure& f : game.figures())  // completed features sent everyone home
                EXPECT_FALSE(game.feature_at(f.pointer).completed) << game.meeple_text(f.meeple);
            continue;
        }
        ASSERT_EQ(game.phase(), Phase::ActionPhase);
        const uint8_t me = game.active_player();
        const auto own_builder_on = [&](uint32_t feature) {
            return std::any_of(game.figures().begin(), game.figures().end(), [&](const PlacedFigure& f) {
                return f.meeple.player == me && f.meeple.kind == kOther && game.feature_at(f.pointer).id == feature;
            });
        };
        // Every road and city segment of the tile just placed, and whether a builder may join it.
        std::vector<FeaturePointer> expected;
        const PlacedTile& placed = game.placed_tiles().back();
        for (const Segment& s : game.tile_def(placed.type).segments) {
            if (s.kind != Road && s.kind != FeatureKind::City) continue;
            const FeaturePointer p{placed.at, s.kind, loc::rotate_cw(s.location, static_cast<int>(placed.rotation))};
            const FeatureView f = game.feature_at(p);
            if (f.followers[me] == 0 || f.completed || game.player(me).figures_in_supply(kOther) == 0) continue;
            if (own_builder_on(f.id)) ++beside_own_builder;  // one of theirs there already: none offered
            else expected.push_back(p);
        }
        std::vector<FeaturePointer> builders;
        std::optional<size_t> builder_option;
        for (size_t i = 0; i < game.meeple_options().size(); ++i) {
            const MeepleOption& o = game.meeple_options()[i];
            if (o.kind != kOther) {
                EXPECT_EQ(game.feature_view(o.feature).followers, (std::array<uint8_t, kMaxPlayers>{}));
                continue;
            }
            builders.push_back(o.pointer);
            builder_option = i;
        }
        EXPECT_EQ(builders, expected) << "turn " << game.turn_number();
        offered += !builders.empty();
        if (!builder_option) {
            apply_figure_choice(game, random.choose_figure(game));
            continue;
        }
        const MeepleOption o = game.meeple_options()[*builder_option];
        const FeatureView before = game.feature_view(o.feature);
        game.deploy_meeple(o.pointer, *game.next_meeple(kOther));
        ++deployed;
        EXPECT_EQ(game.feature_at(o.pointer).followers, before.followers) << "a builder adds no strength";
    }
    EXPECT_GE(offered, 4);
    EXPECT_GE(deployed, 4);
    EXPECT_GE(beside_own_builder, 1);
    // Deploying one where the player has no follower is refused, saying why.
    GameSetup lone = base_setup({"BA/RFr"});
    lone.figure_kinds = {builder};
    Game alone(lone);
    alone.place_tile("BA/RFr", {{1, 0}, Corner::None}, 2);
    const PlacedTile& t = alone.placed_tiles().back();
    const auto road = std::find_if(alone.tile_def(t.type).segments.begin(), alone.tile_def(t.type).segments.end(),
                                   [](const Segment& s) { return s.kind == Road; });
    const FeaturePointer on_road{t.at, Road, loc::rotate_cw(road->location, static_cast<int>(t.rotation))};
    EXPECT_THAT(error_of([&] { alone.deploy_meeple(on_road, *alone.next_meeple(kOther)); }),
                HasSubstr("the builder joins only a feature where the player has a follower, and one builder of "
                          "theirs at most"));
}

// A figure that joined its owner's follower cannot stay alone: when the
// follower is sent home during the game (the dragon, the princess: an
// expansion's ReturnFigures), it goes home too, as JCloisterZone's
// "lonely" builder and pig do; the other player's figures stay.
TEST(FigureKinds, AFigureThatJoinedItsFollowerGoesHomeWhenTheFollowerIsSentHome) {
    FigureKind builder = road_figure("builder", 0);
    builder.joins_own_follower = true;
    GameSetup setup = base_setup({"BA/RFr", "BA/Rr", "BA/Rr"}, 2, 3);
    setup.figure_kinds = {builder};
    Game game(setup);
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    game.deploy_meeple(game.meeple_options().at(figure_option(game, kSmall, Road, "W")).pointer,
                       *game.next_meeple(kSmall));
    game.commit(0.5);
    play(game, Turn{"BA/Rr", 1, 1, 3, Road, "S.E"});  // Bob, a road of his own
    game.place_tile("BA/Rr", {{2, 0}, Corner::None}, 0);  // W and S: Alice's road goes on
    const size_t b = figure_option(game, kOther, Road, "W");
    ASSERT_LT(b, game.meeple_options().size()) << "the builder joins Alice's road";
    game.deploy_meeple(game.meeple_options()[b].pointer, *game.next_meeple(kOther));
    ASSERT_EQ(game.figures().size(), 3u);
    EXPECT_EQ(game.return_figures({{1, 0}, Corner::None}, 0, "test.dragon"), 1);
    ASSERT_EQ(game.figures().size(), 1u) << "the builder went home with Alice's follower";
    EXPECT_EQ(game.figures()[0].meeple.player, 1);
    EXPECT_EQ(game.player(0).figures_in_supply(kSmall), setup.followers_per_player);
    EXPECT_EQ(game.player(0).figures_in_supply(kOther), 2);
    ASSERT_EQ(game.sent_home().size(), 2u);
    EXPECT_EQ(game.sent_home()[1].meeple.kind, kOther);
    EXPECT_EQ(game.sent_home()[1].by, "test.dragon");
}

TEST(FigureKinds, BadDeclarationsAreRefusedAtSetup) {
    const auto refused = [](FigureKind k) {
        GameSetup setup = base_setup({});
        setup.figure_kinds = {std::move(k)};
        return error_of([&] { Game game(setup); });
    };
    EXPECT_THAT(refused(road_figure("small", 1)), HasSubstr("clashes with figure kind \"small\""));
    FigureKind none = road_figure("idle", 1);
    none.stands_on.clear();
    EXPECT_THAT(refused(none), HasSubstr("stands on no feature kind"));
    FigureKind many = road_figure("horde", 1);
    many.count = 33;
    EXPECT_THAT(refused(many), HasSubstr("count 33 per player"));
    EXPECT_THAT(refused(road_figure("Bad.Id", 1)), HasSubstr("is not a word"));
}

}  // namespace
}  // namespace ck::host::test

// What the host does with any declared figure kind, without a plugin: the
// kinds go straight into GameSetup::figure_kinds, as they would from a
// manifest (docs/abi.md, "Figure kinds"). The start tile is BA/RCr at (0,0).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "abbot_game.hpp"

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

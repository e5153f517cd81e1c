// What the host works out for the turn protocol (docs/abi.md, "Decisions",
// "Neutral figures and movement"): a decision's figure targets, the free
// segments of unfinished features where a figure may go, and a neutral
// figure that keeps every figure off its space (the dragon), whoever puts
// one there. Real boards, no expansion.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/location_names.hpp"
#include "game_helpers.hpp"

namespace ck::host::test {
namespace {

constexpr auto Road = FeatureKind::Road;

TileRef at(int x, int y) { return {{static_cast<int16_t>(x), static_cast<int16_t>(y)}, Corner::None}; }

bool offers(const Decision& d, int x, int y, const std::string& location) {
    return std::any_of(d.options.begin(), d.options.end(), [&](const DecisionOption& o) {
        return o.at == at(x, y) && o.location == parse_location(location) && o.target == DecisionTarget::Location;
    });
}

// Alice's follower on the west arm of the junction at (1,0), whose road
// runs on through the start tile; it may be moved to every free segment of
// an unfinished feature of the tiles named, not its own road.
struct FollowerOnARoad : ::testing::Test {
    Game game{base_setup({"BA/RRR", "BA/Rr", "BA/RRR", "BA/RRRR"})};
    void SetUp() override {
        play(game, {"BA/RRR", 1, 0, 0, Road, "W"});  // west arm joins the start tile's road
        play(game, {"BA/Rr", 0, 1, 0});
    }
};

TEST_F(FollowerOnARoad, FigureTargetsAreTheFreeSegmentsOfUnfinishedFeaturesWithTheirJczMessage) {
    Decision d;
    game.add_figure_target_options(d, 0, {at(0, 0), at(1, 0), at(0, 1)}, {}, /*unfinished_only=*/true);
    ASSERT_FALSE(d.options.empty());
    EXPECT_FALSE(offers(d, 1, 0, "W")) << "the road it stands on is no move";
    EXPECT_FALSE(offers(d, 0, 0, "WE")) << "nor that road through the start tile";
    EXPECT_TRUE(offers(d, 1, 0, "E")) << "an arm of the junction with nobody on it";
    EXPECT_TRUE(offers(d, 0, 0, "N")) << "the start tile's city";
    for (const DecisionOption& o : d.options) {
        EXPECT_EQ(o.jcz_type, "DEPLOY_MEEPLE");
        EXPECT_NE(o.jcz_payload.find("\"meepleId\":\"0.small.1\""), std::string::npos) << o.jcz_payload;
        EXPECT_NE(o.jcz_payload.find("\"position\":[" + std::to_string(o.at.pos.x) + "," + std::to_string(o.at.pos.y) + "]"),
                  std::string::npos)
            << o.jcz_payload;
    }
    Decision only;
    game.add_figure_target_options(only, 0, {}, {{at(1, 0), parse_location("E")}, {at(1, 0), parse_location("W")}}, true);
    ASSERT_EQ(only.options.size(), 1u) << "of two segments named, the one it stands on is left out";
    EXPECT_TRUE(offers(only, 1, 0, "E"));
}

TEST_F(FollowerOnARoad, ADecisionOfTargetsAloneMayComeWithoutOptionsToBePassedUnasked) {
    Decision d;
    d.key = "wagon";
    game.add_figure_target_options(d, 0, {}, {{at(1, 0), parse_location("W")}}, true);
    ASSERT_TRUE(d.options.empty());
    EXPECT_NE(error_of([&] { game.offer_decision(d); }), "(no error)") << "an empty choice with no pass is refused";
    d.skip_when_empty = true;  // its options were to come from figure targets: passed unasked
    EXPECT_EQ(error_of([&] { game.offer_decision(d); }), "(no error)");
}

TEST(NeutralFigures, OneThatBlocksFiguresKeepsThemOffItsSpaceWhoeverPutsThem) {
    GameSetup setup = base_setup({"BA/RRR", "BA/RRR"});
    setup.neutral_figures = {{"dragon", "the dragon", "dragon.1", "test", true}, {"fairy", "the fairy", "fairy.1", "test"}};
    Game game(setup);
    game.place_tile("BA/RRR", at(1, 0), 0);
    ASSERT_EQ(game.phase(), Phase::ActionPhase);
    game.move_neutral_figure(1, {at(1, 0), 0, std::nullopt});  // the fairy blocks nothing
    EXPECT_EQ(game.figure_target_problem(0, at(1, 0), parse_location("E"), false, nullptr), "");
    game.move_neutral_figure(0, {at(1, 0), 0, std::nullopt});
    EXPECT_EQ(game.figure_target_problem(0, at(1, 0), parse_location("E"), false, nullptr),
              "the dragon stands at (1,0): no figure may go there");
    EXPECT_EQ(game.figure_target_problem(0, at(0, 0), parse_location("N"), false, nullptr), "") << "elsewhere, as before";
}

}  // namespace
}  // namespace ck::host::test

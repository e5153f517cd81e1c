// What the host refuses of the turn protocol's newer effects before any is
// applied (docs/abi.md, "Figure strength", "Decisions": figure targets and
// JCloisterZone's confirmations), each with the reason a module's author
// reads: a response is checked against the state the hook was given.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cloisterkit/plugin.h>

#include "core/game.hpp"
#include "game_helpers.hpp"
#include "plugins/effect_applier.hpp"

using namespace ck::host;
using testing::HasSubstr;
namespace fb = ck::fb;

namespace {

// Alice's follower on the road of (1,0): figure 0 of the state.
Game game_with_a_follower() {
    Game game(test::base_setup({"BA/RRR", "BA/Rr"}));
    test::play(game, {"BA/RRR", 1, 0, 0, FeatureKind::Road, "W"});
    return game;
}

std::string refusal(const Game& game, ck_hook_id hook, fb::EffectUnion effect,
                    const std::vector<uint32_t>* strength_figures = nullptr) {
    fb::HookResponseT r;
    r.effects.push_back(std::make_unique<fb::EffectEntryT>());
    r.effects.back()->effect = std::move(effect);
    flatbuffers::FlatBufferBuilder b;
    b.Finish(fb::HookResponse::Pack(b, &r), "CKRS");
    EffectChecker checker;
    checker.begin(game, hook);
    checker.set_strength_figures(strength_figures);
    return checker.check(*flatbuffers::GetRoot<fb::HookResponse>(b.GetBufferPointer()), "test.expansion");
}

fb::EffectUnion strength(uint32_t figure, int value, int tiebreak = 0) {
    fb::SetFigureStrengthT s;
    s.figure = figure;
    s.strength = value;
    s.tiebreak = tiebreak;
    fb::EffectUnion u;
    u.Set(std::move(s));
    return u;
}

fb::EffectUnion wagon_decision(uint32_t figure, std::vector<fb::TileRef> tiles, const std::string& pass_type) {
    fb::OfferDecisionT d;
    d.player = 0;
    d.key = "wagon";
    d.may_pass = true;
    d.figure_targets = std::make_unique<fb::FigureTargetsT>();
    d.figure_targets->figure = figure;
    d.figure_targets->tiles = std::move(tiles);
    d.jcz_pass_type = pass_type;
    fb::EffectUnion u;
    u.Set(std::move(d));
    return u;
}

const fb::TileRef kRoadTile(1, 0, fb::Corner::None);

TEST(TurnProtocolChecks, AStrengthForAFigureTheCallDidNotNameOrOutOfRangeIsRefused) {
    const Game game = game_with_a_follower();
    const std::vector<uint32_t> figures{0};
    EXPECT_EQ(refusal(game, CK_HOOK_FIGURE_STRENGTH, strength(0, 3, 1), &figures), "");
    EXPECT_THAT(refusal(game, CK_HOOK_FIGURE_STRENGTH, strength(4, 3), &figures),
                HasSubstr("figure 4 is not one of the feature's figures"));
    EXPECT_THAT(refusal(game, CK_HOOK_FIGURE_STRENGTH, strength(0, 256), &figures),
                HasSubstr("strength 256 is outside 0..255"));
    EXPECT_THAT(refusal(game, CK_HOOK_FIGURE_STRENGTH, strength(0, 1, -1), &figures),
                HasSubstr("tiebreak -1 is outside 0..255"));
    EXPECT_THAT(refusal(game, CK_HOOK_TURN_END, strength(0, 3)), HasSubstr("effect not allowed for this hook"))
        << "weights only while a majority is worked out";
}

TEST(TurnProtocolChecks, FigureTargetsNamingNothingOnTheBoardAndABadPassTypeAreRefused) {
    const Game game = game_with_a_follower();
    EXPECT_EQ(refusal(game, CK_HOOK_FEATURE_COMPLETED, wagon_decision(0, {kRoadTile}, "PASS")), "")
        << "decisions may come from FEATURE_COMPLETED";
    EXPECT_THAT(refusal(game, CK_HOOK_FEATURE_COMPLETED, wagon_decision(3, {kRoadTile}, "PASS")),
                HasSubstr("figure_targets: figure 3 does not exist (1 on the board)"));
    EXPECT_THAT(refusal(game, CK_HOOK_FEATURE_COMPLETED, wagon_decision(0, {fb::TileRef(9, 9, fb::Corner::None)}, "")),
                HasSubstr("figure_targets tile (9,9) is not on the board"));
    EXPECT_THAT(refusal(game, CK_HOOK_FEATURE_COMPLETED, wagon_decision(0, {kRoadTile}, "pass")),
                HasSubstr("jcz_pass_type \"pass\" is not a message type (A-Z and _)"));
}

}  // namespace

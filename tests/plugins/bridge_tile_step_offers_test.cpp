// Tile-step offers as the host checks and applies them: OfferTileStepOption
// (one per option) and OfferTileStepOptions (schema revision 4: one action
// and label template for several tile types), and the pool that keeps
// their texts (plugins/option_texts.*).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cloisterkit/plugin.h>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "game_helpers.hpp"
#include "plugins/effect_applier.hpp"
#include "plugins/option_texts.hpp"

using namespace ck::host;
using testing::HasSubstr;
namespace fb = ck::fb;

namespace {

Game base_game() { return Game(ck::host::test::base_setup({})); }

using Offers = std::vector<std::pair<std::string, std::vector<uint16_t>>>;  // label template, tile types

// A response of one OfferTileStepOptions per entry, all with `action`.
flatbuffers::DetachedBuffer response_of(const Offers& offers, const std::string& action = "play-halfling") {
    flatbuffers::FlatBufferBuilder b;
    std::vector<flatbuffers::Offset<fb::EffectEntry>> entries;
    for (const auto& [label, types] : offers) {
        const auto o = fb::CreateOfferTileStepOptionsDirect(b, action.c_str(), label.c_str(), &types);
        entries.push_back(fb::CreateEffectEntry(b, fb::Effect::OfferTileStepOptions, o.Union()));
    }
    b.Finish(fb::CreateHookResponseDirect(b, &entries), "CKRS");
    return b.Release();
}

// A response of one OfferTileStepOption (revision 3: a table and two
// strings per option) per (tile type, label).
flatbuffers::DetachedBuffer response_of_single_offers(const std::vector<std::pair<uint16_t, std::string>>& offers) {
    flatbuffers::FlatBufferBuilder b;
    std::vector<flatbuffers::Offset<fb::EffectEntry>> entries;
    for (const auto& [type, label] : offers) {
        const auto o = fb::CreateOfferTileStepOptionDirect(b, "play-halfling", type, label.c_str());
        entries.push_back(fb::CreateEffectEntry(b, fb::Effect::OfferTileStepOption, o.Union()));
    }
    b.Finish(fb::CreateHookResponseDirect(b, &entries), "CKRS");
    return b.Release();
}

struct Outcome {
    std::string refused;  // "" when accepted
    std::vector<TileStepOption> options;
};

Outcome check_and_apply(const Game& game, const flatbuffers::DetachedBuffer& buffer, OptionTexts& texts,
                        ck_hook_id hook = CK_HOOK_TILE_STEP_OPTIONS) {
    const auto* response = flatbuffers::GetRoot<fb::HookResponse>(buffer.data());
    EffectChecker checker;
    checker.begin(game, hook);
    Outcome out;
    out.refused = checker.check(*response, "test.expansion");
    if (!out.refused.empty()) return out;
    EffectSink sink;
    sink.expansion = 1;
    sink.tile_options = &out.options;
    sink.option_texts = &texts;
    sink.state = &game;
    apply_effects(*response, nullptr, "test.offers", sink);
    return out;
}

uint16_t type_of(const Game& game, const std::string& id) {
    for (uint16_t t = 0; t < game.catalog().tile_count(); ++t)
        if (game.tile_def(t).id == id) return t;
    throw std::runtime_error("no tile " + id);
}

TEST(TileStepOffers, OneEffectGivesAnOptionPerTileTypeWithItsLabel) {
    const Game game = base_game();
    OptionTexts texts;
    const uint16_t a = type_of(game, "BA/RCr"), b = type_of(game, "BA/RFr");
    const Outcome r = check_and_apply(game, response_of({{"play {tile}", {a, b}}}), texts);
    ASSERT_EQ(r.refused, "");
    ASSERT_EQ(r.options.size(), 2u);
    EXPECT_EQ(r.options[0].expansion, 1u);
    EXPECT_EQ(r.options[0].action, "play-halfling");
    EXPECT_EQ(r.options[0].tile_type, a);
    EXPECT_EQ(r.options[0].label, "play BA/RCr");
    EXPECT_EQ(r.options[1].tile_type, b);
    EXPECT_EQ(r.options[1].label, "play BA/RFr");
}

// A module built for 1.0.0 (revision 3) offers one option per effect, its
// label complete: the host takes it as it is, "{tile}" included.
TEST(TileStepOffers, RevisionThreeOffersAreTakenAsTheyAre) {
    const Game game = base_game();
    OptionTexts texts;
    const uint16_t a = type_of(game, "BA/RCr"), b = type_of(game, "BA/RFr");
    const Outcome r =
        check_and_apply(game, response_of_single_offers({{a, "play BA/RCr"}, {b, "literally {tile}"}}), texts);
    ASSERT_EQ(r.refused, "");
    ASSERT_EQ(r.options.size(), 2u);
    EXPECT_EQ(r.options[0].action, "play-halfling");
    EXPECT_EQ(r.options[0].tile_type, a);
    EXPECT_EQ(r.options[0].label, "play BA/RCr");
    EXPECT_EQ(r.options[1].tile_type, b);
    EXPECT_EQ(r.options[1].label, "literally {tile}");
    EXPECT_EQ(r.options[0].action.data(), r.options[1].action.data()) << "one pooled copy of the action";

    const auto too_far = static_cast<uint16_t>(game.catalog().tile_count());
    EXPECT_THAT(check_and_apply(game, response_of_single_offers({{too_far, "x"}}), texts).refused,
                HasSubstr("effect #0 (OfferTileStepOption): tile type " + std::to_string(too_far) + " out of range"));
}

TEST(TileStepOffers, EveryPlaceholderIsFilledAndOtherTextKept) {
    const Game game = base_game();
    OptionTexts texts;
    const uint16_t a = type_of(game, "BA/RCr");
    const Outcome r = check_and_apply(game, response_of({{"{tile}: take {tile} {tiles} {", {a}}, {"no id", {a}}}), texts);
    ASSERT_EQ(r.refused, "");
    ASSERT_EQ(r.options.size(), 2u);
    EXPECT_EQ(r.options[0].label, "BA/RCr: take BA/RCr {tiles} {");
    EXPECT_EQ(r.options[1].label, "no id");
}

TEST(TileStepOffers, TextsAreKeptOnceAndOutliveTheResponse) {
    const Game game = base_game();
    OptionTexts texts;
    const uint16_t a = type_of(game, "BA/RCr");
    Outcome first = check_and_apply(game, response_of({{"play {tile}", {a}}}), texts);
    const size_t pooled = texts.size();
    Outcome again = check_and_apply(game, response_of({{"play {tile}", {a, a}}}), texts);
    EXPECT_EQ(texts.size(), pooled);  // nothing new to keep
    ASSERT_EQ(again.options.size(), 2u);
    EXPECT_EQ(again.options[0].label.data(), first.options[0].label.data());
    EXPECT_EQ(first.options[0].label, "play BA/RCr");  // its response buffer is long gone
}

TEST(TileStepOffers, ATileTypeOutOfRangeIsRefusedNamingIt) {
    const Game game = base_game();
    OptionTexts texts;
    const auto too_far = static_cast<uint16_t>(game.catalog().tile_count());
    const Outcome r = check_and_apply(game, response_of({{"play {tile}", {0, too_far}}}), texts);
    EXPECT_THAT(r.refused, HasSubstr("effect #0 (OfferTileStepOptions): tile type " + std::to_string(too_far) +
                                     " out of range"));
}

TEST(TileStepOffers, AnEmptyActionIsRefused) {
    const Game game = base_game();
    OptionTexts texts;
    const Outcome r = check_and_apply(game, response_of({{"play {tile}", {0}}}, ""), texts);
    EXPECT_THAT(r.refused, HasSubstr("effect #0 (OfferTileStepOptions): options have no action"));
}

TEST(TileStepOffers, TooManyOptionsInOneResponseAreRefused) {
    const Game game = base_game();
    OptionTexts texts;
    const Outcome r = check_and_apply(game, response_of({{"a", std::vector<uint16_t>(600, 0)},
                                                         {"b", std::vector<uint16_t>(600, 0)}}), texts);
    EXPECT_THAT(r.refused, HasSubstr("effect #1 (OfferTileStepOptions): more than 1000 tile-step options in one response"));
}

TEST(TileStepOffers, OnlyTheTileStepMayOfferThem) {
    const Game game = base_game();
    OptionTexts texts;
    const Outcome r = check_and_apply(game, response_of({{"play {tile}", {0}}}), texts, CK_HOOK_TURN_END);
    EXPECT_THAT(r.refused, HasSubstr("effect #0 (OfferTileStepOptions): effect not allowed for this hook"));
}

TEST(TileStepOffers, APoolThatWouldGrowWithoutEndIsAPluginError) {
    OptionTexts texts;
    for (size_t i = 0; i < OptionTexts::kMaxTexts; ++i) texts.intern("label " + std::to_string(i));
    EXPECT_EQ(texts.intern("label 7"), "label 7");  // known texts are still found
    try {
        texts.intern("one more");
        FAIL() << "no error past the limit";
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Plugin);
        EXPECT_THAT(e.what(), HasSubstr("more than 65536 distinct tile-step option texts; refusing \"one more\""));
    }
}

}  // namespace

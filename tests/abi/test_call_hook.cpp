// call_hook through the C ABI: dispatch to every hook, the effects that come
// back, and every way a call can be refused.
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <thread>

#include "support/c_host.hpp"
#include "support/fixtures.hpp"
#include "support/responses.hpp"

namespace ck::abi_test {
namespace {

using E = fb::Effect;

class CallHook : public ::testing::Test {
protected:
    ck_status call(uint32_t expansion, ck_hook_id hook, ck_bytes state_bytes, ck_bytes request_bytes) {
        if (out.buffer.release != nullptr) out.buffer.release(&out.buffer);
        err = make_error();
        return session.api().call_hook(session.ctx(), expansion, hook, state_bytes, request_bytes, out.out(), &err);
    }
    ck_status call(ck_hook_id hook) {
        request = build_request(hook);
        return call(alpha, hook, view(state), view(request));
    }
    const fb::HookResponse& response() {
        const fb::HookResponse* r = verified_response(out.buffer);
        if (r == nullptr) throw std::runtime_error("response failed verification");
        return *r;
    }
    template <class T>
    const T& only_effect(E type) {
        const fb::HookResponse& r = response();
        if (r.effects() == nullptr || r.effects()->size() != 1 || r.effects()->Get(0)->effect_type() != type)
            throw std::runtime_error("expected exactly one effect of the given type");
        return *static_cast<const T*>(r.effects()->Get(0)->effect());
    }
    void expect_empty_output() {
        EXPECT_EQ(out.buffer.data, nullptr);
        EXPECT_EQ(out.buffer.size, 0u);
        EXPECT_EQ(out.buffer.release, nullptr);
    }

    Session session{module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module")};
    uint32_t alpha = session.expansion_index("cloisterkit.test.alpha");
    uint32_t beta = session.expansion_index("cloisterkit.test.beta");
    Bytes state = build_state();
    Bytes request;
    ScopedBuffer out;
    ck_error err{};
};

TEST_F(CallHook, GameStartDealsTokensToEveryPlayerAndStoresAModel) {
    ASSERT_EQ(call(CK_HOOK_GAME_START), CK_OK) << err.message;
    EXPECT_EQ(out.buffer.struct_size, sizeof(ck_buffer));
    const fb::HookResponse& r = response();
    EXPECT_EQ(effect_types(r), (std::vector{E::GiveTokens, E::GiveTokens, E::GiveTokens, E::SetExpansionData}));
    const auto* give = r.effects()->Get(2)->effect_as_GiveTokens();
    EXPECT_EQ(give->player(), 2);
    EXPECT_EQ(give->kind()->str(), "T_TOKEN");
    EXPECT_EQ(give->count(), 3);
    const auto* model = r.effects()->Get(3)->effect_as_SetExpansionData()->data();
    EXPECT_EQ(std::vector<uint8_t>(model->begin(), model->end()), (std::vector<uint8_t>{1, 2, 3}));
}

TEST_F(CallHook, PlacementCheckVetoesOnlyTheWesternCandidate) {
    ASSERT_EQ(call(CK_HOOK_PLACEMENT_CHECK), CK_OK) << err.message;
    const auto& veto = only_effect<fb::VetoPlacement>(E::VetoPlacement);
    EXPECT_EQ(veto.candidate(), 1u);
    EXPECT_EQ(veto.reason()->str(), "the west is closed");
}

TEST_F(CallHook, RuleOptionsFromTheStateReachTheExpansion) {
    ASSERT_EQ(call(CK_HOOK_FEATURE_SCORING), CK_OK) << err.message;
    EXPECT_EQ(only_effect<fb::AdjustFeaturePoints>(E::AdjustFeaturePoints).delta(), 2);  // test.bonus = 2

    state = build_state({.rules = {{"test.bonus", "0"}, {"test.closed-west", "false"}}});
    EXPECT_EQ(call(CK_HOOK_FEATURE_SCORING), CK_NOTHING_TO_DO);
    EXPECT_EQ(call(CK_HOOK_PLACEMENT_CHECK), CK_NOTHING_TO_DO);
}

TEST_F(CallHook, EveryOtherHookDispatchesToItsVirtual) {
    ASSERT_EQ(call(CK_HOOK_TILE_PLACED), CK_OK) << err.message;
    EXPECT_EQ(only_effect<fb::AddPoints>(E::AddPoints).player(), 1);
    ASSERT_EQ(call(CK_HOOK_FIGURE_OPTIONS), CK_OK) << err.message;
    EXPECT_EQ(only_effect<fb::OfferFigureOption>(E::OfferFigureOption).option()->action()->str(), "place-token");
    ASSERT_EQ(call(CK_HOOK_APPLY_FIGURE_ACTION), CK_OK) << err.message;
    EXPECT_EQ(effect_types(response()), (std::vector{E::PlaceToken, E::ConsumeFigureAction}));
    ASSERT_EQ(call(CK_HOOK_BONUS_POINTS), CK_OK) << err.message;
    EXPECT_EQ(only_effect<fb::AdjustFeaturePoints>(E::AdjustFeaturePoints).reason()->str(), "completed");
    EXPECT_EQ(call(CK_HOOK_GAME_END_CHECK), CK_NOTHING_TO_DO);  // 30 tiles left
    state = build_state({.tiles_left = 0});
    ASSERT_EQ(call(CK_HOOK_GAME_END_CHECK), CK_OK) << err.message;
    EXPECT_EQ(only_effect<fb::EndGame>(E::EndGame).reason()->str(), "pack empty");
}

// Documented choice: a hook without effects answers CK_NOTHING_TO_DO with
// an empty buffer whose release is still callable.
TEST_F(CallHook, NoEffectsMeansNothingToDoWithAnEmptyReleasableBuffer) {
    ASSERT_EQ(call(CK_HOOK_TURN_END), CK_NOTHING_TO_DO);
    EXPECT_EQ(out.buffer.data, nullptr);
    EXPECT_EQ(out.buffer.size, 0u);
    ASSERT_NE(out.buffer.release, nullptr);
    out.buffer.release(&out.buffer);
    EXPECT_EQ(out.buffer.release, nullptr);
}

TEST_F(CallHook, AThrowingHookReportsInternalWithTheExceptionText) {
    ASSERT_EQ(call(CK_HOOK_FINAL_SCORING), CK_E_INTERNAL);
    EXPECT_EQ(err.code, CK_E_INTERNAL);
    EXPECT_STREQ(err.message, "final scoring exploded on purpose");
    expect_empty_output();  // the partly built response was dropped
    // The context is still usable after the exception.
    EXPECT_EQ(call(CK_HOOK_TILE_PLACED), CK_OK) << err.message;
}

TEST_F(CallHook, ErrorTextIsOptional) {
    request = build_request(CK_HOOK_FINAL_SCORING);
    EXPECT_EQ(session.api().call_hook(session.ctx(), alpha, CK_HOOK_FINAL_SCORING, view(state), view(request),
                                      out.out(), nullptr),
              CK_E_INTERNAL);
}

// Schema revision 3: the SDK checks every index in a state against its
// setup before expansion code runs, and needs the setup.
TEST_F(CallHook, AStateIndexOutsideItsSetupIsRefusedWithTheField) {
    StateShape shape;
    shape.tile_types = 3;  // tiles use types 0..4
    state = build_state(shape);
    EXPECT_EQ(call(CK_HOOK_TURN_END), CK_E_BAD_BUFFER);
    EXPECT_STREQ(err.message, "state: tiles[3].tile_type is 3, but there are 3 tile types");
    expect_empty_output();
}

TEST_F(CallHook, AStateWithoutItsSetupIsRefused) {
    StateShape shape;
    shape.with_setup = false;
    state = build_state(shape);
    EXPECT_EQ(call(CK_HOOK_TURN_END), CK_E_BAD_BUFFER);
    EXPECT_STREQ(err.message, "state: setup is missing (a GameSetup buffer is required)");
}

TEST_F(CallHook, UnknownExpansionIndexIsRefused) {
    request = build_request(CK_HOOK_TURN_END);
    EXPECT_EQ(call(2, CK_HOOK_TURN_END, view(state), view(request)), CK_E_NO_SUCH_EXPANSION);
    EXPECT_NE(std::strstr(err.message, "index 2 out of range (module has 2)"), nullptr) << err.message;
    expect_empty_output();
}

TEST_F(CallHook, HooksOutsideTheExpansionsMaskAreRefused) {
    request = build_request(CK_HOOK_TILE_PLACED);
    EXPECT_EQ(call(beta, CK_HOOK_TILE_PLACED, view(state), view(request)), CK_E_UNSUPPORTED_HOOK);
    EXPECT_NE(std::strstr(err.message, "'cloisterkit.test.beta' does not implement hook 3"), nullptr) << err.message;
    for (ck_hook_id unknown : {ck_hook_id{CK_HOOK_COUNT}, ck_hook_id{63}, ck_hook_id{64}, ck_hook_id{0xFFFFFFFF}})
        EXPECT_EQ(call(alpha, unknown, view(state), view(request)), CK_E_UNSUPPORTED_HOOK) << unknown;
    // Beta's one hook works.
    request = build_request(CK_HOOK_TURN_END);
    EXPECT_EQ(call(beta, CK_HOOK_TURN_END, view(state), view(request)), CK_NOTHING_TO_DO) << err.message;
}

TEST_F(CallHook, OversizedAndNullInputsAreRefusedBeforeAnyRead) {
    request = build_request(CK_HOOK_TURN_END);
    // The size is checked before anything is read, so no such memory is needed.
    const ck_bytes huge{state.data(), CK_MAX_BUFFER_SIZE + 1};
    EXPECT_EQ(call(alpha, CK_HOOK_TURN_END, huge, view(request)), CK_E_BUFFER_TOO_LARGE);
    EXPECT_NE(std::strstr(err.message, "state:"), nullptr) << err.message;
    EXPECT_EQ(call(alpha, CK_HOOK_TURN_END, view(state), ck_bytes{request.data(), SIZE_MAX}), CK_E_BUFFER_TOO_LARGE);
    EXPECT_EQ(call(alpha, CK_HOOK_TURN_END, ck_bytes{nullptr, 64}, view(request)), CK_E_INVALID_ARGUMENT);
    EXPECT_EQ(call(alpha, CK_HOOK_TURN_END, ck_bytes{nullptr, 0}, view(request)), CK_E_BAD_BUFFER);
    EXPECT_EQ(call(alpha, CK_HOOK_TURN_END, view(state), ck_bytes{nullptr, 0}), CK_E_BAD_BUFFER);
    err = make_error();
    EXPECT_EQ(session.api().call_hook(nullptr, 0, CK_HOOK_TURN_END, view(state), view(request), out.out(), &err),
              CK_E_INVALID_ARGUMENT);
    EXPECT_EQ(session.api().call_hook(session.ctx(), 0, CK_HOOK_TURN_END, view(state), view(request), nullptr, &err),
              CK_E_INVALID_ARGUMENT);
}

TEST_F(CallHook, BuffersWithTheWrongIdentifierAreBadBuffers) {
    request = build_request(CK_HOOK_TURN_END);
    EXPECT_EQ(call(alpha, CK_HOOK_TURN_END, view(request), view(state)), CK_E_BAD_BUFFER);  // swapped
    EXPECT_NE(std::strstr(err.message, "state: not a FlatBuffers buffer with identifier \"CKGS\""), nullptr)
        << err.message;
    EXPECT_EQ(call(alpha, CK_HOOK_TURN_END, view(state), view(state)), CK_E_BAD_BUFFER);
    EXPECT_NE(std::strstr(err.message, "request: not a FlatBuffers buffer with identifier \"CKRQ\""), nullptr)
        << err.message;
}

TEST_F(CallHook, RequestMustNameTheHookItIsSentTo) {
    request = build_request(CK_HOOK_TILE_PLACED, /*hook_field=*/CK_HOOK_PLACEMENT_CHECK);
    EXPECT_EQ(call(alpha, CK_HOOK_TILE_PLACED, view(state), view(request)), CK_E_BAD_BUFFER);
    EXPECT_STREQ(err.message, "request: hook field is 2 but call_hook was asked for hook 3");
}

TEST_F(CallHook, RequestArgumentsMustMatchTheHook) {
    request = build_request(CK_HOOK_TILE_PLACED, /*hook_field=*/CK_HOOK_PLACEMENT_CHECK);  // TilePlacedArgs
    EXPECT_EQ(call(alpha, CK_HOOK_PLACEMENT_CHECK, view(state), view(request)), CK_E_BAD_BUFFER);
    EXPECT_STREQ(err.message, "request: hook 2 takes PlacementCheckArgs but the request carries TilePlacedArgs");

    flatbuffers::FlatBufferBuilder b;  // the right type tag but no table
    fb::FinishHookRequestBuffer(b, fb::CreateHookRequest(b, CK_HOOK_TURN_END, fb::HookArgs::TurnEndArgs, 0));
    request = finished_bytes(b);
    EXPECT_EQ(call(alpha, CK_HOOK_TURN_END, view(state), view(request)), CK_E_BAD_BUFFER);
    EXPECT_NE(std::strstr(err.message, "carries no arguments"), nullptr) << err.message;
}

// Every field is optional on the wire; the SDK refuses requests without the
// fields a hook needs, so expansion code can rely on them.
TEST_F(CallHook, RequestsMissingARequiredFieldAreBadBuffers) {
    flatbuffers::FlatBufferBuilder b;
    auto args = fb::CreateTilePlacedArgs(b, 1, nullptr);  // no placement
    fb::FinishHookRequestBuffer(b, fb::CreateHookRequest(b, CK_HOOK_TILE_PLACED, fb::HookArgs::TilePlacedArgs,
                                                         args.Union()));
    request = finished_bytes(b);
    EXPECT_EQ(call(alpha, CK_HOOK_TILE_PLACED, view(state), view(request)), CK_E_BAD_BUFFER);
    EXPECT_STREQ(err.message, "request: TilePlacedArgs.placement is missing (required for hook 3)");

    b.Clear();
    auto feature = fb::CreateScoredFeature(b, 1, fb::FeatureKind::Road, true);  // no parts, no scorers
    fb::FinishHookRequestBuffer(b, fb::CreateHookRequest(b, CK_HOOK_BONUS_POINTS, fb::HookArgs::BonusPointsArgs,
                                                         fb::CreateBonusPointsArgs(b, feature).Union()));
    request = finished_bytes(b);
    EXPECT_EQ(call(alpha, CK_HOOK_BONUS_POINTS, view(state), view(request)), CK_E_BAD_BUFFER);
    EXPECT_STREQ(err.message, "request: BonusPointsArgs.feature.parts is missing (required for hook 7)");
}

TEST_F(CallHook, SameInputsGiveTheSameBytes) {
    ASSERT_EQ(call(CK_HOOK_GAME_START), CK_OK);
    const Bytes first(out.buffer.data, out.buffer.data + out.buffer.size);
    ASSERT_EQ(call(CK_HOOK_GAME_START), CK_OK);
    EXPECT_EQ(Bytes(out.buffer.data, out.buffer.data + out.buffer.size), first);
}

// [thread-safe, reentrant]: many threads on one context and one state.
TEST_F(CallHook, ConcurrentCallsOnOneContextAgree) {
    const Bytes placed = build_request(CK_HOOK_TILE_PLACED);
    ASSERT_EQ(call(alpha, CK_HOOK_TILE_PLACED, view(state), view(placed)), CK_OK);
    const Bytes expected(out.buffer.data, out.buffer.data + out.buffer.size);
    std::atomic<int> mismatches{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 300; ++i) {
                ScopedBuffer mine;
                const ck_status s = session.api().call_hook(session.ctx(), alpha, CK_HOOK_TILE_PLACED, view(state),
                                                            view(placed), mine.out(), nullptr);
                if (s != CK_OK || Bytes(mine.buffer.data, mine.buffer.data + mine.buffer.size) != expected)
                    ++mismatches;
            }
        });
    for (auto& t : threads) t.join();
    EXPECT_EQ(mismatches.load(), 0);
}

}  // namespace
}  // namespace ck::abi_test

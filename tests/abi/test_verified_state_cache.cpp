// The SDK skips re-verifying a state (and a request) whose bytes it
// verified last on this thread (plugin/src/verified_state_cache.*). These tests make sure the
// shortcut never lets an unverified byte through: the same address and size
// with different contents is verified again, and a failed state is never
// remembered.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string_view>
#include <thread>

#include "support/c_host.hpp"
#include "support/fixtures.hpp"
#include "support/responses.hpp"

namespace ck::abi_test {
namespace {

class VerifiedStateCache : public ::testing::Test {
protected:
    ck_status call(const Bytes& state_bytes) {
        if (out.buffer.release != nullptr) out.buffer.release(&out.buffer);
        err = make_error();
        return session.api().call_hook(session.ctx(), alpha, CK_HOOK_TURN_END, view(state_bytes), view(request),
                                       out.out(), &err);
    }
    // Breaks the NUL terminator of a string deep inside the state (in its
    // nested setup, which has a cache of its own): same size,
    // same identifier, one byte different, and the verifier must refuse it.
    static void break_string_terminator(Bytes& bytes) {
        constexpr std::string_view text("T_TOKEN\0", 8);
        const auto it = std::search(bytes.begin(), bytes.end(), text.begin(), text.end());
        ASSERT_NE(it, bytes.end()) << "fixture state has no T_TOKEN string";
        *(it + 7) = 'X';
    }

    Session session{module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module")};
    uint32_t alpha = session.expansion_index("cloisterkit.test.alpha");
    Bytes request = build_request(CK_HOOK_TURN_END);
    ScopedBuffer out;
    ck_error err{};
};

TEST_F(VerifiedStateCache, CorruptedBytesAtTheSameAddressAfterAGoodCallAreRefused) {
    Bytes state = build_state();
    const Bytes good = state;
    ASSERT_TRUE(CK_SUCCEEDED(call(state))) << err.message;
    ASSERT_TRUE(CK_SUCCEEDED(call(state))) << err.message;  // now certainly remembered
    const uint8_t* address = state.data();

    break_string_terminator(state);  // in place: same pointer, same size
    ASSERT_EQ(state.data(), address);
    EXPECT_EQ(call(state), CK_E_BAD_BUFFER);
    EXPECT_NE(std::string(err.message).find("state: setup failed FlatBuffers verification"), std::string::npos)
        << err.message;
    EXPECT_EQ(call(state), CK_E_BAD_BUFFER) << "a refused state must not be remembered";

    std::memcpy(state.data(), good.data(), good.size());
    EXPECT_TRUE(CK_SUCCEEDED(call(state))) << err.message;
}

TEST_F(VerifiedStateCache, RootOffsetPastTheEndAfterAGoodStateIsRefused) {
    Bytes state = build_state();
    ASSERT_TRUE(CK_SUCCEEDED(call(state))) << err.message;
    const auto past_end = static_cast<uint32_t>(state.size() + 64);
    std::memcpy(state.data(), &past_end, sizeof(past_end));  // identifier untouched
    EXPECT_EQ(call(state), CK_E_BAD_BUFFER);
}

TEST_F(VerifiedStateCache, TwoValidStatesOfTheSameSizeAlternatingAreBothAccepted) {
    StateShape other_shape;
    other_shape.tiles_left = 29;  // a scalar: same size, different bytes
    const Bytes a = build_state();
    const Bytes b = build_state(other_shape);
    ASSERT_EQ(a.size(), b.size());
    ASSERT_NE(a, b);
    Bytes slot = a;
    for (int i = 0; i < 4; ++i) {
        std::memcpy(slot.data(), (i % 2 ? b : a).data(), a.size());
        EXPECT_TRUE(CK_SUCCEEDED(call(slot))) << "round " << i << ": " << err.message;
    }
}

// The request has a cache of its own (the small requests repeat): the same
// bytes are accepted again, the same address and size with a broken root
// offset are verified again and refused, and a refusal is not remembered.
TEST_F(VerifiedStateCache, ACorruptedRequestAfterTheSameGoodRequestIsRefused) {
    const Bytes state = build_state();
    const Bytes good = request;
    ASSERT_TRUE(CK_SUCCEEDED(call(state))) << err.message;
    ASSERT_TRUE(CK_SUCCEEDED(call(state))) << err.message;
    const auto past_end = static_cast<uint32_t>(request.size() + 64);
    std::memcpy(request.data(), &past_end, sizeof(past_end));  // identifier untouched
    EXPECT_EQ(call(state), CK_E_BAD_BUFFER);
    EXPECT_NE(std::string(err.message).find("request: failed FlatBuffers verification"), std::string::npos)
        << err.message;
    EXPECT_EQ(call(state), CK_E_BAD_BUFFER) << "a refused request must not be remembered";
    request = good;
    EXPECT_TRUE(CK_SUCCEEDED(call(state))) << err.message;
}

TEST_F(VerifiedStateCache, AStateVerifiedOnOneThreadIsVerifiedAgainOnAnother) {
    Bytes state = build_state();
    ASSERT_TRUE(CK_SUCCEEDED(call(state))) << err.message;
    Bytes bad = state;
    break_string_terminator(bad);
    ck_status on_other_thread = CK_OK;
    std::thread([&] {
        ck_buffer buffer{};
        ck_error e = make_error();
        on_other_thread = session.api().call_hook(session.ctx(), alpha, CK_HOOK_TURN_END, view(bad), view(request),
                                                  &buffer, &e);
        if (buffer.release != nullptr) buffer.release(&buffer);
    }).join();
    EXPECT_EQ(on_other_thread, CK_E_BAD_BUFFER);
}

// The scores may change from one state to the next and the state still
// match the one kept (the players' vector of structs is the cache's
// "window": nothing verified lies in it). Every other byte is verified
// again: here a tile type out of range right next to the players.
TEST_F(VerifiedStateCache, ScoresMayChangeButATileTypeOutOfRangeIsRefused) {
    StateShape shape;
    shape.tiles = 3;
    Bytes state = build_state(shape);
    ASSERT_TRUE(CK_SUCCEEDED(call(state))) << err.message;
    auto* gs = fb::GetMutableGameState(state.data());
    gs->mutable_players()->GetMutableObject(1)->mutate_score(777);
    EXPECT_TRUE(CK_SUCCEEDED(call(state))) << err.message;
    gs->mutable_tiles()->GetMutableObject(0)->mutate_tile_type(0xFFFF);
    EXPECT_EQ(call(state), CK_E_BAD_BUFFER);
    EXPECT_NE(std::string(err.message).find("tiles[0].tile_type is 65535"), std::string::npos) << err.message;
}

// A hostile state whose players' vector is the tiles' vector: both verify,
// but the players' bytes are now tile types, which the index checks read.
// The cache must not let them change unverified.
TEST_F(VerifiedStateCache, PlayersOverlappingAnotherVectorAreNotAWindow) {
    StateShape shape;
    shape.tiles = 3;  // 3 tiles of 10 bytes hold 3 players of 8
    Bytes state = build_state(shape);
    {
        // Point the root table's players field at the tiles' vector.
        const auto* gs = fb::GetGameState(state.data());
        const auto* table = reinterpret_cast<const uint8_t*>(gs);
        const auto field = reinterpret_cast<const flatbuffers::Table*>(gs)->GetOptionalFieldOffset(fb::GameState::VT_PLAYERS);
        ASSERT_NE(field, 0);
        const uint8_t* tiles = reinterpret_cast<const uint8_t*>(gs->tiles());
        const auto offset = static_cast<flatbuffers::uoffset_t>(tiles - (table + field));
        std::memcpy(state.data() + (table + field - state.data()), &offset, sizeof(offset));
    }
    const auto* gs = fb::GetGameState(state.data());
    ASSERT_EQ(reinterpret_cast<const void*>(gs->players()), reinterpret_cast<const void*>(gs->tiles()));
    ASSERT_TRUE(CK_SUCCEEDED(call(state))) << err.message;  // a valid buffer, valid indices
    fb::GetMutableGameState(state.data())->mutable_tiles()->GetMutableObject(0)->mutate_tile_type(0xFFFF);
    EXPECT_EQ(call(state), CK_E_BAD_BUFFER);
    EXPECT_NE(std::string(err.message).find("tiles[0].tile_type is 65535"), std::string::npos) << err.message;
}

}  // namespace
}  // namespace ck::abi_test

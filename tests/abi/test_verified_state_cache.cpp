// The SDK skips re-verifying a state (and a request) whose bytes it
// verified last on this thread (plugin/src/verified_state_cache.*). These tests make sure the
// shortcut never lets an unverified byte through: the same address and size
// with different contents is verified again, and a failed state is never
// remembered.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <ostream>
#include <string>
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

// Scores change from one scored feature to the next; the state is verified
// again and accepted, and a tile type out of range right next to the
// players is refused.
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
// (1.2.0's score window had to tell this case apart; 1.2.1 has no window,
// and the test stays to show that changed scores are always verified.)
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

// ---------------------------------------------------------------------
// Issue #23 (release 1.2.1): in 1.2.0 the SDK took a state that differed
// from the last verified one only in the players' scores without verifying
// it again. Both states below were accepted warm although they fail (or
// over-read) cold. The property every shortcut must keep: what a hook
// answers for a state right after another equals what it answers for that
// state on a thread that has seen nothing.

// What one call answered: the status, the error text and the response bytes.
struct Answer {
    ck_status status = CK_OK;
    std::string message;
    Bytes response;
    bool operator==(const Answer&) const = default;
};
std::ostream& operator<<(std::ostream& os, const Answer& a) {
    return os << "status " << a.status << " (" << a.message << "), " << a.response.size() << " response bytes";
}

class StateCacheDifferential : public VerifiedStateCache {
protected:
    static Answer answer(const Session& on, uint32_t expansion, const Bytes& state_bytes, const Bytes& request_bytes) {
        ScopedBuffer buffer;
        ck_error e = make_error();
        Answer a;
        a.status = on.api().call_hook(on.ctx(), expansion, CK_HOOK_TURN_END, view(state_bytes), view(request_bytes),
                                      buffer.out(), &e);
        a.message = e.message;
        if (buffer.buffer.data != nullptr) a.response.assign(buffer.buffer.data, buffer.buffer.data + buffer.buffer.size);
        return a;
    }
    // On a thread of its own, whose caches are empty.
    Answer cold(const Bytes& state_bytes) {
        Answer a;
        std::thread([&] { a = answer(session, alpha, state_bytes, request); }).join();
        return a;
    }
    // Makes the table at `table_at` use the vtable at `vtable_at` (its
    // soffset is table - vtable, and may be negative).
    static void point_vtable(Bytes& bytes, size_t table_at, size_t vtable_at) {
        const auto soffset = static_cast<flatbuffers::soffset_t>(static_cast<int64_t>(table_at) - int64_t(vtable_at));
        std::memcpy(bytes.data() + table_at, &soffset, sizeof soffset);
    }
    static size_t at(const Bytes& bytes, const void* p) {
        return static_cast<size_t>(static_cast<const uint8_t*>(p) - bytes.data());
    }
    // A state with one ExpansionData table (expansion 0, four bytes), whose
    // first player scores 0.
    static Bytes state_with_expansion_data() {
        StateShape shape;
        shape.expansion_data = {{0, {1, 2, 3, 4}}};
        return build_state(shape);
    }
};

// Defect 1: an ExpansionData table whose vtable is players[0]. With a score
// of 0 the vtable's size is 0 (no field present) and the state verifies;
// then only the score's bytes change and make a vtable of 8 bytes whose
// `expansion` field reads the table's offset to its data (an index past the
// setup's two expansions). Cold, the index check refuses it; 1.2.0 took it
// warm, and an expansion reading expansion_data() then read anywhere.
TEST_F(StateCacheDifferential, Issue23Defect1_AVtableLaidOnTheScoresIsVerifiedAgainWhenTheScoresChange) {
    Bytes first = state_with_expansion_data();
    const auto* gs = fb::GetGameState(first.data());
    ASSERT_EQ(gs->players()->Get(0)->score(), 0);
    const auto* table = gs->expansion_data()->Get(0);
    const auto data_field = reinterpret_cast<const flatbuffers::Table*>(table)->GetOptionalFieldOffset(
        fb::ExpansionData::VT_DATA);
    ASSERT_NE(data_field, 0);
    const size_t table_at = at(first, table), scores_at = at(first, gs->players()->Data());
    point_vtable(first, table_at, scores_at);
    ASSERT_EQ(fb::GetGameState(first.data())->expansion_data()->Get(0)->data(), nullptr) << "no field present";
    ASSERT_TRUE(CK_SUCCEEDED(cold(first).status)) << cold(first);

    Bytes second = first;  // players[0] (8 bytes: score, supply, padding) becomes the vtable
    const flatbuffers::voffset_t vtable[4] = {8, 8, data_field, 0};
    std::memcpy(second.data() + scores_at, vtable, sizeof vtable);
    const Answer expected = cold(second);
    EXPECT_EQ(expected.status, CK_E_BAD_BUFFER) << expected;
    EXPECT_NE(expected.message.find("expansion_data[0].expansion is"), std::string::npos) << expected;

    ASSERT_TRUE(CK_SUCCEEDED(answer(session, alpha, first, request).status));
    EXPECT_EQ(answer(session, alpha, second, request), expected) << "warm, right after the first state";

    // The caches are per thread, not per context: the first state sent to
    // one context must not let the second through another.
    Session other{module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module")};
    ASSERT_TRUE(CK_SUCCEEDED(answer(session, alpha, first, request).status));
    EXPECT_EQ(answer(other, other.expansion_index("cloisterkit.test.alpha"), second, request), expected)
        << "warm, through another context";
}

// Defect 2: an ExpansionData vtable of size 0 in the last two bytes of the
// state. It is a valid buffer, so it must be answered as any other, without
// reading past its end (1.2.0 read the 2 bytes after it, which
// AddressSanitizer reports in the sanitizer build: the bytes below are
// allocated to the exact size).
TEST_F(StateCacheDifferential, Issue23Defect2_AVtableInTheLastTwoBytesIsNotReadPastTheEnd) {
    Bytes grown = state_with_expansion_data();
    const size_t table_at = at(grown, fb::GetGameState(grown.data())->expansion_data()->Get(0));
    grown.insert(grown.end(), {0, 0});  // vtable size 0
    ASSERT_EQ(grown.size() % 2, 0u);
    point_vtable(grown, table_at, grown.size() - 2);
    const Bytes exact(grown.begin(), grown.end());
    ASSERT_EQ(exact.capacity(), exact.size());

    const Answer expected = cold(exact);
    EXPECT_TRUE(CK_SUCCEEDED(expected.status)) << expected;
    EXPECT_EQ(answer(session, alpha, exact, request), expected);
    EXPECT_EQ(answer(session, alpha, exact, request), expected) << "the same bytes again, from the cache";
}

// Scores change between one scored feature and the next: the new state is
// verified again (since 1.2.1) and accepted, and answers as it does cold.
TEST_F(StateCacheDifferential, ChangedScoresAnswerWarmAsTheyDoCold) {
    Bytes state = build_state();
    ASSERT_TRUE(CK_SUCCEEDED(answer(session, alpha, state, request).status));
    fb::GetMutableGameState(state.data())->mutable_players()->GetMutableObject(2)->mutate_score(-5);
    const Answer expected = cold(state);
    EXPECT_TRUE(CK_SUCCEEDED(expected.status)) << expected;
    EXPECT_EQ(answer(session, alpha, state, request), expected);
}

}  // namespace
}  // namespace ck::abi_test

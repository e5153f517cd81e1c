// The SDK's verification caches hold the last verified state without its
// nested setup, whose bytes are compared against the setup kept apart. A
// state matches only when every byte outside the setup equals the state
// kept and the setup's bytes equal the setup kept; a new setup forgets the
// state, since the hole of the state kept held the old one.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "verified_state_cache.hpp"

namespace ck::sdk::detail {
namespace {

using Bytes = std::vector<uint8_t>;

ck_bytes view(const Bytes& b) { return {b.data(), b.size()}; }
ck_bytes span(const Bytes& b, size_t at, size_t size) { return {b.data() + at, size}; }

// A "state" of 64 bytes whose bytes 16..47 stand for its nested setup.
constexpr size_t kSetupAt = 16, kSetupSize = 32;
Bytes state_with_setup(uint8_t rest, uint8_t setup) {
    Bytes b(64, rest);
    for (size_t i = kSetupAt; i < kSetupAt + kSetupSize; ++i) b[i] = setup;
    return b;
}

class VerifiedStateCacheUnit : public ::testing::Test {
protected:
    void SetUp() override { forget_verified_state(); }
    void TearDown() override { forget_verified_state(); }
    // As verify_state records a state that passed: setup first, then the state.
    static void record(const Bytes& state) {
        const ck_bytes setup = span(state, kSetupAt, kSetupSize);
        if (!setup_already_verified(setup)) remember_verified_setup(setup);
        remember_verified_state(view(state), setup);
    }
};

TEST_F(VerifiedStateCacheUnit, TheSameBytesMatchAndAnyChangedByteDoesNot) {
    const Bytes a = state_with_setup(1, 7);
    record(a);
    EXPECT_TRUE(state_already_verified(view(a)));
    for (size_t i : {size_t{0}, kSetupAt - 1, kSetupAt, kSetupAt + kSetupSize - 1, kSetupAt + kSetupSize, a.size() - 1}) {
        Bytes changed = a;
        changed[i] ^= 0x40;
        EXPECT_FALSE(state_already_verified(view(changed))) << "byte " << i << " changed";
    }
    Bytes longer = a;
    longer.push_back(1);
    EXPECT_FALSE(state_already_verified(view(longer)));
}

TEST_F(VerifiedStateCacheUnit, ANewSetupForgetsTheStateWhoseHoleHeldTheOldOne) {
    const Bytes a = state_with_setup(1, 7);
    record(a);
    const Bytes b = state_with_setup(2, 9);  // another game: another setup of the same size
    remember_verified_setup(span(b, kSetupAt, kSetupSize));
    // a's bytes outside its setup are still the state kept, but its setup is
    // no longer the setup kept: neither a nor a with b's setup may match.
    EXPECT_FALSE(state_already_verified(view(a)));
    EXPECT_FALSE(state_already_verified(view(state_with_setup(1, 9))));
    record(b);
    EXPECT_TRUE(state_already_verified(view(b)));
}

TEST_F(VerifiedStateCacheUnit, ASetupTooLargeToKeepLeavesNothingToMatch) {
    Bytes huge(kVerifiedSetupCacheBytes + 64, 3);
    const ck_bytes setup = span(huge, 16, kVerifiedSetupCacheBytes + 1);
    remember_verified_setup(setup);
    remember_verified_state(view(huge), setup);
    EXPECT_FALSE(state_already_verified(view(huge)));
    EXPECT_EQ(current_setup_id(), 0u);
}

}  // namespace
}  // namespace ck::sdk::detail

// Untrusted input: random, truncated and bit-flipped buffers sent to every
// hook. A call may fail (CK_E_BAD_BUFFER, or another error) but must never
// crash, and may only succeed if what it hands back verifies. Seeded, so a
// failure reproduces.
#include <gtest/gtest.h>

#include <random>

#include "support/c_host.hpp"
#include "support/fixtures.hpp"
#include "support/responses.hpp"

namespace ck::abi_test {
namespace {

class Fuzz : public ::testing::Test {
protected:
    // Runs one call and checks the contract on its outcome; returns the status.
    ck_status probe(ck_hook_id hook, const Bytes& state, const Bytes& request) {
        ScopedBuffer out;
        ck_error err = make_error();
        const ck_status s = session.api().call_hook(session.ctx(), alpha, hook, view(state), view(request),
                                                    out.out(), &err);
        if (s == CK_OK) {
            EXPECT_NE(verified_response(out.buffer), nullptr) << "hook " << hook << ": success with a bad response";
        } else if (s == CK_NOTHING_TO_DO) {
            EXPECT_EQ(out.buffer.data, nullptr);
        } else {
            EXPECT_LT(s, 0);
            EXPECT_EQ(out.buffer.data, nullptr) << "hook " << hook << ": error with output";
            EXPECT_EQ(err.code, s);
            EXPECT_NE(err.message[0], '\0') << "hook " << hook << ": error without text";
        }
        return s;
    }

    static Bytes random_bytes(std::mt19937& rng, size_t size) {
        Bytes b(size);
        for (auto& byte : b) byte = static_cast<uint8_t>(rng());
        return b;
    }

    // Random bytes behind a valid identifier, so they reach the verifier.
    static Bytes random_with_identifier(std::mt19937& rng, size_t size, const char* identifier) {
        Bytes b = random_bytes(rng, std::max<size_t>(size, 8));
        std::memcpy(b.data() + 4, identifier, 4);
        return b;
    }

    static Bytes flip_bits(std::mt19937& rng, Bytes b, int flips) {
        for (int i = 0; i < flips; ++i) b[rng() % b.size()] ^= static_cast<uint8_t>(1u << (rng() % 8));
        return b;
    }

    Session session{module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module"), CK_LOG_OFF};
    uint32_t alpha = session.expansion_index("cloisterkit.test.alpha");
    Bytes state = build_state();
};

TEST_F(Fuzz, RandomBytesAreAlwaysRefusedAsBadBuffers) {
    std::mt19937 rng(20240601);
    for (ck_hook_id hook = 0; hook < CK_HOOK_COUNT; ++hook) {
        const Bytes request = build_request(hook);
        for (int i = 0; i < 100; ++i) {
            const size_t size = rng() % 512;
            EXPECT_EQ(probe(hook, random_bytes(rng, size), request), CK_E_BAD_BUFFER);
            EXPECT_EQ(probe(hook, state, random_bytes(rng, size)), CK_E_BAD_BUFFER);
            EXPECT_EQ(probe(hook, random_with_identifier(rng, size, "CKGS"), request), CK_E_BAD_BUFFER);
            EXPECT_EQ(probe(hook, state, random_with_identifier(rng, size, "CKRQ")), CK_E_BAD_BUFFER);
        }
    }
}

TEST_F(Fuzz, TruncatedStatesAndRequestsNeverCrash) {
    int refused = 0, calls = 0;
    for (ck_hook_id hook = 0; hook < CK_HOOK_COUNT; ++hook) {
        const Bytes request = build_request(hook);
        for (size_t n = 0; n < state.size(); n += 5, ++calls)
            refused += probe(hook, Bytes(state.begin(), state.begin() + n), request) == CK_E_BAD_BUFFER;
        for (size_t n = 0; n < request.size(); ++n, ++calls)
            refused += probe(hook, state, Bytes(request.begin(), request.begin() + n)) == CK_E_BAD_BUFFER;
    }
    // A cut may only drop trailing alignment padding and survive; nearly
    // every truncation must be caught by the verifier.
    EXPECT_GT(refused, calls * 95 / 100) << refused << " of " << calls;
}

TEST_F(Fuzz, BitFlippedStatesAndRequestsNeverCrash) {
    std::mt19937 rng(7);
    int refused = 0, calls = 0;
    for (ck_hook_id hook = 0; hook < CK_HOOK_COUNT; ++hook) {
        const Bytes request = build_request(hook);
        for (int i = 0; i < 150; ++i, calls += 2) {
            const int flips = 1 + static_cast<int>(rng() % 4);
            refused += probe(hook, flip_bits(rng, state, flips), request) == CK_E_BAD_BUFFER;
            refused += probe(hook, state, flip_bits(rng, request, flips)) == CK_E_BAD_BUFFER;
        }
    }
    // Flips in plain values (a score, a coordinate) leave a valid buffer, so
    // some calls succeed; those were checked to answer verifiable bytes.
    EXPECT_GT(refused, 0);
    SUCCEED() << refused << " of " << calls << " flipped inputs refused";
}

}  // namespace
}  // namespace ck::abi_test

// The two generators of a game: JCloisterZone's draw generator (a double
// advanced by the 48-bit LCG on its bit pattern, jcz-interop.md §4.10), and
// the host's own seeded generator that produces each COMMIT's random value
// for games we play ourselves, so a saved game replays with identical draws.
#pragma once

#include <cstdint>
#include <cstring>

namespace ck::host {

// JCZ RandomGenerator.nextInt: floor(r * bound), then advance r.
inline int jcz_next_int(double& r, int bound) {
    const int result = static_cast<int>(r * bound);  // r in [0,1): floor
    uint64_t bits;
    std::memcpy(&bits, &r, sizeof bits);
    constexpr uint64_t kMask48 = (uint64_t{1} << 48) - 1;
    const uint64_t x = ((bits & kMask48) * 25214903917ull + 11ull) & kMask48;
    r = static_cast<double>(x) / static_cast<double>(uint64_t{1} << 48);
    return result;
}

// splitmix64: tiny, fast, good enough for choosing draws and moves.
class SplitMix64 {
public:
    SplitMix64() = default;
    explicit SplitMix64(uint64_t seed) : state_(seed) {}

    uint64_t next() {
        uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1) with 53 random bits.
    double next_double() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    // Uniform in [0, bound) for bound >= 1 (Lemire's multiply, bias negligible here).
    uint32_t below(uint32_t bound) {
        return static_cast<uint32_t>(((next() >> 32) * static_cast<uint64_t>(bound)) >> 32);
    }

private:
    uint64_t state_ = 0;
};

}  // namespace ck::host

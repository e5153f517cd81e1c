// Counting set bits without a library call. Debian's amd64 baseline has no
// POPCNT instruction, so __builtin_popcount and std::popcount compile to a
// call into libgcc; these run in the hottest loops of a game (legal
// placements, the figure step), where the call cost a few percent.
#pragma once

#include <cstdint>

namespace ck::host {

// Bits set in a 32-bit mask (the classic parallel sum, inlined).
constexpr int bit_count(uint32_t v) {
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    return static_cast<int>((((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

static_assert(bit_count(0) == 0 && bit_count(0xF) == 4 && bit_count(0x80000001u) == 2 && bit_count(~0u) == 32);

}  // namespace ck::host

// Dealing the hands at the start (HF-12, HF-14, HF-39): the pool, the
// random deal, the draft order and the draft. Pure functions of their
// arguments; the only randomness is a generator seeded from GAME_START's seed.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace ck::halflings {

using TileType = uint16_t;  // an index into GameState.tile_types

// SplitMix64: a tiny, well-mixed 64-bit generator. Same seed, same sequence,
// on every platform (no std:: distribution, whose output is not portable).
class SplitMix64 {
public:
    explicit SplitMix64(uint64_t seed) : state_(seed) {}
    uint64_t next();
    // Uniform in [0, n) for n >= 1, without modulo bias.
    uint64_t below(uint64_t n);

private:
    uint64_t state_;
};

// The tile types the hands are dealt from: every type whose id is one of the
// 24 Halflings ids, in tile-type order, without Halflings II 1-4 when
// `exclude_symbol_tiles` (HF-11, HF-12).
std::vector<TileType> halflings_pool(const std::vector<std::string_view>& tile_types, bool exclude_symbol_tiles);

// HF-14: throws sdk::SetupRefused (the user's choice cannot be dealt),
// naming the numbers and the handSize that fits, when hand_size x
// player_count exceeds the pool; std::runtime_error for no players.
void check_pool_size(size_t pool_size, int player_count, int64_t hand_size, bool exclude_symbol_tiles);

// handSize=auto (kHandSizeAuto): 3 each, fewer when the pool does not hold
// 3 for every player (HF-14: 7 or 8 players and the 20-tile pool get 2).
// At least 1: a pool smaller than the players is check_pool_size's to
// refuse. Any other hand_size is returned as it is.
constexpr int64_t kAutoHandSize = 3;
int64_t hand_size_for(int64_t hand_size, size_t pool_size, int player_count);

// One tile given to one seat (0 = first in turn order), in dealing order.
struct Dealt {
    int seat;
    TileType tile;
    friend bool operator==(const Dealt&, const Dealt&) = default;
};

// HF-12: shuffle the pool; seat 0 takes the first hand_size tiles, seat 1 the
// next, and so on. Listed seat by seat.
std::vector<Dealt> deal_random(std::vector<TileType> pool, int player_count, int hand_size, uint64_t seed);

// HF-39: the seats in the order they pick. The last seat in turn order picks
// first, then the others in reverse turn order ("counter-clockwise"), and the
// same order again every round (not a snake draft) until every seat holds
// hand_size: with 4 players and 3 tiles, 3 2 1 0 3 2 1 0 3 2 1 0.
std::vector<int> draft_order(int player_count, int hand_size);

// HF-39 for computer players: the pool lies face up and each pick, in
// draft_order, takes a tile at random from what is left (the setup step has
// no player input). Listed in pick order.
std::vector<Dealt> deal_draft(std::vector<TileType> pool, int player_count, int hand_size, uint64_t seed);

}  // namespace ck::halflings

#include "deal.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include <cloisterkit/sdk/setup_refused.hpp>

#include "options.hpp"
#include "tiles.hpp"

namespace ck::halflings {

uint64_t SplitMix64::next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t SplitMix64::below(uint64_t n) {
    // Reject the lowest (2^64 mod n) values so every residue is equally likely.
    const uint64_t threshold = (0 - n) % n;
    while (true) {
        const uint64_t r = next();
        if (r >= threshold) return r % n;
    }
}

std::vector<TileType> halflings_pool(const std::vector<std::string_view>& tile_types, bool exclude_symbol_tiles) {
    if (tile_types.size() > std::numeric_limits<TileType>::max() + size_t{1})
        throw std::runtime_error("halflings: the game has " + std::to_string(tile_types.size()) +
                                 " tile types, more than a tile type index can address");
    std::vector<TileType> pool;
    for (size_t i = 0; i < tile_types.size(); ++i) {
        if (!is_halflings_tile(tile_types[i])) continue;
        if (exclude_symbol_tiles && is_symbol_tile(tile_types[i])) continue;
        pool.push_back(static_cast<TileType>(i));
    }
    return pool;
}

void check_pool_size(size_t pool_size, int player_count, int64_t hand_size, bool exclude_symbol_tiles) {
    if (player_count < 1)
        throw std::runtime_error("halflings: cannot deal to " + std::to_string(player_count) + " players");
    const int64_t most = static_cast<int64_t>(pool_size) / player_count;
    if (hand_size <= most) return;
    const std::string pool = "the pool of " + std::to_string(pool_size) +
                             (exclude_symbol_tiles ? " (Halflings II 1-4 excluded)" : "");
    if (most == 0)
        throw sdk::SetupRefused("halflings: " + std::to_string(player_count) + " players cannot each take a tile from " +
                                pool + " (HF-14); play with at most " + std::to_string(pool_size) + " players");
    const bool fits = hand_size <= std::numeric_limits<int64_t>::max() / player_count;
    const std::string needed = fits ? std::to_string(hand_size * player_count) : "more";
    throw sdk::SetupRefused("halflings: handSize " + std::to_string(hand_size) + " x " + std::to_string(player_count) +
                            " players needs " + needed + " tiles, but with " + std::to_string(player_count) +
                            " players at most " + std::to_string(most) + " each fit " + pool +
                            " (HF-14); choose the rule halflings.handSize=" + std::to_string(most) +
                            (exclude_symbol_tiles ? " or halflings.excludeSymbolTiles=false" : ""));
}

int64_t hand_size_for(int64_t hand_size, size_t pool_size, int player_count) {
    if (hand_size != kHandSizeAuto || player_count < 1) return hand_size;
    // At least 1, so that check_pool_size refuses a pool smaller than the players.
    return std::max<int64_t>(1, std::min<int64_t>(kAutoHandSize, static_cast<int64_t>(pool_size) / player_count));
}

std::vector<Dealt> deal_random(std::vector<TileType> pool, int player_count, int hand_size, uint64_t seed) {
    check_pool_size(pool.size(), player_count, hand_size, false);
    SplitMix64 random(seed);
    // Fisher-Yates, from the back.
    for (size_t i = pool.size(); i > 1; --i) std::swap(pool[i - 1], pool[random.below(i)]);
    std::vector<Dealt> dealt;
    for (int seat = 0; seat < player_count; ++seat)
        for (int k = 0; k < hand_size; ++k) dealt.push_back({seat, pool[static_cast<size_t>(seat * hand_size + k)]});
    return dealt;
}

std::vector<int> draft_order(int player_count, int hand_size) {
    std::vector<int> order;
    for (int round = 0; round < hand_size; ++round)
        for (int seat = player_count - 1; seat >= 0; --seat) order.push_back(seat);
    return order;
}

std::vector<Dealt> deal_draft(std::vector<TileType> pool, int player_count, int hand_size, uint64_t seed) {
    check_pool_size(pool.size(), player_count, hand_size, false);
    SplitMix64 random(seed);
    std::vector<Dealt> dealt;
    for (int seat : draft_order(player_count, hand_size)) {
        const auto pick = static_cast<std::ptrdiff_t>(random.below(pool.size()));
        dealt.push_back({seat, pool[static_cast<size_t>(pick)]});
        pool.erase(pool.begin() + pick);  // the rest stays face up in its order
    }
    return dealt;
}

}  // namespace ck::halflings

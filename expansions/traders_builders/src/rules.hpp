// Traders & Builders' rules, free of the SDK
// (docs/expansions/traders-and-builders.md, rules TB-n): the goods a city
// shows and the majority bonus at the end (TB-2, TB-3), when a builder
// gives a second tile step (TB-5), and the extra points of pigs and pig
// herds on a scored field (TB-8, TB-9).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ck::traders_builders {

enum class Good { Wine, Grain, Cloth };
inline constexpr std::array<Good, 3> kGoods{Good::Wine, Good::Grain, Good::Cloth};

// The good a tile file's `resource` value names ("wine"), or nullopt.
std::optional<Good> good_named(std::string_view resource);
// "wine", as the tile file writes it.
std::string_view good_name(Good good);
// The token kind a player's goods of this kind are kept as ("TB_WINE").
std::string_view good_token_kind(Good good);
// The score entry of the bonus ("trade-goods.wine").
std::string_view good_score_name(Good good);
// How many tiles of the set show it (TB-1: 9 wine, 6 grain, 5 cloth).
int good_tiles(Good good);

inline constexpr int kGoodsBonus = 10;

// TB-3: the players who receive the 10 points for `good`, given how many of
// it each player holds (index = player): everyone with the most, at least
// one; all of them when tied.
std::vector<uint8_t> goods_majority(std::span<const int> held);

// A figure of the board, as the builder's rule sees it.
struct Figure {
    uint8_t owner = 0;
    bool builder = false;
    bool on_placed_space = false;  // stands on the space of the tile just placed
    uint32_t feature = 0;          // the host's feature id, in this state
};

// TB-5: whether placing a tile whose segments belong to `tile_features`
// gives `player` a second tile step: one of their builders, standing on
// another space, is on a feature the tile extends, and this is the first
// tile step of the turn (`turn_part` 1), never a later one.
bool builder_gives_second_step(uint8_t player, uint32_t turn_part, std::span<const Figure> figures,
                               std::span<const uint32_t> tile_features);

// TB-8, TB-9: what a field's scorer receives on top of the field's points:
// one per completed city for a pig of theirs on it (several pigs count
// once) and one per city for the field's pig herds (several herds count
// once, and for every scorer). `cities`: the completed cities it adjoins.
int pig_points(int cities, bool scorer_has_pig);
int pig_herd_points(int cities, int herds);

}  // namespace ck::traders_builders

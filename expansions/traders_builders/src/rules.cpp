#include "rules.hpp"

#include <algorithm>
#include <array>

namespace ck::traders_builders {

namespace {
// Each good's names (in tile files, as a token kind, as a score entry)
// and how many of the set's tiles show it (TB-1).
struct GoodNames {
    Good good;
    std::string_view name, token_kind, score_name;
    int tiles;
};
constexpr std::array<GoodNames, 3> kGoodNames{{
    {Good::Wine, "wine", "TB_WINE", "trade-goods.wine", 9},
    {Good::Grain, "grain", "TB_GRAIN", "trade-goods.grain", 6},
    {Good::Cloth, "cloth", "TB_CLOTH", "trade-goods.cloth", 5},
}};
const GoodNames& names_of(Good good) { return kGoodNames[static_cast<size_t>(good)]; }
}  // namespace

std::optional<Good> good_named(std::string_view resource) {
    for (const GoodNames& g : kGoodNames)
        if (g.name == resource) return g.good;
    return std::nullopt;
}

std::string_view good_name(Good good) { return names_of(good).name; }
std::string_view good_token_kind(Good good) { return names_of(good).token_kind; }
std::string_view good_score_name(Good good) { return names_of(good).score_name; }
int good_tiles(Good good) { return names_of(good).tiles; }

std::vector<uint8_t> goods_majority(std::span<const int> held) {
    std::vector<uint8_t> winners;
    const int most = held.empty() ? 0 : *std::max_element(held.begin(), held.end());
    if (most < 1) return winners;
    for (size_t p = 0; p < held.size(); ++p)
        if (held[p] == most) winners.push_back(static_cast<uint8_t>(p));
    return winners;
}

bool builder_gives_second_step(uint8_t player, uint32_t turn_part, std::span<const Figure> figures,
                               std::span<const uint32_t> tile_features) {
    if (turn_part > 1) return false;
    for (const Figure& f : figures) {
        if (!f.builder || f.owner != player || f.on_placed_space) continue;
        if (std::find(tile_features.begin(), tile_features.end(), f.feature) != tile_features.end()) return true;
    }
    return false;
}

int pig_points(int cities, bool scorer_has_pig) { return scorer_has_pig && cities > 0 ? cities : 0; }

int pig_herd_points(int cities, int herds) { return herds > 0 && cities > 0 ? cities : 0; }

}  // namespace ck::traders_builders

#include "rules.hpp"

#include <algorithm>

namespace ck::traders_builders {

std::optional<Good> good_named(std::string_view resource) {
    for (Good g : kGoods)
        if (good_name(g) == resource) return g;
    return std::nullopt;
}

std::string_view good_name(Good good) {
    switch (good) {
        case Good::Wine: return "wine";
        case Good::Grain: return "grain";
        case Good::Cloth: return "cloth";
    }
    return "";
}

std::string_view good_token_kind(Good good) {
    switch (good) {
        case Good::Wine: return "TB_WINE";
        case Good::Grain: return "TB_GRAIN";
        case Good::Cloth: return "TB_CLOTH";
    }
    return "";
}

std::string_view good_score_name(Good good) {
    switch (good) {
        case Good::Wine: return "trade-goods.wine";
        case Good::Grain: return "trade-goods.grain";
        case Good::Cloth: return "trade-goods.cloth";
    }
    return "";
}

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

// Traders & Builders' rules alone, without a host
// (docs/expansions/traders-and-builders.md): goods by name, the majority
// bonus with ties, the builder's trigger, pigs and pig herds.
#include "rules.hpp"

#include <cstdio>
#include <vector>

namespace {

using namespace ck::traders_builders;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

}  // namespace

int main() {
    // TB-2: the three goods as the tile file names them; nothing else is one.
    expect(good_named("wine") == Good::Wine && good_named("grain") == Good::Grain && good_named("cloth") == Good::Cloth,
           "TB-2: wine, grain and cloth");
    expect(!good_named("gold") && !good_named("Wine") && !good_named(""), "TB-2: no other good");
    for (Good g : kGoods) expect(good_named(good_name(g)) == g, "TB-2: names round-trip");
    expect(good_tiles(Good::Wine) + good_tiles(Good::Grain) + good_tiles(Good::Cloth) == 20,
           "TB-1: 20 of the 24 tiles show a good");

    // TB-3: the most of a good, at least one, scores; ties all score.
    expect(goods_majority(std::vector<int>{3, 1, 0}) == std::vector<uint8_t>{0}, "TB-3: the most");
    expect(goods_majority(std::vector<int>{2, 2, 1}) == (std::vector<uint8_t>{0, 1}), "TB-3: a tie scores both");
    expect(goods_majority(std::vector<int>{0, 0}).empty(), "TB-3: nobody holds any: nobody scores");
    expect(goods_majority(std::vector<int>{1}) == std::vector<uint8_t>{0}, "TB-3: one good is enough");

    // TB-5: the builder's trigger.
    const std::vector<Figure> board{{0, true, false, 7}, {0, false, false, 7}, {1, true, false, 9}};
    expect(builder_gives_second_step(0, 1, board, std::vector<uint32_t>{7}), "TB-5: the tile extends my builder's road");
    expect(!builder_gives_second_step(0, 2, board, std::vector<uint32_t>{7}), "TB-5: never from the second step");
    expect(!builder_gives_second_step(0, 1, board, std::vector<uint32_t>{9}), "TB-5: another player's builder");
    expect(!builder_gives_second_step(1, 1, board, std::vector<uint32_t>{7}), "TB-5: a follower of another is no builder");
    expect(!builder_gives_second_step(0, 1, std::vector<Figure>{{0, true, true, 7}}, std::vector<uint32_t>{7}),
           "TB-5: a builder placed on this very tile");

    // TB-8, TB-9: one per completed city, not stacked; nothing without a city.
    expect(pig_points(3, true) == 3 && pig_points(3, false) == 0 && pig_points(0, true) == 0, "TB-8: pigs");
    expect(pig_herd_points(2, 1) == 2 && pig_herd_points(2, 2) == 2 && pig_herd_points(2, 0) == 0 &&
               pig_herd_points(0, 1) == 0,
           "TB-9: pig herds");

    if (failures == 0) std::puts("traders_builders.rules: all passed");
    return failures == 0 ? 0 : 1;
}

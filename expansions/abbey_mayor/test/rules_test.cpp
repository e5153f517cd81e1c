// Abbey & Mayor's rules alone, without a host
// (docs/expansions/abbey-and-mayor.md): the mayor's strength, the wagons'
// order and their record in the state.
#include "rules.hpp"

#include <cstdio>

namespace {

using namespace ck::abbey_mayor;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

}  // namespace

int main() {
    // AM-4: a city's pennants are its mayor's strength; none, none.
    expect(mayor_strength(FeatureKind::City, 0) == 0, "AM-4: no pennant, no strength");
    expect(mayor_strength(FeatureKind::City, 3) == 3, "AM-4: three pennants weigh three followers");
    expect(mayor_strength(FeatureKind::Road, 2) == 0, "AM-4: outside a city a mayor weighs nothing");
    expect(mayor_strength(FeatureKind::City, -1) == 0, "AM-4: a negative count is no pennant");

    // AM-5: turn order from the active player (2 of 3), each player's wagons as found.
    std::vector<WaitingWagon> w = {{0, 1, 0, 0, 1}, {2, 0, 1, 0, 2}, {0, 2, 2, 0, 4}, {1, -1, 0, 0, 8}};
    order_wagons(w, 2, 3);
    expect(w[0].owner == 2 && w[1].owner == 0 && w[2].owner == 0 && w[3].owner == 1, "AM-5: from the active player");
    expect(w[1].location == 1 && w[2].location == 4, "AM-5: a player's wagons in the order found");
    expect(last_of_its_owner(w), "AM-5: player 2's only wagon is its last");
    w.erase(w.begin());
    expect(!last_of_its_owner(w), "AM-5: player 0 has a second wagon to move");
    w.erase(w.begin());
    expect(last_of_its_owner(w), "AM-5: then player 0's last");

    // AM-5, C1: AM/LRRRR's monastery "a b c d" links all four roads; road
    // "a" links the monastery alone; an unlabelled segment links nothing.
    const std::vector<std::string_view> lrrrr{"a b c d", "a", "b", "c", "d", "", "", "", ""};
    expect(linked_segments(lrrrr, 0) == std::vector<size_t>({1, 2, 3, 4}), "C1: the monastery to its four roads");
    expect(linked_segments(lrrrr, 2) == std::vector<size_t>({0}), "C1: a road to the monastery only");
    expect(linked_segments(lrrrr, 5).empty(), "C1: a field links nothing");
    w.front().linked = {{1, -1, 0, 4}, {-3, 2, 1, 1}};

    // The record survives the state, negative coordinates and all.
    const auto back = decode(encode(w));
    expect(back && *back == w, "the wagons' record reads back");
    expect(decode({}) && decode({})->empty(), "no record: no wagon");
    const std::vector<uint8_t> junk{7, 1, 2};
    expect(!decode(junk), "a record of another version is refused");
    std::vector<uint8_t> cut = encode(w);
    cut.pop_back();
    expect(!decode(cut), "a record cut short is refused");
    if (failures == 0) std::printf("abbey-and-mayor rules: all passed\n");
    return failures == 0 ? 0 : 1;
}

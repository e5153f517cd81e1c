// The rules of Darmstadt on their own (src/rules.hpp), without a host: rule
// IDs of docs/expansions/darmstadt.md.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "rules.hpp"

namespace {

using namespace ck::darmstadt;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

// The nine spaces around `c`, and `more`.
std::vector<Space> area_of(Space c, std::vector<Space> more = {}) {
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) more.push_back({c.x + dx, c.y + dy});
    return more;
}

}  // namespace

int main() {
    // DA-3: the area is the church's space and the eight around it.
    expect(in_area({0, 1}, {0, 1}) && in_area({0, 1}, {-1, 0}) && in_area({0, 1}, {1, 2}), "DA-3: the 3x3 area");
    expect(!in_area({0, 1}, {2, 1}) && !in_area({0, 1}, {0, -1}), "DA-3: two spaces away is outside");

    // DA-3: the most followers win; ties all win; nobody, nobody.
    expect(church_bonus_winners({1, 1, 0}) == std::vector<uint8_t>{1}, "DA-3: Bob 2, Alice 1: Bob");
    expect(church_bonus_winners({0, 1, 1, 0}) == std::vector<uint8_t>{0, 1}, "DA-3: a tie: both");
    expect(church_bonus_winners({2}) == std::vector<uint8_t>{2}, "DA-3: one follower is a majority");
    expect(church_bonus_winners({}).empty(), "DA-3: nobody in the area: no bonus");
    // DA-6: during the game only.
    expect(church_bonus_due(true, false), "DA-6: completed during the game");
    expect(!church_bonus_due(false, true), "DA-6: open at the end: nothing");
    expect(!church_bonus_due(true, true), "DA-6: nothing at the final scoring");

    // DA-8: 3 for a completed city with darmstadtium, nothing unfinished.
    expect(darmstadtium_points(true, 1) == 3, "DA-8: completed");
    expect(darmstadtium_points(false, 1) == 0, "DA-8: unfinished");
    expect(darmstadtium_points(true, 0) == 0, "DA-8: no darmstadtium");

    // DA-5: an empty church whose last neighbour is laid now.
    const Space church{0, 1};
    expect(empty_churches_completed(area_of(church), {1, 2}, {church}) == std::vector<Space>{church},
           "DA-5: the ninth space filled completes it");
    expect(empty_churches_completed(area_of(church), church, {church}) == std::vector<Space>{church},
           "DA-5: the church laid last, into a hole of eight neighbours");
    std::vector<Space> eight = area_of(church);
    eight.pop_back();  // (1,2) still empty
    expect(empty_churches_completed(eight, {0, 2}, {church}).empty(), "DA-5: one space still empty");
    expect(empty_churches_completed(area_of(church, {{2, 2}}), {2, 2}, {church}).empty(),
           "DA-5: a tile outside the area completes nothing");
    // DA-10 (HF-30): a space with one triangle is filled, and a second
    // triangle beside it fills nothing new.
    expect(empty_churches_completed(area_of(church), {1, 2}, {church}).size() == 1,
           "DA-10: the first triangle of a space completes");
    expect(empty_churches_completed(area_of(church, {{1, 2}}), {1, 2}, {church}).empty(),
           "DA-10: the second triangle of a filled space does not complete it again");
    // Two churches completed by one tile: both.
    const Space other{2, 1};
    std::vector<Space> both = area_of(church);
    for (int y = 0; y <= 2; ++y) both.push_back({3, y});  // the other church's column beyond (1, y)
    both.push_back(other);
    for (int y = 0; y <= 2; y += 2) both.push_back({2, y});
    expect(empty_churches_completed(both, {1, 1}, {church, other}).size() == 2, "DA-5: two churches at once");

    if (failures == 0) std::puts("darmstadt.rules: all passed");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

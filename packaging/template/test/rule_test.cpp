// The rule of Long Roads, checked without a host.
#include <cstdio>

#include "long_roads_rule.hpp"

namespace {

int failures = 0;

void expect(int got, int want, const char* what) {
    if (got == want) return;
    std::printf("FAIL %s: got %d, want %d\n", what, got, want);
    ++failures;
}

}  // namespace

int main() {
    const long_roads::Options standard;  // 4 tiles
    expect(long_roads::bonus(4, true, standard), 4, "a completed road of 4 tiles gains 4");
    expect(long_roads::bonus(7, true, standard), 7, "a completed road of 7 tiles gains 7");
    expect(long_roads::bonus(3, true, standard), 0, "a road of 3 tiles is too short");
    expect(long_roads::bonus(9, false, standard), 0, "an incomplete road gains nothing at the end");
    expect(long_roads::bonus(2, true, long_roads::Options{2}), 2, "longRoads.minTiles=2 lets 2 tiles count");
    if (failures == 0) std::printf("long roads: every rule check passed\n");
    return failures == 0 ? 0 : 1;
}

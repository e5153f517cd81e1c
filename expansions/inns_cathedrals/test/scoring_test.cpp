// The scoring rules of Inns & Cathedrals on their own (src/scoring.hpp),
// without a host: rule IDs of docs/expansions/inns-and-cathedrals.md.
#include <cstdio>
#include <cstdlib>

#include "scoring.hpp"

namespace {

using ck::inns_cathedrals::change_for;
using ck::inns_cathedrals::Kind;
using ck::inns_cathedrals::ScoredFeature;

int failures = 0;

void expect_delta(const char* rule, const ScoredFeature& f, int want) {
    const auto c = change_for(f);
    const int got = c ? c->delta : 0;
    if (got != want) {
        std::printf("FAIL %s: delta %d, want %d\n", rule, got, want);
        ++failures;
    }
}

}  // namespace

int main() {
    // IC-3: a completed road of 4 tiles with an inn: 4 + 4.
    expect_delta("IC-3", {Kind::Road, true, 4, 1, 0}, 4);
    // IC-4: unfinished at the end: 4 − 4 = 0.
    expect_delta("IC-4", {Kind::Road, false, 4, 1, 0}, -4);
    // IC-5: a completed city of 5 tiles and 1 pennant with a cathedral: 12 + 6 = 18 = 3 × 6.
    expect_delta("IC-5", {Kind::City, true, 12, 0, 1}, 6);
    // IC-6: unfinished: 6 − 6 = 0.
    expect_delta("IC-6", {Kind::City, false, 6, 0, 1}, -6);
    // Neither: nothing.
    expect_delta("no inn", {Kind::Road, true, 4, 0, 0}, 0);
    expect_delta("no cathedral", {Kind::City, true, 8, 0, 0}, 0);
    expect_delta("an inn on a city is no rule", {Kind::City, true, 8, 1, 0}, 0);
    if (failures == 0) std::puts("inns_cathedrals.scoring: all passed");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

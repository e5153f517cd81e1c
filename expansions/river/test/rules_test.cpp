// The River's placement rules alone, without a host (docs/expansions/river.md):
// a river tile continues the river (RI-5) and leaves it room to flow on
// without turning back (RI-6).
#include "rules.hpp"

#include <cstdio>
#include <set>
#include <utility>

namespace {

using namespace ck::river;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

constexpr uint8_t N = 1, E = 2, S = 4, W = 8;

// A board of occupied spaces.
struct Board {
    std::set<std::pair<int, int>> spaces;
    bool operator()(Space s) const { return spaces.count({s.x, s.y}) != 0; }
};

}  // namespace

int main() {
    expect(beside({0, 0}, 0) == Space{0, -1} && beside({0, 0}, 1) == Space{1, 0} && beside({0, 0}, 2) == Space{0, 1} &&
               beside({0, 0}, 3) == Space{-1, 0},
           "neighbours: north is smaller y");

    // The spring at (0,0), its river flowing east.
    Board b{{{0, 0}}};
    // RI-5: a straight river tile east of it, west-east, continues it.
    expect(!river_veto({1, 0}, W | E, b), "RI-5: a straight tile continues the spring");
    // RI-5: north of the spring its river meets nothing (the spring's north is a field: the host's edges
    // refuse it anyway; here the river tile's sides face no tile).
    expect(river_veto({0, -1}, E | W, b).has_value(), "RI-5: a river meeting no river is refused");
    const auto why = river_veto({5, 5}, N | S, b);
    expect(why && why->find("RI-5") == 0, "RI-5: the reason names the rule");

    // RI-6: the river at (0,0)-(1,0)-(2,0) then bending south at (2,0)->(2,1); a bend at (2,1) turning west
    // flows towards (1,1), below the river: the space beyond it (0,1) and those beside... must be free.
    Board bend{{{0, 0}, {1, 0}, {2, 0}}};
    // A tile at (2,1) with river N and W: its west end flows into (1,1), whose neighbours (1,0) above is
    // taken: a U-turn.
    const auto u_turn = river_veto({2, 1}, N | W, bend);
    expect(u_turn && u_turn->find("RI-6") == 0, "RI-6: a bend back under the river is refused");
    // The same tile turning east (N and E) flows away from the river: allowed.
    expect(!river_veto({2, 1}, N | E, bend), "RI-6: a bend away from the river is allowed");
    // Straight on south (N and S): (2,2) with (1,2), (3,2), (2,3), (1,3), (3,3) free: allowed.
    expect(!river_veto({2, 1}, N | S, bend), "RI-6: straight on is allowed");
    // Two spaces ahead is reserved too: a tile at (2,3) makes straight on at (2,1) illegal.
    Board ahead = bend;
    ahead.spaces.insert({2, 3});
    expect(river_veto({2, 1}, N | S, ahead).has_value(), "RI-6: a tile two spaces ahead blocks the way");
    // A lake (one river side) only needs to meet the river: nothing flows on.
    expect(!river_veto({2, 1}, N, ahead), "RI-6: a lake closes the river wherever it meets it");
    // The fork (three river sides): every open arm needs room.
    Board straight{{{0, 0}, {1, 0}}};
    expect(!river_veto({2, 0}, W | N | E, straight), "RI-6: a fork with room for both arms");
    Board crowded = straight;
    crowded.spaces.insert({3, -2});
    expect(river_veto({2, 0}, W | N | E, crowded).has_value(), "RI-6: a fork whose north arm has no room");

    if (failures == 0) std::printf("river rules: all passed\n");
    return failures == 0 ? 0 : 1;
}

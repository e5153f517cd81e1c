// The Wind Roses' rules alone, without a host: the roses' names,
// the quarter a small rose marks under the reference's rotation and the
// bonus (docs/expansions/wind-roses.md).
#include "rules.hpp"

#include <cstdio>

namespace {

using namespace ck::wind_roses;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

}  // namespace

int main() {
    // WR-2, WR-3: the tile file's names of the large rose and the quarters.
    expect(rose_name(Rose::Large) == "NWSE" && rose_name(Rose::SouthWest) == "SW", "the tile file's names");
    expect(rose_named("NWSE") == Rose::Large && rose_named("NE") == Rose::NorthEast &&
               rose_named("SE") == Rose::SouthEast && rose_named("NW") == Rose::NorthWest &&
               rose_named("SW") == Rose::SouthWest,
           "WR-3: every name read back");
    expect(!rose_named("") && !rose_named("ne") && !rose_named("NWS") && !rose_named("N"), "no rose for other texts");
    expect(rose_marker(Rose::Large) == "wind-rose-large" && rose_marker(Rose::NorthWest) == "wind-rose-nw",
           "the tile markers");

    // WR-4: the reference's rotation turns the printed quarter clockwise.
    expect(marked_quarter(Rose::NorthEast, 0) == Rose::NorthEast, "WR-4: unturned");
    expect(marked_quarter(Rose::NorthEast, 1) == Rose::SouthEast, "WR-4: NE turned R90 is SE");
    expect(marked_quarter(Rose::SouthWest, 1) == Rose::NorthWest, "WR-4: SW turned R90 is NW");
    expect(marked_quarter(Rose::NorthWest, 2) == Rose::SouthEast, "WR-4: NW turned R180 is SE");
    expect(marked_quarter(Rose::SouthEast, 3) == Rose::NorthEast, "WR-4: SE turned R270 is NE");

    // WR-3: quarters around the reference's space, its row and column in both.
    const Reference at_origin{0, 0, 0};
    expect(in_quarter(Rose::SouthWest, -1, 1, at_origin), "WR-3: (-1,1) is south-west");
    expect(!in_quarter(Rose::SouthWest, 1, 1, at_origin), "WR-3: (1,1) is not south-west");
    expect(in_quarter(Rose::NorthEast, 0, -3, at_origin) && in_quarter(Rose::NorthWest, 0, -3, at_origin),
           "WR-3: the column north belongs to both northern quarters");
    expect(in_quarter(Rose::SouthEast, 0, 0, at_origin), "WR-3: the reference's own space is in every quarter");
    const Reference moved{4, -2, 0};
    expect(in_quarter(Rose::SouthWest, 3, -1, moved) && !in_quarter(Rose::SouthWest, -1, -3, moved),
           "WR-2, WR-3: quarters follow the reference's space");

    // The bonus: 3 in the marked quarter, else 0; none without a reference
    // (WR-6) or for a large rose.
    expect(rose_bonus(Rose::SouthWest, -1, 1, at_origin) == 3, "WR-3: the engine test's south-west rose");
    expect(rose_bonus(Rose::SouthWest, 1, -1, at_origin) == 0, "WR-3: north-east of the reference scores nothing");
    expect(rose_bonus(Rose::SouthWest, 1, -1, Reference{0, 0, 2}) == 3, "WR-4: R180 reference makes SW into NE");
    expect(rose_bonus(Rose::NorthEast, 5, -5, std::nullopt) == 0, "WR-6: no reference, no points");
    expect(rose_bonus(Rose::Large, 0, 0, at_origin) == 0, "WR-2: a large rose scores nothing");

    // The reference as expansion data.
    expect(decode(encode(Reference{-7, 12, 3})) == Reference{-7, 12, 3}, "the reference survives the state");
    expect(!decode("") && !decode("1 2") && !decode("1 2 4") && !decode("1 2 3 x"), "bad data is no reference");

    if (failures == 0) std::printf("wind roses' rules: all passed\n");
    return failures == 0 ? 0 : 1;
}

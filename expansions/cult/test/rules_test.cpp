// The rivalry of The Cult on its own (src/rules.hpp), without a host: rule
// IDs of docs/expansions/cult.md.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "rules.hpp"

namespace {

using namespace ck::cult;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

Monastic shrine(int x, int y) { return Monastic{Space{x, y}, Kind::Shrine}; }
Monastic monastery(int x, int y) { return Monastic{Space{x, y}, Kind::Monastery}; }

// Every space of the square from (x0, y0) to (x1, y1) filled.
void fill(Board& b, int x0, int y0, int x1, int y1) {
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) b.filled.push_back(Space{x, y});
}

bool throws(const std::string& bytes) {
    try {
        decode_challengers(bytes);
    } catch (const std::runtime_error&) {
        return true;
    }
    return false;
}

}  // namespace

int main() {
    // CU-3, CU-4, CU-11: "next to" is the eight spaces around, sides and corners.
    expect(next_to(Space{0, 0}, Space{1, 1}) && next_to(Space{0, 0}, Space{-1, 0}), "CU-11: sides and corners");
    expect(!next_to(Space{0, 0}, Space{0, 0}) && !next_to(Space{0, 0}, Space{2, 0}),
           "CU-11: neither the space itself nor two spaces away");

    // CU-2: complete when the eight spaces around are filled.
    {
        Board b;
        fill(b, -1, -1, 1, 1);
        expect(b.complete(shrine(0, 0)), "CU-2: nine filled spaces complete the shrine");
        b.filled.pop_back();
        expect(!b.complete(shrine(0, 0)), "CU-2: eight are not enough");
    }

    // CU-3: the placement limits.
    {
        Board b;
        expect(!placement_veto(b, Space{0, 0}, Kind::Shrine), "CU-3: a shrine alone may go anywhere");
        b.monastics = {monastery(0, 0)};
        expect(!placement_veto(b, Space{1, 1}, Kind::Shrine), "CU-3: a shrine next to one monastery");
        expect(!placement_veto(b, Space{1, 0}, Kind::Monastery), "CU-3: monasteries do not race each other");
        b.monastics.push_back(monastery(2, 0));
        const auto two = placement_veto(b, Space{1, 1}, Kind::Shrine);
        expect(two && *two == "a shrine may not be next to two monasteries", "CU-3: not next to two monasteries");
        expect(!placement_veto(b, Space{-1, 1}, Kind::Shrine), "CU-3: next to one of the two only");
        b.monastics = {monastery(0, 0), shrine(-1, 0)};
        const auto taken = placement_veto(b, Space{1, 0}, Kind::Shrine);
        expect(taken && *taken == "the neighbouring monastery already has a rival",
               "CU-3: not next to a monastery that already races a shrine");
        expect(!placement_veto(b, Space{-2, 0}, Kind::Shrine),
               "CU-3: a second shrine two spaces from the monastery is not concerned");
        b.monastics = {shrine(0, 0), monastery(1, 1)};
        const auto mono = placement_veto(b, Space{-1, 0}, Kind::Monastery);
        expect(mono && *mono == "the neighbouring shrine already has a rival", "CU-3: the same for a monastery");
        b.monastics = {shrine(0, 0), shrine(2, 0)};
        expect(placement_veto(b, Space{1, 0}, Kind::Monastery).has_value(), "CU-3: a monastery not next to two shrines");
    }

    // CU-4, CU-5, CU-6: who is challenged.
    {
        Board b;
        b.monastics = {shrine(0, 0), monastery(1, 1), monastery(-2, 0), shrine(2, 2)};
        fill(b, -1, -1, 1, 1);  // the shrine at (0,0) is complete, the monastery at (1,1) open
        const std::vector<Monastic> by_shrine = {shrine(0, 0)};
        expect(challenged(b, by_shrine) == std::vector<size_t>{1},
               "CU-4: the open monastery next to the completed shrine, not the one two spaces away");
        const std::vector<Monastic> none;
        expect(challenged(b, none).empty(), "CU-6: no challenger, nobody challenged");
        fill(b, 2, 0, 2, 2);
        fill(b, 0, 2, 1, 2);
        expect(b.complete(monastery(1, 1)) && challenged(b, by_shrine).empty(),
               "CU-5: a rival completed in the same turn is not challenged");
        const std::vector<Monastic> by_monastery = {monastery(1, 1)};
        expect(challenged(b, by_monastery) == std::vector<size_t>{3},
               "CU-4: a completed monastery challenges the open shrine next to it, not the completed one");
        const std::vector<Monastic> both = {monastery(1, 1), monastery(1, 1)};
        expect(challenged(b, both) == std::vector<size_t>{3}, "CU-4: each challenged feature once");
    }

    // CU-4: the score entry of the figure sent home.
    expect(challenged_entry(Kind::Monastery) == "monastery.challenged" &&
               challenged_entry(Kind::Shrine) == "shrine.challenged",
           "CU-4: JCloisterZone's entries");

    // The expansion's data between FIGURE_STEP_END and TURN_END.
    {
        const std::vector<Monastic> c = {shrine(-3, 7), monastery(300, -32768)};
        const std::vector<uint8_t> bytes = encode_challengers(c);
        expect(decode_challengers(std::string(bytes.begin(), bytes.end())) == c, "data: a round trip");
        expect(decode_challengers("").empty(), "data: none is no challenger");
        expect(throws(std::string("\x02\x00", 2)), "data: an unknown format is refused");
        expect(throws(std::string("\x01\x01\x00", 3)), "data: a short record is refused");
        expect(throws(std::string("\x01\x01\x00\x00\x00\x00\x07", 7)), "data: an unknown kind is refused");
        expect(throws(std::string("\x01", 1)), "data: a lone format byte is refused");
        bool out_of_range = false;
        try {
            const std::vector<Monastic> far = {shrine(40000, 0)};
            encode_challengers(far);
        } catch (const std::invalid_argument&) {
            out_of_range = true;
        }
        expect(out_of_range, "data: a space beyond int16 is refused");
    }

    if (failures == 0) std::puts("cult.rules: all passed");
    return failures == 0 ? 0 : 1;
}

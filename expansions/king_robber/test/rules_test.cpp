// King & Robber's rules alone, without a host
// (docs/expansions/king-and-robber.md): the titles passing, the four
// scorings, and the record kept in the state.
#include "rules.hpp"

#include <cstdio>
#include <vector>

namespace {

using namespace ck::king_robber;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

int points_of(const std::vector<Award>& awards, int player) {
    int sum = 0;
    for (const Award& a : awards) sum += a.player == player ? a.points : 0;
    return sum;
}

}  // namespace

int main() {
    // KR-2: the first completed city makes its completer king; only a
    // larger one moves the title, to whoever completes it.
    Titles t;
    on_completed(t, Title::King, 3, 0);
    expect(t.king.holder == 0 && t.king.size == 3, "KR-2: the first city");
    on_completed(t, Title::King, 3, 1);
    expect(t.king.holder == 0, "KR-2: as large is not larger");
    on_completed(t, Title::King, 4, 1);
    expect(t.king.holder == 1 && t.king.size == 4 && t.king.completed == 3, "KR-2: a larger city");
    // KR-3: the robber likewise, on its own.
    on_completed(t, Title::Robber, 2, 0);
    expect(t.robber.holder == 0 && t.king.holder == 1, "KR-3: the robber apart from the king");

    // KR-4 to KR-6 at the end.
    expect(points_of(final_awards(t, Scoring::PerFeature), 1) == 3 && points_of(final_awards(t, Scoring::PerFeature), 0) == 1,
           "KR-4: 1 per completed city and road");
    expect(points_of(final_awards(t, Scoring::Ten), 1) == 10 && points_of(final_awards(t, Scoring::Ten), 0) == 10,
           "KR-5: 10 per title");
    expect(points_of(final_awards(t, Scoring::FifteenForty), 1) == 15, "KR-6: 15 for one title");
    Titles both;
    on_completed(both, Title::King, 2, 2);
    on_completed(both, Title::Robber, 2, 2);
    const auto forty = final_awards(both, Scoring::FifteenForty);
    expect(forty.size() == 1 && forty[0].points == 40 && forty[0].name == "king+robber", "KR-6: 40 for both");
    expect(final_awards(both, Scoring::Continuously).empty(), "KR-7: nothing at the end");

    // KR-7: during the game, the holders the step began with earn 1 per
    // city or road it completed; nobody before the first title.
    Titles c;
    on_completed(c, Title::King, 2, 0);
    expect(close_step(c, Scoring::Continuously).empty(), "KR-7: no king before the first city");
    on_completed(c, Title::King, 2, 1);
    on_completed(c, Title::King, 5, 1);
    const auto step = close_step(c, Scoring::Continuously);
    expect(step.size() == 1 && step[0].player == 0 && step[0].points == 2, "KR-7: the old king earns for the step");
    expect(c.king.holder == 1 && !c.step_open, "KR-7: the new king holds it after the step");

    // The record round-trips; anything else is refused.
    const auto back = decode(encode(t));
    expect(back && back->king.holder == 1 && back->robber.size == 2 && back->king.completed == 3, "encode/decode");
    expect(decode({}) && decode({})->king.holder == -1, "no data: no titles yet");
    expect(!decode(std::vector<uint8_t>{9, 0, 1}), "garbage is refused");
    expect(scoring_named("15/40") == Scoring::FifteenForty && !scoring_named("20/40"), "scoring names");

    if (failures == 0) std::puts("king_robber.rules: all passed");
    return failures == 0 ? 0 : 1;
}

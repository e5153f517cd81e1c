// The assertion grammar of JCloisterZone's test runner (docs/interop.md,
// "Assertions"): each form, rule order, whole-text matching, \w.
#include <gtest/gtest.h>

#include "jcz/assertions.hpp"

using namespace ck::host::jcz;

namespace {

AssertionState sample() {
    AssertionState s;
    s.player_names = {"Alice", "Bob_2"};
    s.totals = {12, -1};
    s.score_log = {{0, 4, "city.tiny"}, {0, 8, "road"}, {1, 3, "field"}, {0, 0, "monastery.incomplete"}};
    s.phase = "ActionPhase";
    s.can_pass = true;
    return s;
}

bool passes(const std::string& a, const AssertionState& s = sample()) { return evaluate_assertion(a, s).passed; }

}  // namespace

TEST(JczAssertions, TotalPoints) {
    EXPECT_TRUE(passes("Alice has 12 points"));
    EXPECT_FALSE(passes("Alice has 11 points"));
    EXPECT_TRUE(passes("Bob_2 has -1 point"));  // singular and negative accepted
    EXPECT_EQ(evaluate_assertion("Alice has 11 points", sample()).detail, "Alice has 12 points");
}

// Issue 11, finding 5: JCloisterZone's runner searches the text, so these
// passed; a form must now be the whole assertion.
TEST(JczAssertions, TotalMustBeTheWholeText) {
    EXPECT_FALSE(passes("Big Alice has 12 points, surely"));
    EXPECT_FALSE(passes("Alice has 12 pointsss"));
    // Only ASCII word characters: "Bob-2" is no player name.
    const auto r = evaluate_assertion("Bob-2 has -1 points", sample());
    EXPECT_FALSE(r.passed);
    EXPECT_EQ(r.detail, "Unknown assertion");
}

TEST(JczAssertions, HugeNumberNeverEqualsATotal) {
    EXPECT_FALSE(passes("Alice has 99999999999999999999999 points"));
}

TEST(JczAssertions, ScoredMatchesFeatureWordBeforeFirstDot) {
    EXPECT_TRUE(passes("Alice scored city for 4 points"));  // city.tiny
    EXPECT_TRUE(passes("Alice scored road for 8 points"));
    EXPECT_TRUE(passes("Alice scored monastery for 0 points"));
    EXPECT_TRUE(passes("Bob_2 scored field for 3 points"));
    EXPECT_FALSE(passes("Alice scored city for 8 points"));   // wrong points
    EXPECT_FALSE(passes("Bob_2 scored road for 8 points"));   // someone else's entry
    EXPECT_FALSE(passes("Alice scored tiny for 4 points"));   // only the part before '.'
    const auto r = evaluate_assertion("Alice scored field for 1 point", sample());
    EXPECT_FALSE(r.passed);
    EXPECT_EQ(r.detail, "Alice's entries: city.tiny 4, road 8, monastery.incomplete 0");
}

TEST(JczAssertions, TwoFormsInOneTextAreNoAssertion) {
    EXPECT_FALSE(passes("Bob_2 scored field for 3 points but Bob_2 has -1 points"));
    EXPECT_FALSE(passes("Bob_2 scored field for 9 points but Bob_2 has -1 points"));
}

TEST(JczAssertions, CanPassIsAnExactString) {
    auto s = sample();
    EXPECT_TRUE(passes("Player can pass", s));
    EXPECT_FALSE(passes("Player can't pass", s));
    s.can_pass = false;
    s.phase = "TilePhase";
    EXPECT_TRUE(passes("Player can't pass", s));
    EXPECT_FALSE(passes("Player can pass", s));
    // Not a regex: anything else around it is an unknown assertion.
    const auto r = evaluate_assertion("Player can pass now", sample());
    EXPECT_FALSE(r.passed);
    EXPECT_EQ(r.detail, "Unknown assertion");
    // No pending action at game over: fails with a reason.
    s.can_pass.reset();
    s.phase = "GameOverPhase";
    EXPECT_FALSE(passes("Player can pass", s));
    EXPECT_FALSE(passes("Player can't pass", s));
}

TEST(JczAssertions, Phase) {
    EXPECT_TRUE(passes("phase is ActionPhase"));
    EXPECT_FALSE(passes("phase is TilePhase"));
    EXPECT_FALSE(passes("the phase is ActionPhase."));  // not the whole text
    EXPECT_FALSE(passes("Phase is ActionPhase"));      // case-sensitive
}

TEST(JczAssertions, UnknownAssertionAndUnknownPlayer) {
    EXPECT_EQ(evaluate_assertion("Alice wins", sample()).detail, "Unknown assertion");
    const auto r = evaluate_assertion("Carol has 0 points", sample());
    EXPECT_FALSE(r.passed);
    EXPECT_EQ(r.detail, "no player named 'Carol' (players: Alice, Bob_2)");
}

TEST(JczAssertions, EvaluatesAllInOrder) {
    const auto rs = evaluate_assertions({"Alice has 12 points", "nonsense", "phase is ActionPhase"}, sample());
    ASSERT_EQ(rs.size(), 3u);
    EXPECT_TRUE(rs[0].passed);
    EXPECT_FALSE(rs[1].passed);
    EXPECT_TRUE(rs[2].passed);
    EXPECT_EQ(rs[1].text, "nonsense");
}

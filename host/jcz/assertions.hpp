// JCloisterZone test assertions (`test.assertions` of a .jcz): the grammar
// of the client's test runner, evaluated against the state a replay ends in
// (docs/interop.md). Rules are tried in order and the first that matches
// decides. A form must match the whole assertion (JCloisterZone's runner
// searches, so "Alice has 4 pointsss garbage" passed there; here it is an
// unknown assertion that names the extra text). Matching is linear in the
// length of the text and uses no std::regex (docs/reliability.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ck::host::jcz {

struct ScoreLogEntry {
    int player = 0;
    int points = 0;
    std::string name;  // "city", "city.tiny", "road.incomplete", ...
};

// What assertions can look at once a replay is over.
struct AssertionState {
    std::vector<std::string> player_names;  // by player index
    std::vector<int> totals;                // by player index
    std::vector<ScoreLogEntry> score_log;   // every entry, during play and final
    std::string phase;                      // "TilePhase", "ActionPhase", ...
    std::optional<bool> can_pass;           // nullopt: no pending action (game over)
};

struct AssertionResult {
    std::string text;
    bool passed = false;
    std::string detail;  // why, in words: "Alice has 12 points", "Unknown assertion"
};

AssertionResult evaluate_assertion(const std::string& assertion, const AssertionState& state);
std::vector<AssertionResult> evaluate_assertions(const std::vector<std::string>& assertions,
                                                 const AssertionState& state);

}  // namespace ck::host::jcz

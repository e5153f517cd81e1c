// Decisions (docs/abi.md, "Decisions"): the one way an expansion asks a
// player to choose in the middle of a turn. A hook offers a decision; the
// game rests in DecisionPhase until that player chooses an option (or
// passes, when allowed); the offering expansion applies the choice and may
// offer the next decision, for any player. The host checks every option
// against the board when it is offered, so it can show, save, replay and
// search decisions without knowing the expansion.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "geometry.hpp"
#include "tile_def.hpp"

namespace ck::host {

// What an option points at (ck.fb.DecisionTarget, same values).
enum class DecisionTarget : uint8_t { None = 0, Tile = 1, Location = 2, Figure = 3, Space = 4 };

struct DecisionOption {
    std::string label;
    DecisionTarget target = DecisionTarget::None;
    TileRef at{};                 // Tile, Location, Space
    Location location = 0;        // Location
    uint32_t figure = 0;          // Figure: index into Game::figures() when offered
    int64_t value = 0;
    std::vector<uint8_t> payload;  // returned to the expansion unread
    // What a save writes for the choice: JCloisterZone's message type and
    // JSON payload; empty: CK_DECISION {expansion, key, index}.
    std::string jcz_type, jcz_payload;
    friend bool operator==(const DecisionOption&, const DecisionOption&) = default;
};

struct Decision {
    uint32_t expansion = 0;  // index of the offering expansion in the hooks' own list
    uint8_t player = 0;      // who chooses
    std::string key;         // the expansion's name for it ("shepherd")
    std::string label;
    std::vector<DecisionOption> options;
    bool may_pass = false;
    uint32_t step = 1;  // 1 for the first decision of a chain
    // OfferDecision.jcz_pass_type: a pass saved as this message; empty: CK_DECISION.
    std::string jcz_pass_type;
    // OfferDecision.jcz_commit: a chosen option is confirmed by a COMMIT,
    // which re-seeds the draws (Game::commit in CommitActionPhase).
    bool jcz_commit = false;
    // Its options came from figure targets alone (OfferDecision.
    // figure_targets): with none, it is passed at once and nothing saved.
    bool skip_when_empty = false;
};

// Where the turn goes on once a chain of decisions ends: the stage after
// the hook that opened it.
enum class DecisionResume : uint8_t {
    FigureStep,       // opened by TILE_PLACED: the figure step
    AfterFigureStep,  // opened by FIGURE_STEP_END: its movement or the commit
    NextTurn,         // opened by TURN_END or GAME_END_CHECK: the next turn or the end
    AfterCompletion,  // opened by FEATURE_COMPLETED: figures go home, then TURN_END
};

// Limits the host enforces on what an expansion offers.
inline constexpr size_t kMaxDecisionOptions = 1000;
inline constexpr size_t kMaxDecisionPayload = 1024;
inline constexpr size_t kMaxDecisionText = 1024;  // a key, label or jcz field
inline constexpr uint32_t kMaxDecisionChain = 64;  // decisions in one chain
inline constexpr int kMaxBoardCoordinate = 1000;   // a Space target's |x| and |y|, as start tiles'

// The decision state a game carries: the open decision, if any, and where
// the turn resumes after it. One member of Game.
struct DecisionState {
    std::optional<Decision> open;
    // Offered by a second expansion in the same stage: each comes after
    // the chain before it ends.
    std::vector<Decision> queued;
    bool offered = false;  // set by Game::offer_decision during a hook
    DecisionResume resume = DecisionResume::FigureStep;
    // A choice of a jcz_commit decision waits for its COMMIT (the game is in
    // CommitActionPhase); `answered_step` is that decision's step.
    bool commit_pending = false;
    uint32_t answered_step = 0;
    uint8_t commit_player = 0;  // who chose it, and so commits
};

}  // namespace ck::host

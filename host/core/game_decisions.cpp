// Game: decisions (decisions.hpp; docs/abi.md, "Decisions"). A hook offers
// a decision (Game::offer_decision, from the plugin bridge after it checked
// the options); the game rests in DecisionPhase; the deciding player's
// choice goes to the offering expansion, which may offer the next one; when
// a chain ends, the stage the first decision interrupted goes on. The
// engine knows no shepherd or wagon: the expansions decide what a choice does.
#include "game.hpp"
#include "profile.hpp"

namespace ck::host {

void Game::offer_decision(Decision decision) {
    touch();
    if (decision.player >= players_.size())
        throw HostError("offer decision '" + decision.key + "': no player " + std::to_string(decision.player),
                        ErrorCategory::Plugin);
    if (decision.options.empty() && !decision.may_pass)
        throw HostError("offer decision '" + decision.key + "': no option and no pass", ErrorCategory::Plugin);
    if (decisions_.offered) {  // another expansion offered one in this stage already
        decisions_.queued.push_back(std::move(decision));
        return;
    }
    decisions_.open = std::move(decision);
    decisions_.offered = true;
}

bool Game::rest_in_offered_decision(DecisionResume resume) {
    if (!decisions_.offered) return false;
    decisions_.offered = false;
    decisions_.open->step = 1;
    decisions_.resume = resume;
    touch();  // the phase is part of the state hooks see (a state built since the offer is stale)
    phase_ = Phase::DecisionPhase;
    return true;
}

void Game::choose_decision(size_t i) {
    require_phase(Phase::DecisionPhase, "choose in a decision");
    if (i >= decisions_.open->options.size())
        throw HostError("decision '" + decisions_.open->key + "' has no option " + std::to_string(i) + " (" +
                            std::to_string(decisions_.open->options.size()) + " offered)",
                        ErrorCategory::IllegalMove);
    answer_decision(i);
}

void Game::pass_decision() {
    require_phase(Phase::DecisionPhase, "pass a decision");
    if (!decisions_.open->may_pass)
        throw HostError("decision '" + decisions_.open->key + "' may not be passed: choose one of its " +
                            std::to_string(decisions_.open->options.size()) + " options",
                        ErrorCategory::IllegalMove);
    answer_decision(std::nullopt);
}

void Game::answer_decision(std::optional<size_t> choice) {
    const StageScope profile(ProfileStage::FigureStep);
    const Decision decision = *decisions_.open;  // the hook may replace it with the next one
    decisions_.offered = false;
    if (hooks_) hooks_->apply_decision(*this, decision, choice);
    touch();
    {
        Move& m = record_move(MoveType::Decision);  // only once the expansion accepted it
        m.player = decision.player;
        m.decision_expansion = decision.expansion;
        m.decision_key = decision.key;
        if (choice) {
            m.decision_index = static_cast<uint32_t>(*choice);
            m.decision_option = decision.options[*choice];
        }
    }
    if (decisions_.offered) {  // the next decision of the chain
        decisions_.offered = false;
        decisions_.open->step = decision.step + 1;
        return;
    }
    if (!decisions_.queued.empty()) {  // another expansion's, offered in the same stage
        decisions_.open = std::move(decisions_.queued.front());
        decisions_.queued.erase(decisions_.queued.begin());
        return;
    }
    decisions_.open.reset();
    resume_after_decisions();
}

void Game::resume_after_decisions() {
    switch (decisions_.resume) {
        case DecisionResume::FigureStep: enter_action_phase(); return;
        case DecisionResume::AfterFigureStep:
            if (movement_) {
                movement_->step = 1;
                phase_ = Phase::MovementPhase;
            } else {
                phase_ = Phase::CommitActionPhase;
            }
            return;
        case DecisionResume::NextTurn:
            if (movement_) {  // TURN_END opened a movement besides: it comes after
                movement_->step = 1;
                movement_after_commit_ = true;
                phase_ = Phase::MovementPhase;
                return;
            }
            pass_turn();
            return;
    }
}

}  // namespace ck::host

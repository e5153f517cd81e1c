// Game: decisions (decisions.hpp; docs/abi.md, "Decisions"). A hook offers
// a decision (Game::offer_decision, from the plugin bridge after it checked
// the options); the game rests in DecisionPhase; the deciding player's
// choice goes to the offering expansion, which may offer the next one; when
// a chain ends, the stage the first decision interrupted goes on. The
// engine knows no shepherd or wagon: the expansions decide what a choice does.
#include <algorithm>

#include "game.hpp"
#include "location_names.hpp"
#include "profile.hpp"

namespace ck::host {

void Game::offer_decision(Decision decision) {
    touch();
    if (decision.player >= players_.size())
        throw HostError("offer decision '" + decision.key + "': no player " + std::to_string(decision.player),
                        ErrorCategory::Plugin);
    if (decision.options.empty() && !decision.may_pass && !decision.skip_when_empty)
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
    skip_empty_decisions();
    return true;
}

void Game::skip_empty_decisions() {
    while (phase_ == Phase::DecisionPhase && decisions_.open && decisions_.open->skip_when_empty &&
           decisions_.open->options.empty())
        answer_decision(std::nullopt, false);
}

void Game::add_figure_target_options(Decision& decision, uint32_t figure, const std::vector<TileRef>& tiles,
                                     const std::vector<MoveTarget>& segments, bool unfinished_only) const {
    const PlacedFigure& f = figures_.at(figure);
    const FigureKind& kind = (*figure_kinds_)[f.meeple.kind];
    const std::string meeple = meeple_text(f.meeple);
    const auto offer = [&](TileRef at, Location location) {
        const int part = part_at_location(at, location);
        if (part < 0) return;
        const uint32_t root = features_.find(static_cast<uint32_t>(part));
        if (root == features_.find(f.part)) return;  // where it stands: no move
        if (!figure_target_problem(f.meeple.kind, at, location, false, nullptr).empty()) return;
        if (unfinished_only && features_.completed(root, board_)) return;
        const std::string feature(feature_kind_name(features_.part(static_cast<uint32_t>(part)).kind));
        DecisionOption o;
        o.label = kind.name + " to " + feature + " " + format_location(location) + " at " + format_tile_ref(at);
        o.target = DecisionTarget::Location;
        o.at = at;
        o.location = location;
        o.jcz_type = "DEPLOY_MEEPLE";
        o.jcz_payload = "{\"pointer\":{\"position\":[" + std::to_string(at.pos.x) + "," + std::to_string(at.pos.y) +
                        "],\"feature\":\"" + feature + "\",\"location\":\"" + format_location(location) +
                        "\"},\"meepleId\":\"" + meeple + "\"}";
        if (std::find(decision.options.begin(), decision.options.end(), o) == decision.options.end())
            decision.options.push_back(std::move(o));
    };
    for (const TileRef& at : tiles) {
        const int index = board_.tile_at(at);
        if (index < 0) continue;  // checked by the bridge; a test's direct call may name any
        const auto tile = static_cast<uint16_t>(index);
        for (uint32_t part = features_.first_part(tile); part < features_.part_end(tile); ++part)
            offer(at, features_.part(part).location);
    }
    for (const MoveTarget& t : segments) offer(t.at, t.location);
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

void Game::answer_decision(std::optional<size_t> choice, bool record) {
    const StageScope profile(ProfileStage::FigureStep);
    const Decision decision = *decisions_.open;  // the hook may replace it with the next one
    decisions_.offered = false;
    if (hooks_) hooks_->apply_decision(*this, decision, choice);
    touch();
    if (record) {
        Move& m = record_move(MoveType::Decision);  // only once the expansion accepted it
        m.player = decision.player;
        m.decision_expansion = decision.expansion;
        m.decision_key = decision.key;
        m.decision_pass_type = decision.jcz_pass_type;
        if (choice) {
            m.decision_index = static_cast<uint32_t>(*choice);
            m.decision_option = decision.options[*choice];
        }
    }
    if (choice && decision.jcz_commit) {  // confirmed by a COMMIT first, as JCloisterZone's wagon
        if (!decisions_.offered) decisions_.open.reset();
        decisions_.commit_pending = true;
        decisions_.answered_step = decision.step;
        decisions_.commit_player = decision.player;
        phase_ = Phase::CommitActionPhase;
        return;
    }
    continue_decisions(decision.step);
}

void Game::continue_decisions(uint32_t step) {
    if (decisions_.offered) {  // the next decision of the chain
        decisions_.offered = false;
        decisions_.open->step = step + 1;
        phase_ = Phase::DecisionPhase;
        skip_empty_decisions();
        return;
    }
    if (!decisions_.queued.empty()) {  // another expansion's, offered in the same stage
        decisions_.open = std::move(decisions_.queued.front());
        decisions_.queued.erase(decisions_.queued.begin());
        phase_ = Phase::DecisionPhase;
        skip_empty_decisions();
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
        case DecisionResume::AfterCompletion: end_tile_step(); return;
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

// Game: the figure step. A follower on a segment of the tile just placed
// (base rules), or an action an expansion offers (FIGURE_OPTIONS), or nothing.
#include <algorithm>

#include "game.hpp"
#include "game_detail.hpp"
#include "location_names.hpp"
#include "profile.hpp"

namespace ck::host {

void Game::enter_action_phase() {
    const StageScope profile(ProfileStage::FigureStep);
    touch();
    phase_ = Phase::ActionPhase;
    compute_meeple_options();
    expansion_options_.clear();
    if (hooks_) hooks_->figure_options(*this, active_, *placed_this_turn_, expansion_options_);
    if (meeple_options_.empty() && expansion_options_.empty()) {
        phase_ = Phase::CommitActionPhase;  // nothing to offer: JCZ skips the step
        figure_step_skipped_ = true;
    }
}

void Game::compute_meeple_options() {
    meeple_options_.clear();
    if (players_[active_].supply == 0) return;
    const auto tile = static_cast<uint16_t>(placed_index_);
    for (uint32_t part = features_.first_part(tile); part < features_.part_end(tile); ++part) {
        const Features::Part& pt = features_.part(part);
        if (pt.kind == FeatureKind::Garden) continue;  // no small follower on a garden
        if (pt.kind == FeatureKind::Field && !farmers_) continue;
        const uint32_t root = features_.find(part);
        if (features_.totals(root).follower_total > 0) continue;
        meeple_options_.push_back({{*placed_this_turn_, pt.kind, pt.location}, root});
    }
}

std::optional<MeepleId> Game::next_meeple() const {
    const uint32_t supply = players_[active_].supply;
    if (!supply) return std::nullopt;
    return MeepleId{active_, static_cast<uint8_t>(__builtin_ctz(supply) + 1)};
}

void Game::deploy_meeple(const FeaturePointer& pointer, const std::string& meeple_id) {
    deploy_meeple(pointer, parse_meeple_id(meeple_id));
}

void Game::deploy_meeple(const FeaturePointer& pointer, MeepleId meeple) {
    const StageScope profile(ProfileStage::FigureStep);
    touch();
    require_phase(Phase::ActionPhase, "deploy a meeple");
    const std::string id = format_meeple_id(meeple);
    if (meeple.player != active_)
        throw HostError("meeple " + id + " does not belong to the active player " + std::to_string(active_),
                        ErrorCategory::IllegalMove);
    if (meeple.number < 1 || meeple.number > followers_per_player_ ||
        !(players_[active_].supply & (1u << (meeple.number - 1))))
        throw HostError("meeple " + id + " is not in the player's supply", ErrorCategory::IllegalMove);
    const int part = part_at(pointer);
    if (part < 0 || !placed_this_turn_ || pointer.at != *placed_this_turn_)
        throw HostError(std::string("no ") + detail::kind_word(pointer.kind) + " segment with that exact location on the tile placed this turn at " +
                            (placed_this_turn_ ? format_tile_ref(*placed_this_turn_) : std::string("?")),
                        ErrorCategory::IllegalMove);
    const auto offered = std::find_if(meeple_options_.begin(), meeple_options_.end(),
                                      [&](const MeepleOption& o) { return o.pointer == pointer; });
    if (offered == meeple_options_.end()) {
        const Features::Part& pt = features_.part(static_cast<uint32_t>(part));
        const char* why = pt.kind == FeatureKind::Garden                   ? "a small follower cannot stand on a garden"
                          : (pt.kind == FeatureKind::Field && !farmers_) ? "farmers are off in this game"
                                                                           : "that feature already has a follower";
        throw HostError(std::string("cannot deploy on that ") + detail::kind_word(pt.kind) + ": " + why,
                        ErrorCategory::IllegalMove);
    }
    features_.add_follower(static_cast<uint32_t>(part), active_);
    players_[active_].supply &= ~(1u << (meeple.number - 1));
    figures_.push_back({pointer, meeple, static_cast<uint32_t>(part)});
    {
        Move& m = record_move(MoveType::DeployMeeple);
        m.pointer = pointer;
        m.meeple = meeple;
    }
    figure_action_taken_ = true;
    phase_ = Phase::CommitActionPhase;
}

void Game::apply_expansion_option(size_t i) {
    const StageScope profile(ProfileStage::FigureStep);
    touch();
    require_phase(Phase::ActionPhase, "apply an expansion action");
    if (i >= expansion_options_.size())
        throw HostError("expansion option " + std::to_string(i) + " does not exist (" +
                            std::to_string(expansion_options_.size()) + " offered)",
                        ErrorCategory::IllegalMove);
    const ExpansionOption option = expansion_options_[i];  // the hook may change the list
    if (hooks_) hooks_->apply_figure_action(*this, active_, option);
    record_move(MoveType::PlaceToken).option = option;  // only once the plugin accepted it
    figure_action_taken_ = true;
    phase_ = Phase::CommitActionPhase;
}

void Game::pass() {
    const StageScope profile(ProfileStage::FigureStep);
    touch();
    if (phase_ == Phase::CommitActionPhase && figure_step_skipped_) return;  // lenient: nothing was offered
    require_phase(Phase::ActionPhase, "pass");
    record_move(MoveType::Pass);
    phase_ = Phase::CommitActionPhase;
}

}  // namespace ck::host

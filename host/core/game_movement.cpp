// Game: the movement stage (docs/host.md, "The movement step"). Figures of
// no player (neutral figures) stand on the board; after the figure step an
// expansion may open a movement, one step at a time, each chosen by the
// player it names; figures may be sent back to their supplies. The engine
// knows no dragon or fairy: the expansions decide every step by hooks.
#include <algorithm>

#include "game.hpp"
#include "game_detail.hpp"
#include "location_names.hpp"
#include "profile.hpp"

namespace ck::host {

// ---------------------------------------------------------------- setup

void Game::setup_movement(const GameSetup& setup) {
    if (setup.neutral_figures.size() > 255)
        throw HostError("game setup: " + std::to_string(setup.neutral_figures.size()) +
                        " neutral figures (255 at most)");
    for (size_t i = 0; i < setup.neutral_figures.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (setup.neutral_figures[i].name == setup.neutral_figures[j].name)
                throw HostError("game setup: two neutral figures named \"" + setup.neutral_figures[i].name + "\" (" +
                                setup.neutral_figures[j].expansion + ", " + setup.neutral_figures[i].expansion + ")");
    neutral_kinds_ = std::make_shared<const std::vector<NeutralFigureKind>>(setup.neutral_figures);
    neutral_.assign(setup.neutral_figures.size(), std::nullopt);
    tile_markers_ = std::make_shared<const std::vector<TileMarker>>(setup.tile_markers);
}

int Game::neutral_figure_index(std::string_view name) const {
    for (size_t i = 0; i < neutral_kinds_->size(); ++i)
        if ((*neutral_kinds_)[i].name == name) return static_cast<int>(i);
    return -1;
}

int Game::figure_kind_index(std::string_view id) const {
    for (size_t i = 0; i < figure_kinds_->size(); ++i)
        if ((*figure_kinds_)[i].id == id) return static_cast<int>(i);
    return -1;
}

const NeutralFigureKind* Game::blocking_figure_at(Position p) const {
    for (size_t i = 0; i < neutral_.size() && i < neutral_kinds_->size(); ++i)
        if ((*neutral_kinds_)[i].blocks_figures && neutral_[i] && neutral_[i]->at.pos == p) return &(*neutral_kinds_)[i];
    return nullptr;
}

// ---------------------------------------------------------------- neutral figures

void Game::move_neutral_figure(size_t figure, const NeutralFigureSpot& to) {
    touch();
    if (figure >= neutral_.size())
        throw HostError("move neutral figure: no neutral figure " + std::to_string(figure), ErrorCategory::Plugin);
    if (board_.tile_at(to.at) < 0)
        throw HostError("move " + (*neutral_kinds_)[figure].name + ": no tile at " + format_tile_ref(to.at),
                        ErrorCategory::Plugin);
    NeutralFigureSpot spot{to.at, to.location, std::nullopt};
    if (to.location != 0) {
        if (part_at_location(to.at, to.location) < 0)
            throw HostError("move " + (*neutral_kinds_)[figure].name + ": the tile at " + format_tile_ref(to.at) +
                                " has no segment at that location",
                            ErrorCategory::Plugin);
        // Next to the figure on that segment; a follower before a figure
        // that only joined it (a builder beside the knight).
        for (const PlacedFigure& f : figures_)
            if (f.pointer.at == to.at && f.pointer.location == to.location &&
                (!spot.next_to || (*figure_kinds_)[f.meeple.kind].strength > 0))
                spot.next_to = f.meeple;
    }
    neutral_[figure] = spot;
}

int Game::return_figures(TileRef at, Location location, const std::string& by) {
    touch();
    std::vector<MeepleId> leaving;
    for (size_t i = figures_.size(); i-- > 0;)
        if (figures_[i].pointer.at == at && (location == 0 || figures_[i].pointer.location == location))
            leaving.push_back(figures_[i].meeple);
    int returned = 0;
    for (const MeepleId& meeple : leaving) {
        const auto it = std::find_if(figures_.begin(), figures_.end(), [&](const PlacedFigure& f) { return f.meeple == meeple; });
        if (it == figures_.end()) continue;  // gone already, with the follower it had joined
        const uint32_t root = features_.find(it->part);
        const bool follower = (*figure_kinds_)[it->meeple.kind].strength > 0;
        sent_home_.push_back({turn_, it->pointer, it->meeple, by});
        remove_figure(static_cast<size_t>(it - figures_.begin()));
        ++returned;
        if (follower) send_home_lonely_joiners(root, meeple.player, by);
    }
    return returned;
}

// A figure that joins its owner's follower (the builder, the pig) cannot
// stay without one: when the owner's last figure of strength 1 or more
// leaves the feature other than by scoring (eaten by the dragon, sent home
// by the princess), it goes home too, as JCloisterZone's lonely specials do.
void Game::send_home_lonely_joiners(uint32_t root, uint8_t owner, const std::string& by) {
    if (features_.totals(root).followers[owner] > 0) return;
    for (size_t i = figures_.size(); i-- > 0;) {
        const PlacedFigure& f = figures_[i];
        if (f.meeple.player != owner || !(*figure_kinds_)[f.meeple.kind].joins_own_follower ||
            features_.find(f.part) != root)
            continue;
        sent_home_.push_back({turn_, f.pointer, f.meeple, by});
        remove_figure(i);
    }
}

// ---------------------------------------------------------------- movement

void Game::offer_movement(MovementOffer offer) {
    touch();
    if (offer.figure >= neutral_.size())
        throw HostError("offer movement: no neutral figure " + std::to_string(offer.figure), ErrorCategory::Plugin);
    if (offer.player >= players_.size())
        throw HostError("offer movement: no player " + std::to_string(offer.player), ErrorCategory::Plugin);
    if (offer.targets.empty()) throw HostError("offer movement: no target", ErrorCategory::Plugin);
    movement_ = std::move(offer);
    movement_offered_ = true;
}

void Game::end_figure_step() {
    phase_ = Phase::CommitActionPhase;
    if (!hooks_) return;
    movement_offered_ = false;
    decisions_.offered = false;
    hooks_->on_figure_step_end(*this, active_, *placed_this_turn_);
    if (rest_in_offered_decision(DecisionResume::AfterFigureStep)) return;  // a movement waits for it
    if (movement_offered_) {
        movement_->step = 1;
        phase_ = Phase::MovementPhase;
    }
}

void Game::choose_movement(const MoveTarget& target) {
    if (phase_ == Phase::MovementPhase && movement_) {
        const auto& targets = movement_->targets;
        const auto it = std::find(targets.begin(), targets.end(), target);
        if (it != targets.end()) return choose_movement(static_cast<size_t>(it - targets.begin()));
    }
    require_phase(Phase::MovementPhase, "move a neutral figure");
    throw HostError("cannot move " + (*neutral_kinds_)[movement_->figure].label + " to " + format_tile_ref(target.at) +
                        " (not one of the " + std::to_string(movement_->targets.size()) + " places offered)",
                    ErrorCategory::IllegalMove);
}

void Game::choose_movement(size_t i) {
    const StageScope profile(ProfileStage::FigureStep);
    require_phase(Phase::MovementPhase, "move a neutral figure");
    if (i >= movement_->targets.size())
        throw HostError("movement target " + std::to_string(i) + " does not exist (" +
                            std::to_string(movement_->targets.size()) + " offered)",
                        ErrorCategory::IllegalMove);
    const MovementOffer offer = *movement_;  // the hook may replace it with the next step
    movement_offered_ = false;
    if (hooks_) hooks_->apply_movement_step(*this, offer, i);
    touch();
    {
        Move& m = record_move(MoveType::MoveNeutralFigure);  // only once the expansion accepted it
        m.player = offer.player;
        m.neutral_figure = offer.figure;
        m.target = offer.targets[i];
    }
    if (movement_offered_) {
        movement_->step = offer.step + 1;
    } else if (movement_after_commit_) {  // opened by TURN_END: the turn ends now
        movement_.reset();
        movement_after_commit_ = false;
        pass_turn();
    } else {
        movement_.reset();
        phase_ = Phase::CommitActionPhase;
    }
}

}  // namespace ck::host

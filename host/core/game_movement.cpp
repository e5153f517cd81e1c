// Game: the movement stage (docs/host.md, "The movement step"). Figures of
// no player (neutral figures) stand on the board; after the figure step an
// expansion may open a movement, one step at a time, each chosen by the
// player it names; figures may be sent back to their supplies; tiles may
// be held back from the draws until another tile is placed. The engine
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

    if (setup.held_back_tiles.size() > 32)
        throw HostError("game setup: " + std::to_string(setup.held_back_tiles.size()) +
                        " held-back tile declarations (32 at most)");
    held_back_ = std::make_shared<const std::vector<HeldBackTiles>>(setup.held_back_tiles);
    if (setup.held_back_tiles.empty()) return;
    auto groups = std::make_shared<std::vector<uint8_t>>(setup_catalog_->tile_count(), 0);
    for (size_t t = 0; t < groups->size(); ++t)
        for (size_t d = 0; d < setup.held_back_tiles.size(); ++d)
            if (setup_catalog_->tile(static_cast<TileTypeId>(t)).has_marker(setup.held_back_tiles[d].held)) {
                (*groups)[t] = static_cast<uint8_t>(d + 1);
                break;
            }
    // JCloisterZone's pack is its tile groups sorted by name ("default" for
    // the tiles of no group), each in tile-id order; a draw counts through
    // the drawable groups in that order (jcz-interop §4.7).
    const auto group_name = [&](TileTypeId t) -> std::string_view {
        const uint8_t g = (*groups)[t];
        return g == 0 ? std::string_view("default") : std::string_view(setup.held_back_tiles[g - 1u].held);
    };
    std::stable_sort(pack_.begin(), pack_.end(),
                     [&](TileTypeId a, TileTypeId b) { return group_name(a) < group_name(b); });
    held_group_ = std::move(groups);
}

int Game::neutral_figure_index(std::string_view name) const {
    for (size_t i = 0; i < neutral_kinds_->size(); ++i)
        if ((*neutral_kinds_)[i].name == name) return static_cast<int>(i);
    return -1;
}

// ---------------------------------------------------------------- held-back tiles

bool Game::drawable(TileTypeId t) const {
    if (!held_group_) return true;
    const uint8_t g = (*held_group_)[t];
    return g == 0 || (released_groups_ & (1u << (g - 1u))) != 0;
}

size_t Game::drawable_count() const {
    if (!held_group_) return pack_.size();
    return static_cast<size_t>(std::count_if(pack_.begin(), pack_.end(), [&](TileTypeId t) { return drawable(t); }));
}

uint32_t Game::held_back_tiles_left() const { return static_cast<uint32_t>(pack_.size() - drawable_count()); }

void Game::release_held_back(TileTypeId placed) {
    if (!held_group_) return;
    const TileDef& def = tile_def(placed);
    for (size_t d = 0; d < held_back_->size(); ++d)
        if (def.has_marker((*held_back_)[d].until_placed)) released_groups_ |= 1u << d;
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
        for (const PlacedFigure& f : figures_)
            if (f.pointer.at == to.at && f.pointer.location == to.location) spot.next_to = f.meeple;
    }
    neutral_[figure] = spot;
}

int Game::return_figures(TileRef at, Location location, const std::string& by) {
    touch();
    int returned = 0;
    for (size_t i = figures_.size(); i-- > 0;)
        if (figures_[i].pointer.at == at && (location == 0 || figures_[i].pointer.location == location)) {
            sent_home_.push_back({turn_, figures_[i].pointer, figures_[i].meeple, by});
            remove_figure(i);
            ++returned;
        }
    return returned;
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

// Game: the figure step. A figure on a segment of the tile just placed
// (base rules; any declared figure kind), a returnable figure taken back,
// or an action an expansion offers (FIGURE_OPTIONS), or nothing.
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
    expansion_options_.clear();
    placement_changes_.clear();
    // The expansions first: they may forbid tiles or open others to figures.
    if (hooks_) hooks_->figure_options(*this, active_, *placed_this_turn_, expansion_options_, placement_changes_);
    compute_meeple_options();
    compute_return_options();
    if (meeple_options_.empty() && return_options_.empty() && expansion_options_.empty()) {
        figure_step_skipped_ = true;  // nothing to offer: JCZ skips the step
        end_figure_step();
    }
}

void Game::compute_meeple_options() {
    meeple_options_.clear();
    const auto& forbidden = placement_changes_.forbidden;
    // On a tile an expansion opened (OfferFigurePlacements), only features
    // not completed yet (`open_only`).
    const auto offer_on_tile = [&](uint16_t tile, uint8_t kind, bool open_only) {
        const TileRef at = board_.placed(tile).at;
        if (std::find(forbidden.begin(), forbidden.end(), at) != forbidden.end()) return;
        if (blocking_figure_at(at.pos) != nullptr) return;  // the dragon's space
        const FigureKind& k = (*figure_kinds_)[kind];
        for (uint32_t part = features_.first_part(tile); part < features_.part_end(tile); ++part) {
            const Features::Part& pt = features_.part(part);
            if (!k.may_stand_on(pt.kind)) continue;  // e.g. no small follower on a garden
            if (pt.kind == FeatureKind::Field && !farmers_) continue;  // no farmer of any kind then
            const uint32_t root = features_.find(part);
            if (k.joins_own_follower ? !joinable(root, kind) : features_.totals(root).follower_total > 0) continue;
            if ((open_only || k.joins_own_follower) && features_.completed(root, board_)) continue;
            meeple_options_.push_back({{at, pt.kind, pt.location}, root, kind});
        }
    };
    for (size_t kind = 0; kind < figure_kinds_->size(); ++kind) {
        if (players_[active_].supply[kind] == 0) continue;
        if ((*figure_kinds_)[kind].tile_just_placed) {
            offer_on_tile(static_cast<uint16_t>(placed_index_), static_cast<uint8_t>(kind), false);
            // A figure that joins its owner's follower stays on the tile of
            // the turn: another tile offered (a magic portal) is for the
            // others, as JCloisterZone's special figures.
            if ((*figure_kinds_)[kind].joins_own_follower) continue;
            for (const TileRef& extra : placement_changes_.extra_tiles) {
                const int t = board_.tile_at(extra);
                if (t >= 0 && t != placed_index_) offer_on_tile(static_cast<uint16_t>(t), static_cast<uint8_t>(kind), true);
            }
        } else {
            for (size_t t = 0; t < board_.placed().size(); ++t)
                offer_on_tile(static_cast<uint16_t>(t), static_cast<uint8_t>(kind), false);
        }
    }
}

bool Game::joinable(uint32_t root, uint8_t kind) const {
    if (features_.totals(root).followers[active_] == 0) return false;  // no strength of the player's there
    return std::none_of(figures_.begin(), figures_.end(), [&](const PlacedFigure& f) {
        return f.meeple.player == active_ && f.meeple.kind == kind && features_.find(f.part) == root;
    });
}

void Game::compute_return_options() {
    return_options_.clear();
    for (const PlacedFigure& f : figures_) {
        if (f.meeple.player != active_ || !(*figure_kinds_)[f.meeple.kind].returnable) continue;
        const uint32_t root = features_.find(f.part);
        if (features_.completed(root, board_)) continue;  // a completed feature scores at the commit instead
        return_options_.push_back({f.meeple, f.pointer, root});
    }
}

std::optional<MeepleId> Game::next_meeple(uint8_t kind) const {
    if (kind >= figure_kinds_->size()) return std::nullopt;
    const uint32_t supply = players_[active_].supply[kind];
    if (!supply) return std::nullopt;
    return MeepleId{active_, static_cast<uint8_t>(__builtin_ctz(supply) + 1), kind};
}

void Game::deploy_meeple(const FeaturePointer& pointer, const std::string& meeple_id) {
    deploy_meeple(pointer, parse_meeple(meeple_id));
}

void Game::deploy_meeple(const FeaturePointer& pointer, MeepleId meeple) {
    const StageScope profile(ProfileStage::FigureStep);
    touch();
    require_phase(Phase::ActionPhase, "deploy a meeple");
    if (meeple.kind >= figure_kinds_->size())
        throw HostError("meeple of figure kind " + std::to_string(meeple.kind) + ": the game has " +
                            std::to_string(figure_kinds_->size()) + " figure kinds",
                        ErrorCategory::IllegalMove);
    const FigureKind& kind = (*figure_kinds_)[meeple.kind];
    if (meeple.player != active_)
        throw HostError("meeple " + meeple_text(meeple) + " does not belong to the active player " + std::to_string(active_),
                        ErrorCategory::IllegalMove);
    if (meeple.number < 1 || meeple.number > kind.count ||
        !(players_[active_].supply[meeple.kind] & (1u << (meeple.number - 1))))
        throw HostError("meeple " + meeple_text(meeple) + " is not in the player's supply", ErrorCategory::IllegalMove);
    const int part = part_at(pointer);
    const auto& extra = placement_changes_.extra_tiles;
    if (part < 0 || (kind.tile_just_placed && (!placed_this_turn_ || pointer.at != *placed_this_turn_) &&
                     std::find(extra.begin(), extra.end(), pointer.at) == extra.end()))
        throw HostError(std::string("no ") + detail::kind_word(pointer.kind) + " segment with that exact location on the tile placed this turn at " +
                            (placed_this_turn_ ? format_tile_ref(*placed_this_turn_) : std::string("?")),
                        ErrorCategory::IllegalMove);
    const auto offered = std::find_if(meeple_options_.begin(), meeple_options_.end(), [&](const MeepleOption& o) {
        return o.pointer == pointer && o.kind == meeple.kind;
    });
    if (offered == meeple_options_.end()) {
        const Features::Part& pt = features_.part(static_cast<uint32_t>(part));
        const auto& forbidden = placement_changes_.forbidden;
        const std::string why = (pt.kind == FeatureKind::Field && !farmers_ && (meeple.kind == 0 || kind.may_stand_on(pt.kind)))
                                    ? "farmers are off in this game"
                                : !kind.may_stand_on(pt.kind) ? "the " + kind.name + " cannot stand on a " + detail::kind_word(pt.kind)
                                : kind.joins_own_follower && !joinable(features_.find(static_cast<uint32_t>(part)), meeple.kind)
                                    ? "the " + kind.name + " joins only a feature where the player has a follower, and one " +
                                          kind.name + " of theirs at most"
                                : std::find(forbidden.begin(), forbidden.end(), pointer.at) != forbidden.end()
                                    ? "no figure may be placed on that tile this turn"
                                : features_.completed(features_.find(static_cast<uint32_t>(part)), board_)
                                    ? "that feature is completed"
                                    : "that feature already has a follower";
        throw HostError(std::string("cannot deploy on that ") + detail::kind_word(pt.kind) + ": " + why,
                        ErrorCategory::IllegalMove);
    }
    features_.add_follower(static_cast<uint32_t>(part), active_, kind.strength);
    players_[active_].supply[meeple.kind] &= ~(1u << (meeple.number - 1));
    figures_.push_back({pointer, meeple, static_cast<uint32_t>(part)});
    {
        Move& m = record_move(MoveType::DeployMeeple);
        m.pointer = pointer;
        m.meeple = meeple;
    }
    figure_action_taken_ = true;
    end_figure_step();
}

void Game::return_figure(const MeepleId& meeple) {
    for (size_t i = 0; i < return_options_.size(); ++i)
        if (return_options_[i].meeple == meeple) return return_figure(i);
    require_phase(Phase::ActionPhase, "take back a figure");
    throw HostError("meeple " + meeple_text(meeple) + " cannot be taken back now (only a figure of the active player, of a "
                    "kind that may return, standing on an incomplete feature)",
                    ErrorCategory::IllegalMove);
}

void Game::return_figure(size_t i) {
    touch();
    require_phase(Phase::ActionPhase, "take back a figure");
    if (i >= return_options_.size())
        throw HostError("return option " + std::to_string(i) + " does not exist (" + std::to_string(return_options_.size()) +
                            " offered)",
                        ErrorCategory::IllegalMove);
    const ReturnOption option = return_options_[i];
    const auto figure = std::find_if(figures_.begin(), figures_.end(), [&](const PlacedFigure& f) { return f.meeple == option.meeple; });
    const uint32_t root = features_.find(figure->part);
    remove_figure(static_cast<size_t>(figure - figures_.begin()));
    // Scored as at the end of the game (jcz-interop §5.5): the owner gets the
    // base points, before and without expansions' modifiers, as JCZ does.
    std::string name;
    const int points = base_points(root, false, name);
    record_points(option.meeple.player, points, name, features_.totals(root).kind, false);
    score_log_.back().counts = score_counts(root, points);
    {
        Move& m = record_move(MoveType::ReturnFigure);
        m.pointer = option.pointer;
        m.meeple = option.meeple;
    }
    figure_action_taken_ = true;
    end_figure_step();
}

void Game::remove_figure(size_t i) {
    touch();
    const PlacedFigure f = figures_[i];
    features_.remove_follower(f.part, f.meeple.player, (*figure_kinds_)[f.meeple.kind].strength);
    for (auto& spot : neutral_)
        if (spot && spot->next_to == f.meeple) spot->next_to.reset();  // it stays, next to nobody
    players_[f.meeple.player].supply[f.meeple.kind] |= 1u << (f.meeple.number - 1);
    figures_.erase(figures_.begin() + static_cast<std::ptrdiff_t>(i));
}

void Game::apply_expansion_option(size_t i) {
    const StageScope profile(ProfileStage::FigureStep);
    require_phase(Phase::ActionPhase, "apply an expansion action");
    if (i >= expansion_options_.size())
        throw HostError("expansion option " + std::to_string(i) + " does not exist (" +
                            std::to_string(expansion_options_.size()) + " offered)",
                        ErrorCategory::IllegalMove);
    const ExpansionOption option = expansion_options_[i];  // the hook may change the list
    // What a save writes for an option moving a neutral figure or sending a
    // figure back (JCloisterZone's MeeplePointer): the figure at its segment,
    // found before the hook moves anything.
    FeaturePointer pointer{option.at, FeatureKind::Road, option.location};
    std::optional<MeepleId> figure;
    if (option.location != 0) {
        if (const int part = part_at_location(option.at, option.location); part >= 0)
            pointer.kind = features_.part(static_cast<uint32_t>(part)).kind;
        for (const PlacedFigure& f : figures_)
            if (f.pointer.at == option.at && f.pointer.location == option.location) figure = f.meeple;
    }
    // The hook sees the state its option was offered on (the bytes built for
    // FIGURE_OPTIONS are reused); the changes below come after it.
    if (hooks_) hooks_->apply_figure_action(*this, active_, option);
    touch();
    {
        Move& m = record_move(MoveType::PlaceToken);  // only once the plugin accepted it
        m.option = option;
        m.pointer = pointer;
        if (figure) m.meeple = *figure;
        else m.meeple.number = 0;  // no figure stood there
    }
    figure_action_taken_ = true;
    end_figure_step();
}

void Game::pass() {
    const StageScope profile(ProfileStage::FigureStep);
    touch();
    if (phase_ == Phase::CommitActionPhase && figure_step_skipped_) return;  // lenient: nothing was offered
    require_phase(Phase::ActionPhase, "pass");
    record_move(MoveType::Pass);
    end_figure_step();
}

}  // namespace ck::host

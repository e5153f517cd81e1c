// Game: the tile step. Nothing is drawn when a turn starts; expansions may
// offer alternatives to drawing (a halfling from the hand), the player
// chooses, and the tile of the turn (drawn or chosen) is placed. Also the
// pack, its draws and the end of the pack (jcz-interop §4.7, §4.10).
#include <algorithm>

#include "game.hpp"
#include "location_names.hpp"
#include "profile.hpp"

namespace ck::host {

// ---------------------------------------------------------------- the pack

uint32_t Game::tiles_left() const {
    if (end_turn_) {
        const int64_t left = static_cast<int64_t>(*end_turn_) - draws_;
        return static_cast<uint32_t>(std::clamp<int64_t>(left, 0, static_cast<int64_t>(drawable_count())));
    }
    if (draw_order_end_marker_) return static_cast<uint32_t>(draw_order_.size() - draw_order_next_);
    // Held-back tiles do not count: JCloisterZone's pack size counts its
    // active groups only, and the game ends when they are empty.
    return static_cast<uint32_t>(drawable_count());
}

bool Game::draw_next(TileTypeId& out) {
    size_t index;
    if (draw_order_next_ < draw_order_.size()) {
        const std::string& id = draw_order_[draw_order_next_++];
        const auto type = static_cast<TileTypeId>(setup_catalog_->index_of(id));
        auto it = std::find(pack_.begin(), pack_.end(), type);
        if (it == pack_.end())
            throw HostError("drawOrder entry " + std::to_string(draw_order_next_) + ": tile \"" + id +
                            "\" is not left in the pack");
        index = static_cast<size_t>(it - pack_.begin());
    } else {
        const size_t count = drawable_count();
        if (count == 0) return false;
        index = static_cast<size_t>(jcz_next_int(draw_random_, static_cast<int>(count)));
        // The index counts the drawable tiles only (JCloisterZone's active
        // groups, in pack order).
        if (count != pack_.size())
            for (size_t i = 0, seen = 0; i < pack_.size(); ++i)
                if (drawable(pack_[i]) && seen++ == index) {
                    index = i;
                    break;
                }
    }
    out = pack_[index];
    pack_.erase(pack_.begin() + static_cast<ptrdiff_t>(index));
    after_pack_removal(out);
    ++draws_;
    return true;
}

// ---------------------------------------------------------------- start of the step

void Game::enter_tile_phase() {
    const StageScope profile(ProfileStage::TileStep);
    touch();
    phase_ = Phase::TilePhase;
    placed_this_turn_.reset();
    completed_this_step_ = 0;
    placed_index_ = -1;
    figure_action_taken_ = false;
    figure_step_skipped_ = false;
    meeple_options_.clear();
    expansion_options_.clear();
    drawn_.reset();
    from_hand_ = false;
    tile_step_options_.clear();
    legal_.clear();
    // The game ends with the regular tiles: no turn, and so no hand tile,
    // follows the last one (HF-37).
    if (end_requested_ || tiles_left() == 0) {
        end_before_turn();
        return;
    }
    if (hooks_) {
        // TURN_START: points at the start of a turn, not of its second tile step.
        if (turn_part_ == 1) hooks_->on_turn_start(*this, active_);
        offer_tile_step_options();
    }
    if (tile_step_options_.empty()) draw_regular_tile();  // nothing else to do: draw
}

// Options whose tile fits nowhere are not offered: the host applies the
// geometry, so an expansion need not know it.
void Game::offer_tile_step_options() {
    hooks_->tile_step_options(*this, active_, tile_step_options_);
    std::erase_if(tile_step_options_, [&](const TileStepOption& o) { return !fits_somewhere(o.tile_type); });
}

bool Game::fits_somewhere(TileTypeId type) const {
    if (!hooks_ || !hooks_->checks_placements(*this, type)) return board_.has_legal_placement(tile_table()[type]);
    compute_legal(type, *scratch_legal_);  // an expansion may veto every placement
    return !scratch_legal_->empty();
}

void Game::draw_regular_tile() {
    for (;;) {
        // Caller draws: once drawOrder is used up, wait for draw_tile().
        if (caller_draws_ && draw_order_next_ >= draw_order_.size() && !end_requested_ && tiles_left() > 0) {
            legal_.clear();
            return;
        }
        TileTypeId t;
        if (end_requested_ || tiles_left() == 0 || !draw_next(t)) {
            end_before_turn();
            return;
        }
        compute_legal(t, legal_);
        if (!legal_.empty()) {
            drawn_ = t;
            return;
        }
        discarded_.push_back(t);  // fits nowhere: set aside, the draw still counts
    }
}

// No tile could be had: the game ends, and the last turn played keeps its number.
void Game::end_before_turn() {
    if (!moves_.empty() && moves_.back().turn < turn_) turn_ = moves_.back().turn;
    finish_game();
}

void Game::compute_legal(TileTypeId type, std::vector<Placement>& out) const {
    out.clear();
    board_.legal_placements(tile_table()[type], out);
    if (hooks_ && !out.empty()) hooks_->check_placements(*this, active_, type, out);
}

// ---------------------------------------------------------------- the choice

void Game::draw() {
    const StageScope profile(ProfileStage::TileStep);
    require_phase(Phase::TilePhase, "draw a tile");
    if (!awaiting_tile_choice())
        throw HostError(drawn_ ? "draw: the tile of this turn is already chosen (\"" + tile_def(*drawn_).id + "\")"
                               : std::string("draw: no choice between drawing and an expansion's option is pending"),
                        ErrorCategory::IllegalMove);
    touch();
    tile_step_options_.clear();
    draw_regular_tile();
}

void Game::choose_tile_step_option(size_t i) {
    const StageScope profile(ProfileStage::TileStep);
    require_phase(Phase::TilePhase, "choose a tile-step option");
    if (!awaiting_tile_choice())
        throw HostError("tile-step option " + std::to_string(i) + ": no tile-step option is offered now",
                        ErrorCategory::IllegalMove);
    if (i >= tile_step_options_.size())
        throw HostError("tile-step option " + std::to_string(i) + " does not exist (" +
                            std::to_string(tile_step_options_.size()) + " offered)",
                        ErrorCategory::IllegalMove);
    const TileStepOption option = tile_step_options_[i];  // the hook may change the list
    touch();
    if (hooks_) hooks_->apply_tile_step_option(*this, active_, option);
    if (!drawn_ || *drawn_ != option.tile_type)
        throw HostError(ErrorCategory::Plugin, "tile-step option '" + std::string(option.action) + "' (" + std::string(option.label) +
                                                   ") was applied, but the expansion did not give the player tile \"" +
                                                   tile_def(option.tile_type).id + "\" to place");
    tile_step_options_.clear();
    compute_legal(*drawn_, legal_);
}

void Game::draw_tile(TileTypeId type) {
    touch();
    if (!caller_draws_) throw HostError("draw_tile: this game draws its own tiles", ErrorCategory::IllegalMove);
    if (!awaiting_caller_draw()) throw HostError("draw_tile: no draw is awaited now", ErrorCategory::IllegalMove);
    auto it = std::find(pack_.begin(), pack_.end(), type);
    if (it == pack_.end())
        throw HostError("tile \"" + tile_def(type).id + "\" is not left in the pack", ErrorCategory::IllegalMove);
    pack_.erase(it);
    after_pack_removal(type);
    ++draws_;
    drawn_ = type;
    compute_legal(type, legal_);
}

// ---------------------------------------------------------------- placing

void Game::legal_placements_of(TileTypeId type, std::vector<Placement>& out) const {
    out.clear();
    board_.legal_placements(tile_table()[type], out);
}

std::string Game::placement_problem(TileTypeId type, const Placement& p) const {
    return board_.placement_problem(tile_table()[type], p, prepared_->edge_kind_label);
}

void Game::place_tile(const std::string& tile_id, TileRef at, int rotation) {
    const int type = setup_catalog_->index_of(tile_id);
    if (type < 0) throw HostError("place tile: unknown tile id \"" + tile_id + "\"", ErrorCategory::IllegalMove);
    if (rotation < 0 || rotation > 3)
        throw HostError("place tile: rotation must be 0..3 quarter turns", ErrorCategory::IllegalMove);
    if (tile_table()[static_cast<TileTypeId>(type)].triangle && at.corner == Corner::None)
        at.corner = corner_for_rotation(rotation);  // a triangle's rotation names its corner
    place_tile(static_cast<TileTypeId>(type), Placement{at, static_cast<uint8_t>(rotation)});
}

void Game::place_tile(TileTypeId type, const Placement& p) {
    const StageScope profile(ProfileStage::TileStep);
    require_phase(Phase::TilePhase, "place a tile");
    // Texts for refusals only: built when one is thrown (this runs every turn).
    const auto name = [&] {
        return type < catalog().tile_count() ? "\"" + tile_def(type).id + "\"" : "#" + std::to_string(type);
    };
    const auto where = [&] { return " at " + format_tile_ref(p.at) + " R" + std::to_string(p.rotation * 90); };
    if (!drawn_)
        throw HostError("cannot place tile " + name() + ": " +
                            (awaiting_tile_choice() ? "first draw or choose one of the " +
                                                          std::to_string(tile_step_options_.size()) +
                                                          " tile-step options offered"
                                                    : std::string("no tile has been drawn")),
                        ErrorCategory::IllegalMove);
    if (type != *drawn_)
        throw HostError("tile " + name() + (from_hand_ ? " is not the tile taken from the hand \"" : " is not the drawn tile \"") +
                            tile_def(*drawn_).id + "\"",
                        ErrorCategory::IllegalMove);
    const std::string problem = board_.placement_problem(tile_table()[type], p, prepared_->edge_kind_label);
    if (!problem.empty())
        throw HostError("cannot place " + name() + where() + ": " + problem, ErrorCategory::IllegalMove);
    if (hooks_ && std::find(legal_.begin(), legal_.end(), p) == legal_.end()) {
        const std::string why = hooks_->veto_reason(*this, active_, type, p);
        throw HostError("cannot place " + name() + where() + ": an expansion vetoed this placement" +
                            (why.empty() ? std::string() : " (" + why + ")"),
                        ErrorCategory::IllegalMove);
    }
    {
        Move& m = record_move(MoveType::PlaceTile);
        m.tile = type;
        m.placement = p;
        m.from_hand = from_hand_;
    }
    do_place(type, p);
    drawn_.reset();
    release_held_back(type);
    decisions_.offered = false;
    if (hooks_) hooks_->on_tile_placed(*this, active_, p, type, from_hand_);
    if (rest_in_offered_decision(DecisionResume::FigureStep)) return;
    enter_action_phase();
}

void Game::do_place(TileTypeId type, const Placement& p) {
    touch();
    const uint16_t index = board_.place(type, tile_table()[type], p);
    features_.add_tile(board_, tile_table(), index);
    placed_index_ = index;
    placed_this_turn_ = board_.placed(index).at;
}

}  // namespace ck::host

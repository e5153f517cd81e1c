// Game: the end of a turn and scoring. Completed features are scored at
// COMMIT (base rules, then expansions' modifiers and bonuses), followers
// return, the turn passes; at the end of the pack, final scoring.
#include <algorithm>
#include <array>

#include "game.hpp"
#include "game_detail.hpp"
#include "profile.hpp"

namespace ck::host {

void Game::commit(std::optional<double> random) {
    const StageScope profile(ProfileStage::Scoring);
    touch();
    require_phase(Phase::CommitActionPhase, "commit");
    const double r = random ? detail::checked_random(*random, "COMMIT random") : host_random_.next_double();
    draw_random_ = r;  // re-seeds before the message is applied (§4.10)
    {
        Move& m = record_move(MoveType::Commit);
        m.random = r;
        if (decisions_.commit_pending) m.player = decisions_.commit_player;
    }
    if (decisions_.commit_pending) {  // a decision's choice confirmed (the wagon's move)
        decisions_.commit_pending = false;
        continue_decisions(decisions_.answered_step);
        return;
    }

    score_completed_this_turn();
    // Decisions offered at FEATURE_COMPLETED come before the figures go home.
    if (rest_in_offered_decision(DecisionResume::AfterCompletion)) return;
    end_tile_step();
}

void Game::end_tile_step() {
    return_completed_followers();
    movement_offered_ = false;
    decisions_.offered = false;
    if (hooks_) hooks_->on_turn_end(*this);
    if (rest_in_offered_decision(DecisionResume::NextTurn)) return;  // a movement waits for it
    if (movement_offered_) {  // a movement after scoring (TURN_END): the turn ends after it
        movement_->step = 1;
        movement_after_commit_ = true;
        phase_ = Phase::MovementPhase;
        return;
    }
    pass_turn();
}

void Game::pass_turn() {
    if (end_requested_ || tiles_left() == 0) {
        finish_game();
        return;
    }
    if (extra_turn_) {  // ExtraTurn: the same player places another tile in this turn
        extra_turn_ = false;
        ++turn_part_;
        enter_tile_phase();
        return;
    }
    turn_part_ = 1;
    active_ = static_cast<uint8_t>((active_ + 1) % players_.size());
    ++turn_;
    enter_tile_phase();
}

// Completed roads, cities and monastic features this turn's tile touches:
// its own segments (which already include features across its sides) and
// monastic features in its 3x3 neighbourhood (§5.1), in a fixed order.
void Game::collect_completed_this_turn(std::vector<uint32_t>& roots) const {
    roots.clear();
    if (placed_index_ < 0) return;
    const auto tile = static_cast<uint16_t>(placed_index_);
    for (uint32_t part = features_.first_part(tile); part < features_.part_end(tile); ++part) {
        if (features_.part(part).kind == FeatureKind::Field) continue;
        const uint32_t root = features_.find(part);
        if (features_.completed(root, board_)) detail::add_unique(roots, root);
    }
    const Position c = board_.placed(tile).at.pos;
    // A tile with wild sides (the abbey) completes the roads and cities of
    // its neighbours that it closes, which are none of its own.
    if (tile_table()[board_.placed(tile).type].wild)
        for (int s = 0; s < 4; ++s) {
            const int other = board_.tile_covering(neighbour(c, static_cast<Side>(s)), opposite(static_cast<Side>(s)));
            if (other < 0) continue;
            const PlacedTile& o = board_.placed(static_cast<uint16_t>(other));
            const int seg = tile_table()[o.type].rotations[o.rotation].side_segment[static_cast<int>(opposite(static_cast<Side>(s)))];
            if (seg < 0) continue;
            const uint32_t root = features_.find(features_.first_part(static_cast<uint16_t>(other)) + static_cast<uint32_t>(seg));
            if (features_.completed(root, board_)) detail::add_unique(roots, root);
        }
    if (!board_.monastic_near(c)) return;  // most turns: no monastery or garden around
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const Board::Cell* cell = board_.cell({static_cast<int16_t>(c.x + dx), static_cast<int16_t>(c.y + dy)});
            if (!cell) continue;
            for (uint16_t t : cell->tiles) {
                if (t == Board::kNone || t == tile) continue;
                uint32_t monastic = tile_table()[board_.placed(t).type].monastic_segments;
                while (monastic) {
                    const uint32_t part = features_.first_part(t) + static_cast<uint32_t>(__builtin_ctz(monastic));
                    monastic &= monastic - 1;
                    if (features_.completed(part, board_)) detail::add_unique(roots, part);
                }
            }
        }
}

// Tiles, not spaces, in the 3x3 area around `centre`: two triangles of one
// space count 2. For expansions that count tiles (ScoredFeatureInfo::tiles).
int Game::tiles_in_area(Position centre) const {
    int n = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if (const Board::Cell* cell = board_.cell({static_cast<int16_t>(centre.x + dx), static_cast<int16_t>(centre.y + dy)}))
                for (uint16_t t : cell->tiles) n += t != Board::kNone;
    return n;
}

int Game::base_points(uint32_t root, bool completed, std::string& name) const {
    const Features::Totals& t = features_.totals(root);
    switch (t.kind) {
        case FeatureKind::City: {
            const int n = t.spaces;
            if (!completed) {
                name = "city.incomplete";
                return n + t.pennants;
            }
            if (tiny_city_ && n == 2) {
                name = "city.tiny";
                return n + t.pennants;
            }
            name = "city";
            return 2 * n + 2 * t.pennants;
        }
        case FeatureKind::Road:
            name = completed ? "road" : "road.incomplete";
            return t.spaces;
        case FeatureKind::Monastery:
        case FeatureKind::Garden:
            name = t.kind == FeatureKind::Monastery ? (completed ? "monastery" : "monastery.incomplete")
                                                    : (completed ? "garden" : "garden.incomplete");
            return 1 + board_.occupied_around(features_.part(root).pos);
        case FeatureKind::Field:
            // 3 per distinct completed city among the adjoining cities of its parts (§5.6).
            name = "field";
            return 3 * completed_cities_of_field(root);
    }
    return 0;
}

int Game::completed_cities_of_field(uint32_t root) const {
    std::vector<uint32_t>& cities = *scratch_roots_;
    cities.clear();
    for (uint32_t p = features_.totals(root).head; p != Features::kNone; p = features_.part(p).next) {
        const Features::Part& pt = features_.part(p);
        uint32_t adj = tile_table()[board_.placed(pt.tile).type].segments[pt.segment].adjoining_cities;
        while (adj) {
            const int seg = __builtin_ctz(adj);
            adj &= adj - 1;
            const uint32_t city = features_.find(features_.first_part(pt.tile) + static_cast<uint32_t>(seg));
            if (features_.completed(city, board_)) detail::add_unique(cities, city);
        }
    }
    return static_cast<int>(cities.size());
}

namespace {
// Every player of the greatest strength (at least 1) scores (§5.2); among
// them, when expansions weigh figures (FIGURE_STRENGTH), only those of the
// greatest tie-break.
template <class Strength>
void majority(const std::array<Strength, kMaxPlayers>& strength, size_t players, std::vector<uint8_t>& out,
              const std::array<int, kMaxPlayers>* tiebreak = nullptr) {
    out.clear();
    Strength best = 0;
    for (size_t p = 0; p < players; ++p) best = std::max(best, strength[p]);
    if (best == 0) return;
    int best_tiebreak = 0;
    if (tiebreak)
        for (size_t p = 0; p < players; ++p)
            if (strength[p] == best) best_tiebreak = std::max(best_tiebreak, (*tiebreak)[p]);
    for (size_t p = 0; p < players; ++p)
        if (strength[p] == best && (!tiebreak || (*tiebreak)[p] == best_tiebreak)) out.push_back(static_cast<uint8_t>(p));
}
}  // namespace

void Game::scored_info(uint32_t root, bool completed, bool final_scoring, int points, const std::string& name,
                       ScoredFeatureInfo& info) const {
    const Features::Totals& t = features_.totals(root);
    info.parts.clear();
    info.area.clear();
    info.attributes.clear();
    info.pennants = 0;
    info.id = root;
    info.kind = t.kind;
    info.completed = completed;
    info.final_scoring = final_scoring;
    info.base_points = points;
    info.points = points;
    info.name = name;
    feature_parts(root, info.parts);
    info.segments.clear();
    for (uint32_t p = t.head; p != Features::kNone; p = features_.part(p).next) {
        const Features::Part& pt = features_.part(p);
        const auto part = std::find(info.parts.begin(), info.parts.end(), board_.placed(pt.tile).at) - info.parts.begin();
        info.segments.push_back({static_cast<uint16_t>(part), static_cast<uint8_t>(pt.segment)});
    }
    std::array<int, 32> attribute_segments{};
    uint32_t attributes_seen = 0;
    if (!segment_attributes_->empty())
        for (uint32_t p = t.head; p != Features::kNone; p = features_.part(p).next) {
            const uint16_t tile = features_.part(p).tile;
            const uint32_t bits =
                (*prepared_->table)[board_.placed(tile).type].segments[features_.part(p).segment].attributes;
            attributes_seen |= bits;
            for (uint32_t b = bits; b != 0; b &= b - 1) ++attribute_segments[static_cast<size_t>(__builtin_ctz(b))];
        }
    if (detail::is_monastic(t.kind)) {
        const Position c = features_.part(root).pos;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                info.area.push_back({static_cast<int16_t>(c.x + dx), static_cast<int16_t>(c.y + dy)});
        info.spaces = 1 + board_.occupied_around(c);
        info.tiles = tiles_in_area(c);
    } else {
        info.spaces = t.spaces;
        info.tiles = t.tiles;
        info.pennants = t.pennants;
    }
    info.cities = t.kind == FeatureKind::Field ? completed_cities_of_field(root) : 0;
    for (size_t a = 0; a < segment_attributes_->size() && attributes_seen != 0; ++a)
        if (attributes_seen & (1u << a)) info.attributes.push_back({&(*segment_attributes_)[a], attribute_segments[a]});
    majority(t.followers, players_.size(), info.scorers);
    if (weighs_figures(root)) weigh_figures(info, std::nullopt, info.scorers);
}

bool Game::weighs_figures(uint32_t root) const {
    return hooks_ != nullptr && features_.totals(root).follower_total != 0 && hooks_->wants_figure_strength();
}

// The players who hold the feature when expansions weigh its figures
// (FIGURE_STRENGTH): each figure counts its kind's strength unless an answer
// sets it; the greatest total (at least 1) holds, and among equal totals the
// greatest tie-break. `extra`: a figure of the active player not yet placed
// there (the greedy preview), counted with its kind's strength.
void Game::weigh_figures(const ScoredFeatureInfo& info, std::optional<uint8_t> extra_kind,
                         std::vector<uint8_t>& out) const {
    std::vector<uint32_t> on_feature;
    for (size_t i = 0; i < figures_.size(); ++i)
        if (features_.find(figures_[i].part) == info.id) on_feature.push_back(static_cast<uint32_t>(i));
    std::vector<FigureStrength> answers;
    hooks_->figure_strength(*this, info, on_feature, answers);
    std::array<int, kMaxPlayers> strength{}, tiebreak{};
    for (const uint32_t i : on_feature) {
        const PlacedFigure& f = figures_[i];
        int s = (*figure_kinds_)[f.meeple.kind].strength, tb = 0;
        for (const FigureStrength& a : answers)
            if (a.figure == i) s = a.strength, tb = a.tiebreak;
        strength[f.meeple.player] += s;
        tiebreak[f.meeple.player] += tb;
    }
    if (extra_kind) strength[active_] += (*figure_kinds_)[*extra_kind].strength;
    majority(strength, players_.size(), out, &tiebreak);
}

void Game::feature_parts(uint32_t feature, std::vector<TileRef>& out) const {
    out.clear();
    uint32_t last_tile = Features::kNone;
    for (uint32_t p = features_.totals(features_.find(feature)).head; p != Features::kNone; p = features_.part(p).next) {
        const uint16_t tile = features_.part(p).tile;
        if (tile == last_tile) continue;
        last_tile = tile;
        const TileRef r = board_.placed(tile).at;
        if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
    }
}

int Game::score_feature(uint32_t root, bool completed, bool final_scoring) {
    const Features::Totals& t = features_.totals(root);
    std::vector<uint8_t> scorers;
    majority(t.followers, players_.size(), scorers);
    // Figures whose strength an expansion sets (the mayor's, 0 by its kind)
    // may hold a feature that the kinds' strengths alone leave to nobody.
    if (scorers.empty() && !weighs_figures(root)) return 0;
    std::string name;
    int points = base_points(root, completed, name);
    ScoreEntry::Counts counts = score_counts(root, points);
    std::vector<ScoringAward> awards;
    if (hooks_) {
        scored_info(root, completed, final_scoring, points, name, *scratch_scored_);
        scorers = scratch_scored_->scorers;
        // Held by nobody though followers stand there (a mayor in a city
        // without pennants): as JCloisterZone, each of their owners scores
        // "<feature>.empty" for 0 points, and bonuses for the figures there
        // (the fairy's) are still paid.
        if (scorers.empty()) record_unheld(root, name, final_scoring);
        for (const auto& a : scratch_scored_->attributes) counts.attributes.emplace_back(a.declared->label, a.segments);
        points = hooks_->score_feature(*this, *scratch_scored_, &counts.adjustments, awards);
    }
    const FeatureKind kind = t.kind;
    for (uint8_t p : scorers) {
        record_points(p, points, name, kind, final_scoring);
        score_log_.back().counts = counts;
    }
    // Points expansions give besides the feature's own (the fairy's), after them.
    for (ScoringAward& a : awards) record_points(a.player, a.points, std::move(a.name), kind, final_scoring);
    return scorers.empty() ? 0 : points;
}

void Game::record_unheld(uint32_t root, const std::string& name, bool final_scoring) {
    const std::string empty = name.substr(0, name.find('.')) + ".empty";
    std::vector<uint8_t> owners;
    for (const PlacedFigure& f : figures_)
        if (features_.find(f.part) == root && (*figure_kinds_)[f.meeple.kind].strength > 0)
            detail::add_unique<uint8_t>(owners, f.meeple.player);
    for (const uint8_t p : owners) record_points(p, 0, empty, features_.totals(root).kind, final_scoring);
}

// The counts behind a feature's base points, kept with each entry for the breakdown.
ScoreEntry::Counts Game::score_counts(uint32_t root, int base) const {
    const Features::Totals& t = features_.totals(root);
    if (!detail::is_monastic(t.kind)) return {base, t.spaces, t.tiles, t.pennants, root, {}, {}};
    const Position c = features_.part(root).pos;
    return {base, 1 + board_.occupied_around(c), tiles_in_area(c), 0, root, {}, {}};
}

void Game::record_points(uint8_t player, int points, std::string name, std::optional<FeatureKind> kind,
                         bool final_scoring) {
    touch_scores();  // the score log is not part of the state hooks see
    players_[player].score += points;
    score_log_.push_back({player, points, std::move(name), final_scoring, kind, turn_, std::nullopt});
}

void Game::return_followers(uint32_t root) {
    touch();
    for (size_t i = figures_.size(); i-- > 0;)
        if (features_.find(figures_[i].part) == root) remove_figure(i);
}

void Game::score_completed_this_turn() {
    std::vector<uint32_t> roots;
    collect_completed_this_turn(roots);
    completed_this_step_ = roots.size();
    std::vector<int> points(roots.size());
    for (size_t i = 0; i < roots.size(); ++i) points[i] = score_feature(roots[i], true, false);
    // Every completed feature, occupied or not, to the expansions that want
    // it (FEATURE_COMPLETED), with what its scorers received.
    if (hooks_ && hooks_->wants_feature_completed())
        for (size_t i = 0; i < roots.size(); ++i) {
            std::string name;
            const int base = base_points(roots[i], true, name);
            scored_info(roots[i], true, false, base, name, *scratch_scored_);
            scratch_scored_->points = points[i];
            hooks_->on_feature_completed(*this, active_, *scratch_scored_,
                                         static_cast<uint32_t>(roots.size() - 1 - i));
        }
}

// Followers go home only after everything is scored (§5.1), and after the
// decisions completion opened (a wagon moves away first).
void Game::return_completed_followers() {
    std::vector<uint32_t> roots;
    collect_completed_this_turn(roots);
    for (uint32_t root : roots)
        if (features_.totals(root).follower_total) return_followers(root);
}

bool Game::scores_this_turn(uint32_t feature) const {
    std::vector<uint32_t>& roots = *scratch_preview_;
    collect_completed_this_turn(roots);
    return std::find(roots.begin(), roots.end(), features_.find(feature)) != roots.end();
}

void Game::preview_commit_points(std::optional<size_t> meeple_option, std::vector<int>& out) const {
    out.assign(players_.size(), 0);
    std::vector<uint32_t>& roots = *scratch_preview_;
    collect_completed_this_turn(roots);
    uint32_t extra_root = Features::kNone;
    if (meeple_option && *meeple_option < meeple_options_.size()) extra_root = meeple_options_[*meeple_option].feature;
    std::vector<uint8_t> scorers;
    std::vector<ScoringAward> awards;
    std::string name;
    for (uint32_t root : roots) {
        std::array<uint8_t, kMaxPlayers> followers = features_.totals(root).followers;
        const std::optional<uint8_t> extra_kind =
            root == extra_root ? std::optional<uint8_t>(meeple_options_[*meeple_option].kind) : std::nullopt;
        if (extra_kind) followers[active_] += (*figure_kinds_)[*extra_kind].strength;
        majority(followers, players_.size(), scorers);
        const bool weighed = weighs_figures(root);
        if (scorers.empty() && !weighed) continue;
        int points = base_points(root, true, name);
        awards.clear();
        if (hooks_) {
            scored_info(root, true, false, points, name, *scratch_scored_);
            // An expansion's weights cover the figures there (scored_info
            // asked for them); a previewed figure counts its kind's strength.
            if (weighed && extra_kind) weigh_figures(*scratch_scored_, extra_kind, scorers);
            else if (weighed) scorers = scratch_scored_->scorers;
            if (scorers.empty()) continue;
            scratch_scored_->scorers = scorers;
            points = hooks_->score_feature(*this, *scratch_scored_, nullptr, awards);
        }
        for (uint8_t p : scorers) out[p] += points;
        for (const ScoringAward& a : awards) out[a.player] += a.points;
    }
}

void Game::finish_game() {
    touch();
    drawn_.reset();
    legal_.clear();
    final_scoring();
    phase_ = Phase::GameOverPhase;
}

void Game::final_scoring() {
    const StageScope profile(ProfileStage::Scoring);
    in_final_scoring_ = true;
    std::vector<uint32_t> roots, fields;
    for (const PlacedFigure& f : figures_) {
        const uint32_t root = features_.find(f.part);
        detail::add_unique(features_.totals(root).kind == FeatureKind::Field ? fields : roots, root);
    }
    // Roads, cities and monasteries first, then fields (§5.8).
    for (uint32_t root : roots) score_feature(root, features_.completed(root, board_), true);
    for (uint32_t root : fields) score_feature(root, false, true);
    if (hooks_) hooks_->on_final_scoring(*this);
    in_final_scoring_ = false;
}

}  // namespace ck::host

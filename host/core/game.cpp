#include "game.hpp"

#include <atomic>

#include <algorithm>
#include <cmath>

#include "tile_xml.hpp"

namespace ck::host {

uint64_t Game::next_state_version() {
    // Process-wide, so two copies of one game that diverge never share a
    // version, and a new game never reuses an old game's version.
    static std::atomic<uint64_t> counter{0};
    return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}
namespace {

std::string pos_text(Position p) { return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")"; }

std::string tile_ref_text(TileRef r) {
    static const char* const kCorners[5] = {"", " NE", " SE", " SW", " NW"};
    return pos_text(r.pos) + kCorners[static_cast<int>(r.corner)];
}

bool is_monastic(FeatureKind k) { return k == FeatureKind::Monastery || k == FeatureKind::Garden; }

const char* kind_word(FeatureKind k) {
    switch (k) {
        case FeatureKind::Road: return "road";
        case FeatureKind::City: return "city";
        case FeatureKind::Monastery: return "monastery";
        case FeatureKind::Field: return "field";
        case FeatureKind::Garden: return "garden";
    }
    return "?";
}

void add_unique(std::vector<uint32_t>& v, uint32_t x) {
    if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

double checked_random(double r, const char* what) {
    if (!std::isfinite(r) || r < 0.0 || r >= 1.0)
        throw HostError(std::string(what) + " must be a number in [0, 1), got " + std::to_string(r));
    return r;
}

}  // namespace

std::string_view phase_name(Phase p) {
    switch (p) {
        case Phase::TilePhase: return "TilePhase";
        case Phase::ActionPhase: return "ActionPhase";
        case Phase::CommitActionPhase: return "CommitActionPhase";
        case Phase::GameOverPhase: return "GameOverPhase";
    }
    return "?";
}

int PlayerState::token_count(std::string_view kind) const {
    for (const auto& [k, n] : tokens)
        if (k == kind) return n;
    return 0;
}

std::shared_ptr<const PreparedTiles> prepare_tiles(const GameSetup& setup) {
    if (!setup.catalog) throw HostError("game setup: no tile catalogue given");
    auto prepared = std::make_shared<PreparedTiles>();
    prepared->table = std::make_shared<const TileTypeTable>(*setup.catalog);
    prepared->pack = build_pack(*setup.catalog, setup.tile_sets);
    return prepared;
}

// ---------------------------------------------------------------- setup

Game::Game(const GameSetup& setup) : Game(setup, nullptr) {}

Game::Game(const GameSetup& setup, std::shared_ptr<const PreparedTiles> prepared) {
    if (!setup.catalog) throw HostError("game setup: no tile catalogue given");
    prepared_ = prepared ? std::move(prepared) : prepare_tiles(setup);
    setup_catalog_ = setup.catalog;
    hooks_ = setup.hooks;
    if (setup.players.empty() || setup.players.size() > static_cast<size_t>(kMaxPlayers))
        throw HostError("game setup: " + std::to_string(setup.players.size()) + " players (1 to " +
                        std::to_string(kMaxPlayers) + " supported)");
    if (setup.followers_per_player < 0 || setup.followers_per_player > 32)
        throw HostError("game setup: " + std::to_string(setup.followers_per_player) +
                        " followers per player (0 to 32 supported)");
    followers_per_player_ = setup.followers_per_player;
    farmers_ = setup.farmers;
    expansions_ = setup.expansions;
    setup_rules(setup);

    host_random_ = SplitMix64(setup.seed);
    draw_random_ = setup.initial_random ? checked_random(*setup.initial_random, "initial random")
                                        : host_random_.next_double();
    initial_random_ = draw_random_;

    const uint32_t full_supply =
        followers_per_player_ == 32 ? 0xFFFFFFFFu : ((1u << followers_per_player_) - 1u);
    for (const PlayerSetup& p : setup.players) players_.push_back({p.name, 0, full_supply, {}});

    pack_ = prepared_->pack;
    moves_.reserve(4 * pack_.size() + 8);
    features_.reserve(pack_.size() + 1);
    score_log_.reserve(32);
    for (const StartTile& s : setup.start_tiles) place_start_tile(s);

    for (const std::string& id : setup.draw_order) {
        if (id == "#END") {
            if (&id != &setup.draw_order.back())
                throw HostError("drawOrder: \"#END\" may only be the last entry");
            draw_order_end_marker_ = true;
            continue;
        }
        if (setup_catalog_->index_of(id) < 0) throw HostError("drawOrder: unknown tile id \"" + id + "\"");
        draw_order_.push_back(id);
    }
    if (setup.end_turn && *setup.end_turn < 0)
        throw HostError("endTurn must not be negative, got " + std::to_string(*setup.end_turn));
    end_turn_ = setup.end_turn;
    if (end_turn_) draw_order_end_marker_ = false;  // endTurn decides the end (§4.7)
    caller_draws_ = setup.caller_draws;

    if (hooks_) hooks_->on_game_start(*this);
    enter_tile_phase();
}

void Game::setup_rules(const GameSetup& setup) {
    rules_ = setup.rules;
    const auto get = [&](std::string_view key) -> const std::string* {
        auto it = rules_.find(std::string(key));
        return it == rules_.end() ? nullptr : &it->second;
    };
    std::optional<bool> tiny;
    if (const std::string* v = get(kRuleTinyCity)) {
        if (*v != "4" && *v != "2")
            throw HostError("rule tiny-city-scoring: \"" + *v + "\" (expected \"4\" or \"2\")");
        tiny = *v == "2";
    }
    if (const std::string* v = get(kRuleTinyCityAlias)) {
        if (*v != "on" && *v != "off") throw HostError("rule base.tinyCity: \"" + *v + "\" (expected on or off)");
        if (tiny && *tiny != (*v == "on"))
            throw HostError("rules base.tinyCity and tiny-city-scoring disagree");
        tiny = *v == "on";
    }
    tiny_city_ = tiny.value_or(false);
    rules_[std::string(kRuleTinyCity)] = tiny_city_ ? "2" : "4";
    rules_[std::string(kRuleTinyCityAlias)] = tiny_city_ ? "on" : "off";
    if (const std::string* v = get(kRuleFeatureCount)) {
        if (*v != "spaces" && *v != "tiles")
            throw HostError("rule halflings.featureCount: \"" + *v + "\" (expected spaces or tiles)");
        count_tiles_ = *v == "tiles";
    }
}

void Game::place_start_tile(const StartTile& s) {
    const int type = setup_catalog_->index_of(s.tile_id);
    if (type < 0) throw HostError("start tile \"" + s.tile_id + "\" is not a known tile id");
    auto it = std::find(pack_.begin(), pack_.end(), static_cast<TileTypeId>(type));
    if (it == pack_.end())
        throw HostError("start tile \"" + s.tile_id + "\" is not in the pack of the selected tile sets");
    pack_.erase(it);
    if (s.rotation < 0 || s.rotation > 3)
        throw HostError("start tile \"" + s.tile_id + "\": rotation must be 0..3 quarter turns");
    if (s.x < INT16_MIN || s.x > INT16_MAX || s.y < INT16_MIN || s.y > INT16_MAX)
        throw HostError("start tile \"" + s.tile_id + "\": position out of range");
    const TileTypeInfo& info = tile_table()[static_cast<TileTypeId>(type)];
    const Placement p{{{static_cast<int16_t>(s.x), static_cast<int16_t>(s.y)},
                       info.triangle ? corner_for_rotation(s.rotation) : Corner::None},
                      static_cast<uint8_t>(s.rotation)};
    const uint16_t index = board_.place(static_cast<TileTypeId>(type), info, p);
    features_.add_tile(board_, tile_table(), index);
}

// ---------------------------------------------------------------- drawing

uint32_t Game::tiles_left() const {
    if (end_turn_) {
        const int64_t left = static_cast<int64_t>(*end_turn_) - draws_;
        return static_cast<uint32_t>(std::clamp<int64_t>(left, 0, static_cast<int64_t>(pack_.size())));
    }
    if (draw_order_end_marker_) return static_cast<uint32_t>(draw_order_.size() - draw_order_next_);
    return static_cast<uint32_t>(pack_.size());
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
        if (pack_.empty()) return false;
        index = static_cast<size_t>(jcz_next_int(draw_random_, static_cast<int>(pack_.size())));
    }
    out = pack_[index];
    pack_.erase(pack_.begin() + static_cast<ptrdiff_t>(index));
    ++draws_;
    return true;
}

void Game::enter_tile_phase() {
    touch();
    phase_ = Phase::TilePhase;
    placed_this_turn_.reset();
    placed_index_ = -1;
    figure_action_taken_ = false;
    figure_step_skipped_ = false;
    meeple_options_.clear();
    expansion_options_.clear();
    drawn_.reset();
    for (;;) {
        TileTypeId t;
        // Caller draws: once drawOrder is used up, wait for draw_tile().
        if (caller_draws_ && draw_order_next_ >= draw_order_.size() && !end_requested_ && tiles_left() > 0) {
            legal_.clear();
            return;
        }
        if (end_requested_ || tiles_left() == 0 || !draw_next(t)) {
            // No turn started after all: the last turn played keeps its number.
            if (!moves_.empty() && moves_.back().turn < turn_) turn_ = moves_.back().turn;
            finish_game();
            return;
        }
        legal_.clear();
        board_.legal_placements(tile_table()[t], legal_);
        if (!legal_.empty()) {
            drawn_ = t;
            return;
        }
        discarded_.push_back(t);  // fits nowhere: set aside, the draw still counts
    }
}

void Game::draw_tile(TileTypeId type) {
    touch();
    if (!caller_draws_) throw HostError("draw_tile: this game draws its own tiles", ErrorCategory::IllegalMove);
    if (!awaiting_caller_draw()) throw HostError("draw_tile: no draw is awaited now", ErrorCategory::IllegalMove);
    auto it = std::find(pack_.begin(), pack_.end(), type);
    if (it == pack_.end())
        throw HostError("tile \"" + tile_def(type).id + "\" is not left in the pack", ErrorCategory::IllegalMove);
    pack_.erase(it);
    ++draws_;
    drawn_ = type;
    legal_.clear();
    board_.legal_placements(tile_table()[type], legal_);
}

// ---------------------------------------------------------------- tile step

void Game::require_phase(Phase p, const char* action) const {
    if (phase_ != p)
        throw HostError(std::string("cannot ") + action + " in " + std::string(phase_name(phase_)) + " (only in " +
                            std::string(phase_name(p)) + ")",
                        ErrorCategory::IllegalMove);
}

void Game::legal_placements_of(TileTypeId type, std::vector<Placement>& out) const {
    out.clear();
    board_.legal_placements(tile_table()[type], out);
}

std::string Game::placement_problem(TileTypeId type, const Placement& p) const {
    return board_.placement_problem(tile_table()[type], p);
}

Move& Game::record_move(MoveType type) {
    Move& m = moves_.emplace_back();
    m.type = type;
    m.player = active_;
    m.turn = turn_;
    return m;
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
    require_phase(Phase::TilePhase, "place a tile");
    if (!drawn_ || type != *drawn_)
        throw HostError("tile \"" + (type < catalog().tile_count() ? tile_def(type).id : std::string("?")) +
                            "\" is not the drawn tile \"" + tile_def(*drawn_).id + "\"",
                        ErrorCategory::IllegalMove);
    const std::string problem = board_.placement_problem(tile_table()[type], p);
    if (!problem.empty())
        throw HostError("cannot place \"" + tile_def(type).id + "\" at " + tile_ref_text(p.at) + " R" +
                            std::to_string(p.rotation * 90) + ": " + problem,
                        ErrorCategory::IllegalMove);
    {
        Move& m = record_move(MoveType::PlaceTile);
        m.tile = type;
        m.placement = p;
    }
    do_place(type, p);
    drawn_.reset();
    enter_action_phase();
}

void Game::do_place(TileTypeId type, const Placement& p) {
    touch();
    const uint16_t index = board_.place(type, tile_table()[type], p);
    features_.add_tile(board_, tile_table(), index);
    placed_index_ = index;
    placed_this_turn_ = board_.placed(index).at;
}

// ---------------------------------------------------------------- figure step

void Game::enter_action_phase() {
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
        throw HostError(std::string("no ") + kind_word(pointer.kind) + " segment with that exact location on the tile placed this turn at " +
                            (placed_this_turn_ ? tile_ref_text(*placed_this_turn_) : std::string("?")),
                        ErrorCategory::IllegalMove);
    const auto offered = std::find_if(meeple_options_.begin(), meeple_options_.end(),
                                      [&](const MeepleOption& o) { return o.pointer == pointer; });
    if (offered == meeple_options_.end()) {
        const Features::Part& pt = features_.part(static_cast<uint32_t>(part));
        const char* why = pt.kind == FeatureKind::Garden                   ? "a small follower cannot stand on a garden"
                          : (pt.kind == FeatureKind::Field && !farmers_) ? "farmers are off in this game"
                                                                           : "that feature already has a follower";
        throw HostError(std::string("cannot deploy on that ") + kind_word(pt.kind) + ": " + why,
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
    touch();
    if (phase_ == Phase::CommitActionPhase && figure_step_skipped_) return;  // lenient: nothing was offered
    require_phase(Phase::ActionPhase, "pass");
    record_move(MoveType::Pass);
    phase_ = Phase::CommitActionPhase;
}

// ---------------------------------------------------------------- commit and scoring

void Game::commit(std::optional<double> random) {
    touch();
    require_phase(Phase::CommitActionPhase, "commit");
    const double r = random ? checked_random(*random, "COMMIT random") : host_random_.next_double();
    draw_random_ = r;  // re-seeds before the message is applied (§4.10)
    {
        Move& m = record_move(MoveType::Commit);
        m.random = r;
    }

    score_completed_this_turn();
    if (hooks_) hooks_->on_turn_end(*this);
    if (end_requested_ || tiles_left() == 0) {
        finish_game();
        return;
    }
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
        if (features_.completed(root, board_)) add_unique(roots, root);
    }
    const Position c = board_.placed(tile).at.pos;
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
                    if (features_.completed(part, board_)) add_unique(roots, part);
                }
            }
        }
}

int Game::count_of(uint32_t root) const {
    const Features::Totals& t = features_.totals(root);
    return count_tiles_ ? t.tiles : t.spaces;
}

int Game::base_points(uint32_t root, bool completed, std::string& name) const {
    const Features::Totals& t = features_.totals(root);
    switch (t.kind) {
        case FeatureKind::City: {
            const int n = count_of(root);
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
            return count_of(root);
        case FeatureKind::Monastery:
        case FeatureKind::Garden:
            name = t.kind == FeatureKind::Monastery ? (completed ? "monastery" : "monastery.incomplete")
                                                    : (completed ? "garden" : "garden.incomplete");
            return 1 + board_.occupied_around(features_.part(root).pos);
        case FeatureKind::Field: {
            // 3 per distinct completed city among the adjoining cities of its parts (§5.6).
            std::vector<uint32_t>& cities = scratch_roots_;
            cities.clear();
            for (uint32_t p = t.head; p != Features::kNone; p = features_.part(p).next) {
                const Features::Part& pt = features_.part(p);
                uint32_t adj = tile_table()[board_.placed(pt.tile).type].segments[pt.segment].adjoining_cities;
                while (adj) {
                    const int seg = __builtin_ctz(adj);
                    adj &= adj - 1;
                    const uint32_t city = features_.find(features_.first_part(pt.tile) + static_cast<uint32_t>(seg));
                    if (features_.completed(city, board_)) add_unique(cities, city);
                }
            }
            name = "field";
            return 3 * static_cast<int>(cities.size());
        }
    }
    return 0;
}

namespace {
// Every player with the most followers (at least one) scores (§5.2).
void majority(const std::array<uint8_t, kMaxPlayers>& followers, size_t players, std::vector<uint8_t>& out) {
    out.clear();
    uint8_t best = 0;
    for (size_t p = 0; p < players; ++p) best = std::max(best, followers[p]);
    if (best == 0) return;
    for (size_t p = 0; p < players; ++p)
        if (followers[p] == best) out.push_back(static_cast<uint8_t>(p));
}
}  // namespace

ScoredFeatureInfo Game::scored_info(uint32_t root, bool completed, bool final_scoring, int points,
                                    const std::string& name) const {
    const Features::Totals& t = features_.totals(root);
    ScoredFeatureInfo info;
    info.id = root;
    info.kind = t.kind;
    info.completed = completed;
    info.final_scoring = final_scoring;
    info.base_points = points;
    info.points = points;
    info.name = name;
    uint32_t last_tile = Features::kNone;
    for (uint32_t p = t.head; p != Features::kNone; p = features_.part(p).next) {
        const uint16_t tile = features_.part(p).tile;
        if (tile == last_tile) continue;
        last_tile = tile;
        const TileRef r = board_.placed(tile).at;
        if (std::find(info.parts.begin(), info.parts.end(), r) == info.parts.end()) info.parts.push_back(r);
    }
    if (is_monastic(t.kind)) {
        const Position c = features_.part(root).pos;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                info.area.push_back({static_cast<int16_t>(c.x + dx), static_cast<int16_t>(c.y + dy)});
    }
    majority(t.followers, players_.size(), info.scorers);
    return info;
}

int Game::score_feature(uint32_t root, bool completed, bool final_scoring) {
    const Features::Totals& t = features_.totals(root);
    std::vector<uint8_t> scorers;
    majority(t.followers, players_.size(), scorers);
    if (scorers.empty()) return 0;
    std::string name;
    int points = base_points(root, completed, name);
    if (hooks_) points = hooks_->score_feature(*this, scored_info(root, completed, final_scoring, points, name));
    const FeatureKind kind = t.kind;
    for (uint8_t p : scorers) record_points(p, points, name, kind, final_scoring);
    return points;
}

void Game::record_points(uint8_t player, int points, std::string name, std::optional<FeatureKind> kind,
                         bool final_scoring) {
    touch();
    players_[player].score += points;
    score_log_.push_back({player, points, std::move(name), final_scoring, kind, turn_});
}

void Game::return_followers(uint32_t root) {
    touch();
    auto keep = figures_.begin();
    for (auto it = figures_.begin(); it != figures_.end(); ++it) {
        if (features_.find(it->part) == root) {
            features_.remove_follower(it->part, it->meeple.player);
            players_[it->meeple.player].supply |= 1u << (it->meeple.number - 1);
        } else {
            *keep++ = std::move(*it);
        }
    }
    figures_.erase(keep, figures_.end());
}

void Game::score_completed_this_turn() {
    std::vector<uint32_t> roots;
    collect_completed_this_turn(roots);
    for (uint32_t root : roots) score_feature(root, true, false);
    // Followers go home only after everything is scored (§5.1).
    for (uint32_t root : roots)
        if (features_.totals(root).follower_total) return_followers(root);
}

void Game::preview_commit_points(std::optional<size_t> meeple_option, std::vector<int>& out) const {
    out.assign(players_.size(), 0);
    std::vector<uint32_t>& roots = scratch_preview_;
    collect_completed_this_turn(roots);
    uint32_t extra_root = Features::kNone;
    if (meeple_option && *meeple_option < meeple_options_.size()) extra_root = meeple_options_[*meeple_option].feature;
    std::vector<uint8_t> scorers;
    std::string name;
    for (uint32_t root : roots) {
        std::array<uint8_t, kMaxPlayers> followers = features_.totals(root).followers;
        if (root == extra_root) ++followers[active_];
        majority(followers, players_.size(), scorers);
        if (scorers.empty()) continue;
        int points = base_points(root, true, name);
        if (hooks_) {
            ScoredFeatureInfo info = scored_info(root, true, false, points, name);
            info.scorers = scorers;
            points = hooks_->score_feature(*this, info);
        }
        for (uint8_t p : scorers) out[p] += points;
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
    in_final_scoring_ = true;
    std::vector<uint32_t> roots, fields;
    for (const PlacedFigure& f : figures_) {
        const uint32_t root = features_.find(f.part);
        add_unique(features_.totals(root).kind == FeatureKind::Field ? fields : roots, root);
    }
    // Roads, cities and monasteries first, then fields (§5.8).
    for (uint32_t root : roots) score_feature(root, features_.completed(root, board_), true);
    for (uint32_t root : fields) score_feature(root, false, true);
    if (hooks_) hooks_->on_final_scoring(*this);
    in_final_scoring_ = false;
}

// ---------------------------------------------------------------- features

int Game::part_at(const FeaturePointer& p) const {
    const int tile = board_.tile_at(p.at);
    if (tile < 0) return -1;
    const auto t = static_cast<uint16_t>(tile);
    for (uint32_t part = features_.first_part(t); part < features_.part_end(t); ++part) {
        const Features::Part& pt = features_.part(part);
        if (pt.kind == p.kind && pt.location == p.location) return static_cast<int>(part);
    }
    return -1;
}

FeatureView Game::feature_at(const FeaturePointer& p) const {
    const int part = part_at(p);
    if (part < 0)
        throw HostError(std::string("no ") + kind_word(p.kind) + " segment with that location at " +
                        tile_ref_text(p.at));
    return feature_view(features_.find(static_cast<uint32_t>(part)));
}

FeatureView Game::feature_view(uint32_t feature_id) const {
    if (feature_id >= features_.part_count()) throw HostError("no feature with id " + std::to_string(feature_id));
    const uint32_t root = features_.find(feature_id);
    const Features::Totals& t = features_.totals(root);
    FeatureView v;
    v.id = root;
    v.kind = t.kind;
    v.completed = features_.completed(root, board_);
    v.open_edges = t.open_edges;
    v.spaces = t.spaces;
    v.tiles = t.tiles;
    v.pennants = t.pennants;
    if (is_monastic(t.kind)) v.occupied_around = board_.occupied_around(features_.part(root).pos);
    v.followers = t.followers;
    v.parts = scored_info(root, v.completed, false, 0, "").parts;
    std::vector<std::pair<uint16_t, TileRef>> ordered;
    for (const TileRef r : v.parts) ordered.push_back({static_cast<uint16_t>(board_.tile_at(r)), r});
    std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    v.parts.clear();
    for (const auto& [i, r] : ordered) v.parts.push_back(r);
    return v;
}

// ---------------------------------------------------------------- effects

void Game::give_tokens(uint8_t player, const std::string& kind, int count) {
    touch();
    if (player >= players_.size()) throw HostError("give tokens: no player " + std::to_string(player), ErrorCategory::Plugin);
    auto& tokens = players_[player].tokens;
    auto it = std::lower_bound(tokens.begin(), tokens.end(), kind,
                               [](const auto& entry, const std::string& k) { return entry.first < k; });
    if (it == tokens.end() || it->first != kind) it = tokens.insert(it, {kind, 0});
    if (it->second + count < 0)
        throw HostError("give tokens: player " + std::to_string(player) + " would have " +
                            std::to_string(it->second + count) + " " + kind,
                        ErrorCategory::Plugin);
    it->second += count;
}

void Game::place_token(uint8_t player, const std::string& kind, TileRef at) {
    touch();
    if (player >= players_.size()) throw HostError("place token: no player " + std::to_string(player), ErrorCategory::Plugin);
    if (!placed_this_turn_ || at != *placed_this_turn_)
        throw HostError("place token " + kind + ": only the tile placed this turn may take a token, not " +
                            tile_ref_text(at),
                        ErrorCategory::Plugin);
    auto& tokens = players_[player].tokens;
    auto it = std::find_if(tokens.begin(), tokens.end(), [&](const auto& e) { return e.first == kind; });
    if (it == tokens.end() || it->second <= 0)
        throw HostError("place token: player " + std::to_string(player) + " has no " + kind + " left",
                        ErrorCategory::Plugin);
    --it->second;
    tokens_.push_back({kind, at, player, turn_});
}

void Game::add_points(uint8_t player, int points, const std::string& name) {
    touch();
    if (player >= players_.size()) throw HostError("add points: no player " + std::to_string(player), ErrorCategory::Plugin);
    record_points(player, points, name, std::nullopt, in_final_scoring_);
}

void Game::set_expansion_data(const std::string& expansion_id, std::vector<uint8_t> bytes) {
    touch();
    expansion_data_[expansion_id] = std::move(bytes);
}

void Game::consume_figure_action() {
    touch();
    figure_action_taken_ = true;
}

void Game::request_game_end(const std::string& reason) {
    touch();
    end_requested_ = true;
    if (end_reason_.empty()) end_reason_ = reason;
    if (phase_ == Phase::TilePhase && drawn_) finish_game();
}

}  // namespace ck::host

// Game: setup (rules, start tiles, hands) and the views of its state.
// The turn's stages live in game_tile_step.cpp, game_figure_step.cpp and
// game_scoring.cpp; effects applied by expansions in game_effects.cpp.
#include "game.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>

#include "game_detail.hpp"
#include "location_names.hpp"
#include "tile_xml.hpp"

namespace ck::host {

uint64_t Game::next_state_version() {
    // Unique process-wide, so two copies of one game that diverge never
    // share a version, and a new game never reuses an old game's version.
    // Each thread takes a block of versions from the shared counter and
    // hands them out alone: every mutation touching one shared cache line
    // made threads of `simulate --threads` slow each other down.
    constexpr uint64_t kBlock = uint64_t{1} << 16;
    static std::atomic<uint64_t> blocks{0};
    thread_local uint64_t next = 0, end = 0;
    if (next == end) {
        next = blocks.fetch_add(1, std::memory_order_relaxed) * kBlock + 1;
        end = next + kBlock - 1;
    }
    return next++;
}
namespace detail {

double checked_random(double r, const char* what) {
    if (!std::isfinite(r) || r < 0.0 || r >= 1.0)
        throw HostError(std::string(what) + " must be a number in [0, 1), got " + std::to_string(r));
    return r;
}

}  // namespace detail

std::string_view phase_name(Phase p) {
    switch (p) {
        case Phase::TilePhase: return "TilePhase";
        case Phase::ActionPhase: return "ActionPhase";
        case Phase::CommitActionPhase: return "CommitActionPhase";
        case Phase::GameOverPhase: return "GameOverPhase";
        case Phase::MovementPhase: return "MovementPhase";
        case Phase::DecisionPhase: return "DecisionPhase";
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
    if (setup.segment_attributes.size() > 32)
        throw HostError("game setup: " + std::to_string(setup.segment_attributes.size()) +
                        " segment attributes declared (32 at most)");
    std::vector<std::string> wild_markers;
    for (const TileMarker& m : setup.tile_markers)
        if (m.wild_edges) wild_markers.push_back(m.name);
    prepared->table =
        std::make_shared<const TileTypeTable>(*setup.catalog, setup.segment_attributes, setup.edge_kind, wild_markers);
    prepared->pack = build_pack(*setup.catalog, setup.tile_sets);
    prepared->edge_kind = setup.edge_kind;
    prepared->edge_kind_label = setup.edge_kind_label.empty() ? setup.edge_kind : setup.edge_kind_label;
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
    setup_figure_kinds(setup);
    expansions_ = setup.expansions;
    segment_attributes_ = std::make_shared<const std::vector<SegmentAttribute>>(setup.segment_attributes);
    tile_value_keys_ = std::make_shared<const std::vector<TileValueKey>>(setup.tile_values);
    setup_rules(setup);
    setup_hands(setup);

    host_random_ = SplitMix64(setup.seed);
    draw_random_ = setup.initial_random ? detail::checked_random(*setup.initial_random, "initial random")
                                        : host_random_.next_double();
    initial_random_ = draw_random_;

    std::array<uint32_t, kMaxFigureKinds> full_supply{};
    for (size_t k = 0; k < figure_kinds_->size(); ++k) {
        const int n = (*figure_kinds_)[k].count;
        full_supply[k] = n == 32 ? 0xFFFFFFFFu : ((1u << n) - 1u);
    }
    for (const PlayerSetup& p : setup.players) players_.push_back({p.name, 0, full_supply, {}, {}});

    pack_ = prepared_->pack;
    setup_movement(setup);
    setup_tile_groups(setup);  // after the pack: groups reorder it
    moves_.reserve(4 * pack_.size() + 8);
    features_.reserve(pack_.size() + 1);
    score_log_.reserve(32);
    if (prepared_->edge_kind != setup.edge_kind)
        throw HostError("game setup: edge kind \"" + setup.edge_kind + "\" but the prepared tiles were made for \"" +
                        prepared_->edge_kind + "\"");
    for (const StartTile& s : setup.start_tiles) place_start_tile(s);
    start_tile_groups();  // as JCloisterZone: once the start tiles left the pack

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
    check_dealt_hands();
    enter_tile_phase();
}

namespace {
// FigureKindDecl.count_rule: the game's value of the option, else the
// declared count (a game set up without the expansion's defaults).
int counted_by_rule(const FigureKind& k, const std::map<std::string, std::string>& rules) {
    const auto it = rules.find(k.count_rule);
    if (it == rules.end()) return k.count;
    int n = -1;
    const auto [end, error] = std::from_chars(it->second.data(), it->second.data() + it->second.size(), n);
    if (error != std::errc() || end != it->second.data() + it->second.size() || n < 0 || n > kMaxFiguresPerKind)
        throw HostError("game setup: rule " + k.count_rule + "=" + it->second + " gives figure kind \"" + k.id +
                        "\" its count per player, which must be a whole number from 0 to " +
                        std::to_string(kMaxFiguresPerKind));
    return n;
}
}  // namespace

void Game::setup_figure_kinds(const GameSetup& setup) {
    auto kinds = std::make_shared<std::vector<FigureKind>>();
    kinds->push_back(small_follower_kind(followers_per_player_, farmers_));
    if (setup.figure_kinds.size() + 1 > kMaxFigureKinds)
        throw HostError("game setup: " + std::to_string(setup.figure_kinds.size() + 1) + " figure kinds (at most " +
                        std::to_string(kMaxFigureKinds) + ")");
    for (const FigureKind& k : setup.figure_kinds) {
        if (const std::string problem = figure_kind_problem(k); !problem.empty()) throw HostError("game setup: " + problem);
        for (const FigureKind& other : *kinds)
            if (other.id == k.id || other.jcz_type == k.jcz_type)
                throw HostError("game setup: figure kind \"" + k.id + "\" (meeple type \"" + k.jcz_type +
                                "\") clashes with figure kind \"" + other.id + "\"");
        kinds->push_back(k);
        if (!k.count_rule.empty()) kinds->back().count = counted_by_rule(k, setup.rules);
    }
    figure_kinds_ = std::move(kinds);
}

std::vector<std::string> Game::figure_kind_ids() const {
    std::vector<std::string> ids;
    for (const FigureKind& k : *figure_kinds_) ids.push_back(k.id);
    return ids;
}

void Game::setup_hands(const GameSetup& setup) {
    if (setup.preset_hands.empty()) return;
    if (setup.preset_hands.size() != setup.players.size())
        throw HostError("game setup: hands are given for " + std::to_string(setup.preset_hands.size()) +
                        " players, but the game has " + std::to_string(setup.players.size()));
    for (size_t p = 0; p < setup.preset_hands.size(); ++p) {
        auto& hand = preset_hands_.emplace_back();
        for (const std::string& id : setup.preset_hands[p]) {
            const int type = setup_catalog_->index_of(id);
            if (type < 0)
                throw HostError("game setup: hand of player " + std::to_string(p) + ": unknown tile id \"" + id + "\"");
            hand.push_back(static_cast<TileTypeId>(type));
        }
    }
}

// The hands the expansions dealt at GAME_START are the game's dealt hands;
// when the setup fixed them, they must be exactly those.
void Game::check_dealt_hands() {
    for (const PlayerState& p : players_) dealt_hands_.push_back(p.hand);
    if (preset_hands_.empty() || dealt_hands_ == preset_hands_) return;
    for (size_t p = 0; p < players_.size(); ++p) {
        if (dealt_hands_[p] == preset_hands_[p]) continue;
        throw HostError("game setup: player " + std::to_string(p) + "'s hand was fixed to " +
                        std::to_string(preset_hands_[p].size()) + " tiles, but the expansions dealt " +
                        std::to_string(dealt_hands_[p].size()) +
                        (hooks_ ? " (is the expansion that deals hands enabled?)" : " (no expansion is enabled)"));
    }
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

// ---------------------------------------------------------------- moves

void Game::require_phase(Phase p, const char* action) const {
    if (phase_ != p)
        throw HostError(std::string("cannot ") + action + " in " + std::string(phase_name(phase_)) + " (only in " +
                            std::string(phase_name(p)) + ")",
                        ErrorCategory::IllegalMove);
}

Move& Game::record_move(MoveType type) {
    Move& m = moves_.emplace_back();
    m.type = type;
    m.player = active_;
    m.turn = turn_;
    return m;
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

int Game::part_at_location(TileRef at, Location location) const {
    const int tile = board_.tile_at(at);
    if (tile < 0) return -1;
    const auto t = static_cast<uint16_t>(tile);
    for (uint32_t part = features_.first_part(t); part < features_.part_end(t); ++part)
        if (features_.part(part).location == location) return static_cast<int>(part);
    return -1;
}

FeatureView Game::feature_at(const FeaturePointer& p) const {
    const int part = part_at(p);
    if (part < 0)
        throw HostError(std::string("no ") + detail::kind_word(p.kind) + " segment with that location at " +
                        format_tile_ref(p.at));
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
    if (detail::is_monastic(t.kind)) v.occupied_around = board_.occupied_around(features_.part(root).pos);
    v.followers = t.followers;
    ScoredFeatureInfo info;
    scored_info(root, v.completed, false, 0, "", info);
    v.parts = std::move(info.parts);
    std::vector<std::pair<uint16_t, TileRef>> ordered;
    for (const TileRef r : v.parts) ordered.push_back({static_cast<uint16_t>(board_.tile_at(r)), r});
    std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    v.parts.clear();
    for (const auto& [i, r] : ordered) v.parts.push_back(r);
    return v;
}

}  // namespace ck::host

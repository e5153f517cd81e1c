#include "session.hpp"

#include "ai/agents.hpp"
#include "core/errors.hpp"
#include "core/location_names.hpp"
#include "jcz/save_game.hpp"
#include "jcz/saved_game.hpp"
#include "plugins/plugin_expansion.hpp"
#include "render/last_turn.hpp"
#include "render/move_text.hpp"
#include "render/score_breakdown.hpp"
#include "render/svg_writer.hpp"

namespace ck::serve {

using host::Game;
using host::HostError;
using host::Phase;
using Json = nlohmann::ordered_json;

namespace {

uint64_t mix(uint64_t a, uint64_t b) {
    host::SplitMix64 m(a ^ (b * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull));
    return m.next();
}

// A journal longer than this is folded into the .jcz at the next move.
constexpr size_t kMaxJournalMoves = 400;
// The moves of one seat that may be taken back, one after another.
constexpr size_t kMaxUndoPoints = 8;

// The game's saved file with its journal's moves added; `merged` tells
// whether the journal had any.
host::jcz::SavedGame saved_game_of(const GameFiles& files, const std::string& id, bool& merged) {
    const std::string source = files.jcz_path(id).string();
    const std::string text = files.read_jcz(id);
    host::jcz::SavedGame saved = host::jcz::parse_saved_game(text, source);  // checks the file's limits first
    merged = false;
    const auto journal = files.read_journal(id);
    if (!journal) return saved;
    // A journal older than the .jcz was folded into it before the server
    // stopped; a newer one cannot be (its base is a .jcz that is gone).
    if (journal->base < saved.replay.size()) return saved;
    if (journal->base > saved.replay.size())
        throw HostError(host::ErrorCategory::BadInput, source + ": its journal extends a game of " +
                                                           std::to_string(journal->base) + " moves, but the file has " +
                                                           std::to_string(saved.replay.size()));
    if (journal->moves.empty()) return saved;
    nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
    for (const auto& move : journal->moves) doc["replay"].push_back(move);
    merged = true;
    return host::jcz::parse_saved_game(doc.dump(), source + " with its journal");
}

std::unique_ptr<host::jcz::Replay> replay_of(const GameFiles& files, const std::string& id,
                                             const ServeSettings& settings, bool& merged) {
    host::jcz::ReplayOptions options;
    options.plugin_dirs = settings.plugin_dirs;
    options.hook_time_budget = settings.hook_time_budget;
    auto replay = std::make_unique<host::jcz::Replay>(saved_game_of(files, id, merged), options);
    if (replay->game().awaiting_caller_draw())
        throw HostError(host::ErrorCategory::BadInput,
                        files.jcz_path(id).string() + ": its draws cannot be reproduced (a JCloisterZone 5.7 file), "
                                                      "so the game cannot go on");
    return replay;
}

Json tile_ref_json(host::TileRef r) {
    Json j{{"x", r.pos.x}, {"y", r.pos.y}};
    if (r.corner != host::Corner::None) j["corner"] = std::string(host::corner_name(r.corner));
    return j;
}

// An option as the API shows it: id, kind, label, and where and what.
Json option_json(const SessionOption& o) {
    const host::TurnOption& t = o.turn;
    Json j{{"id", o.id}, {"kind", std::string(host::turn_option_kind_name(t.kind))}, {"label", t.label}};
    using Kind = host::TurnOption::Kind;
    switch (t.kind) {
        case Kind::HandTile: j["tile"] = t.tile; break;
        case Kind::Tile:
            j.update(tile_ref_json(t.at));
            j["rotation"] = t.rotation * 90;
            j["tile"] = t.tile;
            break;
        case Kind::Figure:
            j.update(tile_ref_json(t.at));
            j["feature"] = std::string(host::feature_kind_name(t.feature));
            j["location"] = host::format_location(t.location);
            j["figure"] = t.figure_kind;
            break;
        case Kind::Building:
            j.update(tile_ref_json(t.at));
            j["action"] = t.action;
            j["token"] = t.token_kind;
            break;
        case Kind::Return:
            j.update(tile_ref_json(t.at));
            j["meeple"] = t.meeple;
            j["feature"] = std::string(host::feature_kind_name(t.feature));  // the page says where it stands
            break;
        case Kind::Move:  // a step of a movement: where the neutral figure goes
            j.update(tile_ref_json(t.at));
            j["figure"] = t.figure_kind;
            if (t.location != 0) j["location"] = host::format_location(t.location);
            break;
        case Kind::Decision:  // an expansion's choice, in its words, on the board where it points
            j["decision"] = t.decision;
            if (t.placed_at) j.update(tile_ref_json(t.at));
            break;
        case Kind::DecisionPass: j["decision"] = t.decision; break;
        case Kind::Draw:
        case Kind::Pass: break;
    }
    return j;
}

// The last turn played to its end, for the page to mark on the board and
// say in words (docs/serve.md, "last_move"): what was put down where, by
// kind and position only (no location codes), and the points it scored.
// `starts`: where the neutral figures stood as turns began, those the
// session saw begin (not one begun before a restart).
Json last_move_json(const Game& g, const std::vector<TurnStart>& starts) {
    const std::optional<host::render::LastTurn> last = host::render::last_turn(g);
    if (!last) return nullptr;
    const auto start_it = std::find_if(starts.begin(), starts.end(), [&](const TurnStart& t) { return t.moves == last->moves_begin; });
    const TurnStart* start = start_it == starts.end() ? nullptr : &*start_it;
    Json tiles = Json::array(), figures = Json::array(), tokens = Json::array(), neutral = Json::array(),
         returned = Json::array(), sent_home = Json::array(), decisions = Json::array();
    bool passed = false;
    const auto figure_id = [&](host::MeepleId m) {
        return m.kind < g.figure_kinds().size() ? g.figure_kinds()[m.kind].id : std::string();
    };
    const auto figure_name = [&](host::MeepleId m) {
        return m.kind < g.figure_kinds().size() ? g.figure_kinds()[m.kind].name : std::string("follower");
    };
    const auto neutral_label = [&](std::string_view name) {
        for (const host::NeutralFigureKind& k : g.neutral_figure_kinds())
            if (k.name == name) return k.label;
        return std::string(name);
    };
    for (size_t i = last->moves_begin; i < last->moves_end; ++i) {
        const host::Move& m = g.moves()[i];
        using host::MoveType;
        switch (m.type) {
            case MoveType::PlaceTile: {
                Json t = tile_ref_json(m.placement.at);
                t["rotation"] = m.placement.rotation * 90;
                t["tile"] = g.tile_def(m.tile).id;
                t["from_hand"] = m.from_hand;
                tiles.push_back(t);
                break;
            }
            case MoveType::DeployMeeple: {
                Json f = tile_ref_json(m.pointer.at);
                f["figure"] = figure_id(m.meeple);
                f["name"] = figure_name(m.meeple);
                f["feature"] = std::string(host::feature_kind_name(m.pointer.kind));
                figures.push_back(f);
                break;
            }
            case MoveType::ReturnFigure: {
                Json f = tile_ref_json(m.pointer.at);
                f["name"] = figure_name(m.meeple);
                f["feature"] = std::string(host::feature_kind_name(m.pointer.kind));
                returned.push_back(f);
                break;
            }
            case MoveType::PlaceToken: {
                Json t = tile_ref_json(m.option.at);
                if (!m.option.neutral_figure.empty()) {
                    t["figure"] = neutral_label(m.option.neutral_figure);
                    t["player"] = m.player;
                    neutral.push_back(t);
                } else if (!m.option.return_source.empty()) {
                    sent_home.push_back(t);
                } else if (!m.option.token_kind.empty()) {  // an action without a token puts nothing down
                    t["kind"] = m.option.token_kind;
                    t["name"] = host::render::token_name(g, m.option.token_kind);
                    tokens.push_back(t);
                }
                break;
            }
            case MoveType::MoveNeutralFigure: {
                Json t = tile_ref_json(m.target.at);
                t["figure"] = m.neutral_figure < g.neutral_figure_kinds().size() ? g.neutral_figure_kinds()[m.neutral_figure].label : "";
                t["player"] = m.player;  // who chose the step
                neutral.push_back(t);
                break;
            }
            case MoveType::Decision: {  // in the expansion's words, with the place it names if any
                Json d = {{"player", m.player}, {"text", host::render::move_text(g, m)}};
                const host::DecisionTarget target = m.decision_option.target;
                if (m.decision_index && target != host::DecisionTarget::None && target != host::DecisionTarget::Figure)
                    d.update(tile_ref_json(m.decision_option.at));
                decisions.push_back(d);
                break;
            }
            case MoveType::Pass: passed = true; break;
            case MoveType::Commit: break;
        }
    }
    // Figures an expansion sent home this turn (the dragon's meal, a lost
    // shrine challenge): whose, which, from where, on whose behalf, and the
    // neutral figure that stepped there this turn, if one did.
    Json went_home = Json::array();
    for (const host::SentHomeFigure& h : g.sent_home()) {
        if (h.turn != last->turn) continue;
        Json f = tile_ref_json(h.pointer.at);
        f["player"] = h.meeple.player;
        f["figure"] = figure_id(h.meeple);
        f["name"] = figure_name(h.meeple);
        f["feature"] = std::string(host::feature_kind_name(h.pointer.kind));
        f["by"] = h.by;
        for (const Json& n : neutral)
            if (n["x"] == f["x"] && n["y"] == f["y"]) f["neutral"] = n["figure"];
        went_home.push_back(f);
    }
    // The spaces of each scored feature, for the page to show the points on it.
    Json points = Json::array();
    for (const host::ScoreEntry& e : g.score_log()) {
        if (e.turn != last->turn || e.final_scoring) continue;
        Json places = Json::array();
        if (e.counts) {
            std::vector<host::TileRef> parts;
            g.feature_parts(e.counts->feature, parts);
            for (const host::TileRef& r : parts) places.push_back(tile_ref_json(r));
        }
        points.push_back({{"player", e.player},
                          {"points", e.points},
                          {"feature", e.kind ? Json(std::string(host::feature_kind_name(*e.kind))) : Json(nullptr)},
                          {"places", places}});
    }
    // Each neutral figure's steps in the turn as one path, from where it
    // stood when the turn began (when known) through every step.
    Json paths = Json::array();
    for (size_t figure = 0; figure < g.neutral_figure_kinds().size(); ++figure) {
        Json places = Json::array();
        for (size_t i = last->moves_begin; i < last->moves_end; ++i) {
            const host::Move& m = g.moves()[i];
            if (m.type != host::MoveType::MoveNeutralFigure || m.neutral_figure != figure) continue;
            if (places.empty() && start && figure < start->neutral.size() && start->neutral[figure])
                places.push_back(tile_ref_json(start->neutral[figure]->at));
            places.push_back(tile_ref_json(m.target.at));
        }
        if (!places.empty())
            paths.push_back({{"figure", g.neutral_figure_kinds()[figure].label},
                             {"name", g.neutral_figure_kinds()[figure].name},
                             {"places", places}});
    }
    return {{"turn", last->turn},     {"seat", last->player},    {"tiles", tiles},       {"figures", figures},
            {"tokens", tokens},       {"neutral", neutral},      {"returned", returned}, {"sent_home", sent_home},
            {"passed", passed},       {"points", points},        {"went_home", went_home},
            {"decisions", decisions}, {"paths", paths}};
}

}  // namespace

double commit_random(uint64_t seed, uint32_t turn) {
    return static_cast<double>(mix(seed, turn) >> 11) * 0x1.0p-53;
}

uint64_t computer_seed(uint64_t seed, uint8_t seat, uint32_t turn) { return mix(mix(seed, 1000 + seat), turn); }

GameSession::GameSession(std::string id, const GameFiles& files, const ServeSettings& settings)
    : id_(std::move(id)),
      files_(files),
      seats_(files.read_seats(id_)),
      replay_(replay_of(files, id_, settings, journal_merged_)),
      game_(replay_->game()),
      computer_hooks_(replay_->make_hooks()) {
    if (seats_.seats.size() != game_.player_count())
        throw HostError(host::ErrorCategory::BadInput,
                        files.jcz_path(id_).string() + ": " + std::to_string(game_.player_count()) +
                            " players, but the seats file names " + std::to_string(seats_.seats.size()));
    persisted_ = journal_base_ = replay_->saved().replay.size();
    // The journal folded into the .jcz, so that each run starts from one
    // file whose entries are the game's moves one for one.
    const bool one_for_one = game_.moves().size() == persisted_;
    settle();
    if (journal_merged_ || !one_for_one || files.read_journal(id_)) save_whole();
    if (game_.is_over()) finished_at_ = std::chrono::file_clock::to_sys(files.last_written(id_));
    note_turn_start(game_);
    refresh_options();
}

// A game between two turns (no move yet, or its last a COMMIT): where the
// neutral figures stand as the next turn begins, kept for the two latest
// turns, since the turn going on has begun when the last turn is shown.
void GameSession::note_turn_start(const Game& g) {
    if (!g.moves().empty() && g.moves().back().type != host::MoveType::Commit) return;
    // A COMMIT after which decisions wait (a wagon's move) is inside a turn.
    if (g.phase() == host::Phase::DecisionPhase || g.phase() == host::Phase::CommitActionPhase) return;
    if (!turn_starts_.empty() && turn_starts_.back().moves == g.moves().size()) return;
    turn_starts_.push_back({g.moves().size(), g.neutral_figures()});
    if (turn_starts_.size() > 2) turn_starts_.erase(turn_starts_.begin());
}

GameSession::~GameSession() = default;

int GameSession::seat_of(std::string_view token) const {
    if (token.empty()) return -1;
    // Every byte of every seat's token compared, whatever matches: the time
    // taken tells nothing of how much of a guess was right.
    int seat = -1;
    for (size_t s = 0; s < seats_.seats.size(); ++s) {
        const std::string& t = seats_.seats[s].token;
        unsigned diff = t.size() != token.size() || t.empty();
        for (size_t i = 0; i < t.size(); ++i) diff |= static_cast<unsigned char>(t[i]) ^ static_cast<unsigned char>(i < token.size() ? token[i] : 0);
        if (diff == 0) seat = static_cast<int>(s);
    }
    return seat;
}

void GameSession::close() {
    closed_ = true;
    options_.clear();
}

bool GameSession::computer_to_move() const {
    return !closed_ && !game_.is_over() && seats_.seats[game_.deciding_player()].kind != "person";
}

void GameSession::settle() {
    // A figure step that offered nothing leaves the turn to commit.
    host::settle_turn(game_, commit_random(seats_.seed, game_.turn_number()));
}

void GameSession::refresh_options() {
    options_.clear();
    if (game_.is_over() || computer_to_move()) return;
    const std::string prefix = "v" + std::to_string(version_) + "-";
    for (host::TurnOption& o : host::turn_options(game_))
        options_.push_back({prefix + std::to_string(options_.size()), std::move(o)});
}

std::string GameSession::play(int seat, std::string_view option_id) {
    if (closed_) return "the game was deleted";
    if (game_.is_over()) return "the game is over";
    // The active player, or the one who chooses a step of a movement.
    const uint8_t deciding = game_.deciding_player();
    if (seat != deciding)
        return "it is not seat " + std::to_string(seat) + "'s turn: seat " + std::to_string(deciding) + " (" +
               seats_.seats[deciding].name + ") is to move";
    const auto it = std::find_if(options_.begin(), options_.end(), [&](const SessionOption& o) { return o.id == option_id; });
    if (it == options_.end())
        return "option \"" + std::string(option_id) + "\" is not offered now (unknown, or from before the last move)";
    Game next = game_;
    host::play_turn_option(next, it->turn);
    Game before = game_;
    commit(std::move(next));
    // Another seat's move ends the undo of the one before; a few moves of
    // one seat are kept (a turn is two or three).
    if (!undo_points_.empty() && undo_points_.back().seat != seat) undo_points_.clear();
    if (undo_points_.size() == kMaxUndoPoints) undo_points_.erase(undo_points_.begin());
    undo_points_.push_back({std::move(before), deciding});
    last_mover_ = deciding;
    return "";
}

int GameSession::undoable_seat() const {
    if (closed_ || game_.is_over() || unsaved_computer_turn_ || undo_points_.empty()) return -1;
    return undo_points_.back().seat;
}

GameSession::Refusal GameSession::undo(const std::vector<int>& holders) {
    if (closed_) return {409, "the game was deleted"};
    std::string missing;
    for (size_t s = 0; s < seats_.seats.size(); ++s)
        if (seats_.seats[s].kind == "person" && std::find(holders.begin(), holders.end(), static_cast<int>(s)) == holders.end())
            missing += (missing.empty() ? "" : ", ") + seats_.seats[s].name;
    if (!missing.empty())
        return {403, "a move is taken back only with the key of every person's seat (on one screen, or a person alone "
                     "against computers); this request lacks " + missing + "'s"};
    if (game_.is_over()) return {409, "the game is over: its moves stand"};
    if (unsaved_computer_turn_ || (last_mover_ >= 0 && seats_.seats[static_cast<size_t>(last_mover_)].kind != "person"))
        return {409, "nothing to take back: the computer (" +
                         seats_.seats[static_cast<size_t>(unsaved_computer_turn_ ? game_.deciding_player() : last_mover_)].name +
                         ") has moved since"};
    if (undo_points_.empty()) return {409, "nothing to take back: no move of a person since this server started, or since the last one taken back"};
    // On disk in two steps, each whole: the game as it is (the journal
    // folded in), then the game before the move. Stopped between them, the
    // server comes back to the game as it was, never to a mix: the journal,
    // which only adds moves, is gone before the .jcz loses any.
    if (persisted_ > journal_base_ || journal_failed_) save_whole();
    std::swap(game_, undo_points_.back().before);
    try {
        save_whole();
    } catch (...) {
        std::swap(game_, undo_points_.back().before);
        throw;
    }
    undo_points_.pop_back();
    std::erase_if(turn_starts_, [&](const TurnStart& t) { return t.moves > game_.moves().size(); });
    note_turn_start(game_);
    ++version_;
    refresh_options();
    return {};
}

void GameSession::commit(Game next) {
    if (closed_) throw HostError(host::ErrorCategory::BadInput, "game " + id_ + " was deleted");
    note_turn_start(game_);  // the game before the move: a turn may begin there
    std::swap(next, game_);
    try {
        settle();
        save();
    } catch (...) {
        std::swap(next, game_);  // nothing changed
        throw;
    }
    if (game_.is_over() && !finished_at_) finished_at_ = std::chrono::system_clock::now();
    ++version_;
    refresh_options();
}

GameSession::ComputerTurn GameSession::computer_turn() const {
    const uint8_t seat = game_.deciding_player();
    std::string kind = seats_.seats[seat].kind;
    return {game_, kind, computer_seed(seats_.seed, seat, game_.turn_number()),
            commit_random(seats_.seed, game_.turn_number()), version_};
}

void GameSession::apply_computer_turn(const ComputerTurn& input, Game after) {
    // Deleted meanwhile, or moved on (a move taken back meanwhile; never apply twice).
    if (closed_ || input.version != version_) return;
    after.set_hooks(game_.hooks());
    // A computer's move ends the undo of the moves before it.
    undo_points_.clear();
    last_mover_ = game_.deciding_player();
    try {
        commit(after);
    } catch (...) {
        unsaved_computer_turn_ = std::move(after);
        throw;
    }
    unsaved_computer_turn_.reset();
}

void GameSession::retry_computer_turn() {
    if (!unsaved_computer_turn_) return;
    commit(*unsaved_computer_turn_);  // throws on, the turn still kept
    unsaved_computer_turn_.reset();
}

host::jcz::SavedGame GameSession::saved_game() const {
    host::jcz::SaveOptions options;
    options.game_id = id_;
    options.name = "cloisterkit serve " + id_;
    return host::jcz::saved_game_from(replay_->game_setup(), game_, options);
}

// The moves since the last save, appended to the journal (the whole .jcz
// when its last append failed). Folding the journal into the .jcz, when
// the game is over or the journal long, is left to fold(), off the
// request's path.
void GameSession::save() {
    const size_t moves = game_.moves().size();
    if (journal_failed_ || moves < persisted_) return save_whole();
    if (moves == persisted_) return;
    std::vector<nlohmann::ordered_json> lines;
    for (const auto& m : host::jcz::replay_messages_of(game_, persisted_))
        lines.push_back(host::jcz::replay_message_to_json(m));
    try {
        files_.append_journal(id_, journal_base_, lines);
    } catch (...) {
        journal_failed_ = true;
        throw;
    }
    persisted_ = moves;
}

bool GameSession::needs_fold() const {
    return !closed_ && persisted_ > journal_base_ && (game_.is_over() || persisted_ - journal_base_ > kMaxJournalMoves);
}

void GameSession::fold() {
    if (needs_fold()) save_whole();
}

void GameSession::save_whole() {
    const host::jcz::SavedGame saved = saved_game();
    files_.write_jcz(id_, host::jcz::write_saved_game(saved));
    files_.remove_journal(id_);  // folded in: a journal older than the .jcz is never read
    journal_base_ = persisted_ = saved.replay.size();
    journal_failed_ = false;
}

std::string GameSession::jcz_text() const { return host::jcz::write_saved_game(saved_game()); }

std::string GameSession::jcz_text_for(int viewer) const {
    host::jcz::SavedGame saved = saved_game();
    if (game_.is_over()) return host::jcz::write_saved_game(saved);
    if (saved.annotations.halfling_hands)
        for (size_t p = 0; p < saved.annotations.halfling_hands->size(); ++p)
            if (static_cast<int>(p) != viewer) (*saved.annotations.halfling_hands)[p].clear();
    saved.initial_random = 0.0;
    saved.annotations.seat_view = viewer < 0 ? -1 : viewer;
    saved.name += viewer < 0 ? " (a spectator's view while it is played)"
                             : " (seat " + std::to_string(viewer) + "'s view while it is played)";
    return host::jcz::write_saved_game(saved);
}

Json GameSession::summary() const {
    Json players = Json::array();
    for (size_t s = 0; s < seats_.seats.size(); ++s)
        players.push_back({{"name", seats_.seats[s].name},
                           {"kind", seats_.seats[s].kind},
                           {"score", game_.score(static_cast<uint8_t>(s))}});
    Json j{{"id", id_}};
    if (!seats_.name.empty()) j["name"] = seats_.name;
    j["players"] = players;
    j["turn"] = game_.turn_number();
    j["finished"] = game_.is_over();
    return j;
}

Json GameSession::state(int viewer) const {
    const Game& g = game_;
    Json j;
    j["id"] = id_;
    if (!seats_.name.empty()) j["name"] = seats_.name;
    // The seat whose last move may be taken back now (undo()), or null.
    j["undo"] = undoable_seat() < 0 ? Json(nullptr) : Json{{"seat", undoable_seat()}};
    j["version"] = version_;
    j["turn"] = g.turn_number();
    j["turn_part"] = g.turn_part();  // 2 on an extra turn's second tile (ExtraTurn)
    j["phase"] = g.is_over() ? "over"
                 : g.phase() == Phase::ActionPhase ? "figure"
                 : g.phase() == Phase::MovementPhase ? "movement"
                 : g.phase() == Phase::DecisionPhase ? "decision"
                 : g.awaiting_tile_choice()         ? "tile-step"
                                                    : "tile";
    j["active"] = g.is_over() ? -1 : g.deciding_player();
    if (g.phase() == Phase::DecisionPhase && g.decision())  // what is being decided, in the expansion's words
        j["decision"] = {{"key", g.decision()->key}, {"label", g.decision()->label}, {"player", g.decision()->player}};
    j["finished"] = g.is_over();
    j["seat"] = viewer;
    j["tiles_left"] = g.tiles_left();
    // Tiles in the pack that cannot be drawn yet: the rest of the pack while
    // the river is laid, the dragon's before a volcano. "Tiles left" then
    // grows when they come, which the page says beforehand.
    j["tiles_waiting"] = g.is_over() ? 0 : g.held_back_tiles_left();
    j["expansions"] = g.expansions();
    // The tokens' names for people, as the expansions declare them
    // ("TB_WINE" is "wine"), so the page never shows the engine's code.
    Json token_names = Json::object();
    for (const auto* e : replay_->mapped_setup().expansions)
        for (const auto& t : e->token_kinds) token_names[t.kind] = t.name;
    j["token_names"] = token_names;
    Json players = Json::array();
    for (size_t s = 0; s < g.player_count(); ++s) {
        const host::PlayerState& p = g.player(static_cast<uint8_t>(s));
        Json figures = Json::object();
        for (size_t k = 0; k < g.figure_kinds().size(); ++k) figures[g.figure_kinds()[k].id] = p.figures_in_supply(k);
        Json tokens = Json::object();
        for (const auto& [kind, n] : p.tokens) tokens[kind] = n;
        players.push_back({{"seat", s},
                           {"name", p.name},
                           {"kind", seats_.seats[s].kind},
                           {"score", p.score},
                           {"supply", {{"figures", figures}, {"tokens", tokens}}},
                           {"hand_size", p.hand.size()}});
    }
    j["players"] = players;
    Json board = Json::array();
    for (const host::PlacedTile& t : g.placed_tiles()) {
        Json b = tile_ref_json(t.at);
        b["rotation"] = t.rotation * 90;
        b["tile"] = g.tile_def(t.type).id;
        Json figures = Json::array();
        for (const host::PlacedFigure& f : g.figures())
            if (f.pointer.at == t.at)
                figures.push_back({{"meeple", g.meeple_text(f.meeple)},
                                   {"player", f.meeple.player},
                                   {"feature", std::string(host::feature_kind_name(f.pointer.kind))},
                                   {"location", host::format_location(f.pointer.location)}});
        b["figures"] = figures;
        Json tokens = Json::array();
        for (const host::PlacedToken& k : g.tokens())
            if (k.at == t.at) tokens.push_back({{"kind", k.kind}, {"player", k.placed_by}});
        b["tokens"] = tokens;
        board.push_back(b);
    }
    j["board"] = board;
    // HF-13: a seat sees its own hand, never another's.
    Json hand = Json::array();
    if (viewer >= 0 && static_cast<size_t>(viewer) < g.player_count())
        for (const host::TileTypeId t : g.player(static_cast<uint8_t>(viewer)).hand)
            hand.push_back({{"tile", g.tile_def(t).id}, {"svg", tile_picture(t, 0)}});
    j["hand"] = hand;
    const bool on_turn = viewer >= 0 && !g.is_over() && viewer == g.deciding_player();  // a movement step: its player
    if (on_turn && g.phase() == Phase::TilePhase && g.drawn_tile()) {
        Json pictures = Json::array();
        for (uint8_t r = 0; r < 4; ++r) pictures.push_back(tile_picture(*g.drawn_tile(), r));
        j["tile_to_place"] = {{"tile", g.tile_def(*g.drawn_tile()).id}, {"from_hand", g.tile_from_hand()},
                              {"svgs", pictures}};
    }
    Json scores = Json::array();
    for (const host::ScoreEntry& e : g.score_log())
        scores.push_back({{"turn", e.turn},
                          {"player", e.player},
                          {"points", e.points},
                          {"name", e.name},
                          {"final", e.final_scoring},
                          {"breakdown", host::render::score_breakdown(g, e)}});
    j["scores"] = scores;
    Json log = Json::array();
    for (const host::Move& m : g.moves())
        if (std::string line = host::render::move_text(g, m); !line.empty())
            log.push_back({{"turn", m.turn}, {"player", m.player}, {"text", line}});
    j["log"] = log;
    j["last_move"] = last_move_json(g, turn_starts_);
    Json options = Json::array();
    if (on_turn && !seats_.seats[static_cast<size_t>(viewer)].token.empty())
        for (const SessionOption& o : options_) options.push_back(option_json(o));
    j["options"] = options;
    if (g.is_over()) {
        int best = g.score(0);
        for (size_t s = 1; s < g.player_count(); ++s) best = std::max(best, g.score(static_cast<uint8_t>(s)));
        Json winners = Json::array();
        for (size_t s = 0; s < g.player_count(); ++s)
            if (g.score(static_cast<uint8_t>(s)) == best) winners.push_back(s);
        j["result"] = {{"winners", winners}, {"end_reason", g.game_end_reason()}};
    }
    return j;
}

Json GameSession::tiles_to_come(int viewer) const {
    const Game& g = game_;
    // The pack, every hand but the viewer's own (HF-13: a hand is private,
    // so to the others its tiles are still to come) and the tile drawn this
    // turn unless the viewer places it: what the viewer cannot have seen.
    std::map<host::TileTypeId, int> count;
    for (const host::TileTypeId t : g.pack()) ++count[t];
    for (size_t p = 0; p < g.player_count(); ++p)
        if (static_cast<int>(p) != viewer)
            for (const host::TileTypeId t : g.player(static_cast<uint8_t>(p)).hand) ++count[t];
    const bool placing = viewer >= 0 && !g.is_over() && viewer == g.deciding_player();
    if (!g.is_over() && g.phase() == Phase::TilePhase && g.drawn_tile() && !placing) ++count[*g.drawn_tile()];
    Json tiles = Json::array();
    for (const auto& [t, n] : count)
        tiles.push_back({{"tile", g.tile_def(t).id}, {"count", n}, {"svg", tile_picture(t, 0)}});
    return {{"tiles", tiles}};
}

const std::string& GameSession::tile_picture(host::TileTypeId tile, uint8_t rotation) const {
    auto [it, added] = tile_pictures_.try_emplace({tile, rotation});
    if (added) it->second = host::render::tile_svg(game_, tile, rotation);
    return it->second;
}

std::string GameSession::board_svg(int viewer) const {
    std::vector<host::render::BoardOption> overlay;
    const bool on_turn = viewer >= 0 && !game_.is_over() && viewer == game_.deciding_player();
    if (on_turn)
        for (const SessionOption& o : options_) {
            host::render::BoardOption b;
            b.id = o.id;
            b.label = o.turn.label;
            b.player = game_.deciding_player();
            const host::TurnOption& t = o.turn;
            using Kind = host::TurnOption::Kind;
            if (t.kind == Kind::Tile) {
                b.kind = host::render::BoardOption::Kind::Placement;
                b.placement = game_.legal_placements().at(t.index);
                b.tile = *game_.drawn_tile();
            } else if (t.kind == Kind::Figure) {
                b.kind = host::render::BoardOption::Kind::Figure;
                b.pointer = game_.meeple_options().at(t.index).pointer;
            } else if (t.kind == Kind::Building) {
                if (t.token_kind.empty()) continue;  // an action with no token: the panel's button
                b.kind = host::render::BoardOption::Kind::Token;
                b.token_kind = t.token_kind;
                b.token_at = t.at;
            } else if (t.kind == Kind::Return) {
                b.kind = host::render::BoardOption::Kind::Return;
                b.pointer = game_.return_options().at(t.index).pointer;
            } else {
                continue;  // draw, a hand tile, pass: the panel's buttons
            }
            overlay.push_back(std::move(b));
        }
    return host::render::live_board_svg(game_, overlay);
}

}  // namespace ck::serve

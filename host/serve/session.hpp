// One game the server holds (docs/serve.md): the game as its saved file
// replays it (a jcz::Replay owns the catalogue, the plugins and the
// bridge), the live copy that moves on, the seats, and the choices open to
// the seat on turn, each under an id that stays valid until the next move.
//
// Every accepted move is on disk before the caller answers: appended to the
// game's journal (one write, one fdatasync), the .jcz being written whole
// when the game is opened, when it ends, and when the journal grows long.
// The draws to come and the computer players' choices follow from the
// seats file's seed and the turn alone (commit_random, computer_seed), a
// seed drawn fresh for each game and never shown. A computer seat plays its
// whole turn on a copy and the turn is applied and saved at once: a server
// stopped while it thinks plays that turn again from its start; a turn
// whose save failed is kept and saved again (retry_computer_turn).
//
// Not thread-safe: hold mutex() for every call but id().
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/players.hpp"
#include "core/turn_options.hpp"
#include "game_files.hpp"
#include "jcz/replayer.hpp"
#include "jcz/saved_game.hpp"

namespace ck::serve {

// What the command line sets for every game.
struct ServeSettings {
    std::vector<std::string> plugin_dirs;  // --plugin-path
    // The kind a "computer" seat plays: the strongest the host has, with a
    // think-time limit (--computer).
    std::string computer_kind = "mcts:playouts=1500:ms=5000";
    std::chrono::milliseconds hook_time_budget{1000};
    // --allow-seed: a new game may name its seed, and its draws and the
    // computer players' choices then follow from it (reproducible, and so
    // known to whoever typed it). Without it each game's seeds are fresh.
    bool allow_seed = false;
};

// One choice of the seat on turn: one of host::turn_options(), under an id
// of this version of the game.
struct SessionOption {
    std::string id;
    host::TurnOption turn;
};

// Where the neutral figures stood as a turn began: the game's moves before
// it, and Game::neutral_figures() then (the start of the last turn's path).
struct TurnStart {
    size_t moves = 0;
    std::vector<std::optional<host::NeutralFigureSpot>> neutral;
};

class GameSession {
public:
    // The game `id` from its files; throws HostError naming the file and
    // what is wrong (a file that does not replay, a game that cannot go on).
    GameSession(std::string id, const GameFiles& files, const ServeSettings& settings);
    ~GameSession();

    const std::string& id() const { return id_; }
    std::mutex& mutex() const { return mutex_; }

    // -1 when no seat has this token (compared in constant time).
    int seat_of(std::string_view token) const;
    // The game was deleted: no move, no save from now on.
    void close();
    bool closed() const { return closed_; }
    const std::vector<SeatRecord>& seats() const { return seats_.seats; }
    const host::Game& game() const { return game_; }
    bool finished() const { return game_.is_over(); }
    // Changes with every move; the push channel reports it.
    uint64_t version() const { return version_; }
    // Whether a computer seat is to move now.
    bool computer_to_move() const;

    // The choices of the seat on turn (empty when the game is over or a
    // computer is to move).
    const std::vector<SessionOption>& options() const { return options_; }
    // Plays option `option_id` for `seat`, then the steps that need no
    // choice (a commit, a draw), and saves the game. Returns "" or why it
    // was refused (not that seat's turn, an unknown or stale id): nothing
    // changed then.
    std::string play(int seat, std::string_view option_id);

    // Undo (docs/serve.md, "Taking a move back"): the last moves of the seat
    // that moved last, one per call, while no other seat, person or
    // computer, has moved since and the game goes on, and only for a
    // request that holds the key of every person seat (`holders`: the
    // seats whose keys it holds), as a hot-seat screen or a person alone
    // against computers does. The game is as it was before that move, on
    // disk too. Status 200 and no error, or 403 / 409 and why not.
    struct Refusal {
        int status = 200;
        std::string error;
    };
    Refusal undo(const std::vector<int>& holders);
    // The seat whose move undo() would take back, or -1.
    int undoable_seat() const;

    // The computer's turn in two halves, so that it thinks without the
    // lock: its input (a copy of the game, the kind and the seed), then
    // the game after its turn, applied and saved if nothing moved since.
    struct ComputerTurn {
        host::Game game;
        std::string kind;
        uint64_t seed = 0;
        double commit_random = 0;
        uint64_t version = 0;
    };
    ComputerTurn computer_turn() const;
    // Throws HostError when the save fails: the turn is then kept, not
    // applied, and retry_computer_turn() saves it again.
    void apply_computer_turn(const ComputerTurn& input, host::Game after);
    bool has_unsaved_computer_turn() const { return unsaved_computer_turn_.has_value(); }
    // Applies and saves the kept turn; throws HostError as apply_computer_turn.
    void retry_computer_turn();
    // When the game ended (nothing while it goes on): for finished games'
    // expiry (--expire-finished).
    std::optional<std::chrono::system_clock::time_point> finished_at() const { return finished_at_; }
    // A bridge for the computer's copies (one thread plays them at a time)
    // and a maker of more for its search threads.
    host::ExpansionHooks* computer_hooks() const { return computer_hooks_.get(); }
    std::unique_ptr<host::ExpansionHooks> make_hooks() const { return replay_->make_hooks(); }

    // The state as `viewer` (a seat, or -1 for anyone else) may see it.
    nlohmann::ordered_json state(int viewer) const;
    // A short line for the list of games.
    nlohmann::ordered_json summary() const;
    // The board with the viewer's options drawn over it, when on turn.
    std::string board_svg(int viewer) const;
    // The tiles still to come as `viewer` may know them, by kind, each with
    // its picture: {"tiles": [{"tile", "count", "svg"}]} (docs/serve.md).
    nlohmann::ordered_json tiles_to_come(int viewer) const;
    // Whether the journal is to be folded into the .jcz (the game is over,
    // or the journal is long), and the fold: the whole .jcz written, the
    // journal removed. Throws HostError (Io) when the write fails.
    bool needs_fold() const;
    void fold();

    // The game as a .jcz, as it is saved.
    std::string jcz_text() const;
    // The game as `viewer` (a seat, -1: anyone) may download it: the whole
    // file once the game is over; while it goes on, only what the viewer may
    // know (HF-13: other hands left out, and the initial random value they
    // were dealt from), marked gameAnnotations.seatView, which no replay takes.
    std::string jcz_text_for(int viewer) const;

private:
    void refresh_options();
    void settle();  // commits and draws that need no choice
    // Puts `next` in place of the game, settles it and saves it; on a
    // failed save the game is as it was and the HostError is thrown on.
    void commit(host::Game next);
    void note_turn_start(const host::Game& g);
    host::jcz::SavedGame saved_game() const;
    // A tile's picture in a rotation, drawn once per game (every state
    // shows the tile to place in four rotations and the hand).
    const std::string& tile_picture(host::TileTypeId tile, uint8_t rotation) const;
    void save();
    void save_whole();

    std::string id_;
    const GameFiles& files_;
    SeatsFile seats_;
    bool journal_merged_ = false;  // set while replay_ is made: its journal had moves
    std::unique_ptr<host::jcz::Replay> replay_;
    host::Game game_;
    std::unique_ptr<host::ExpansionHooks> computer_hooks_;
    std::vector<SessionOption> options_;
    uint64_t version_ = 1;
    // What is on disk: the .jcz's replay entries (journal_base_) and those
    // the journal adds (persisted_ in all); a failed append sends the next
    // save to the whole file.
    size_t journal_base_ = 0;
    size_t persisted_ = 0;
    bool journal_failed_ = false;
    std::optional<host::Game> unsaved_computer_turn_;
    std::vector<TurnStart> turn_starts_;  // the two latest (note_turn_start)
    // The games before the last moves of one person seat, the latest last;
    // emptied when another seat or a computer moves (undo()).
    struct UndoPoint {
        host::Game before;
        uint8_t seat = 0;
    };
    std::vector<UndoPoint> undo_points_;
    int last_mover_ = -1;  // the seat of the latest move this server saw
    bool closed_ = false;
    mutable std::map<std::pair<host::TileTypeId, uint8_t>, std::string> tile_pictures_;
    std::optional<std::chrono::system_clock::time_point> finished_at_;
    mutable std::mutex mutex_;
};

// The value that re-seeds the draws at the commit of `turn` (Game::commit),
// and the seed of a computer seat's player for a turn: functions of the
// seats file's seed alone.
double commit_random(uint64_t seed, uint32_t turn);
uint64_t computer_seed(uint64_t seed, uint8_t seat, uint32_t turn);

}  // namespace ck::serve

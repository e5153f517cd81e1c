// The server's --data folder (docs/serve.md, "Where games are kept"): one
// game is `<id>.jcz` (the game as a saved game), `<id>.seats.json` (who
// sits where, their secret tokens, the seed of the draws to come), each
// written whole to a temporary file, synced and renamed over the old one,
// and `<id>.journal`, the moves accepted since the .jcz was written, synced
// line by line. A server killed at any moment loses no acknowledged move.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ck::serve {

// Game ids: 1 to 32 characters of [a-z0-9]; nothing else ever reaches a
// file name.
bool valid_game_id(std::string_view id);
// A new random id (16 characters) and seat token (32 hex digits, 128 bits).
std::string new_game_id();
std::string new_seat_token();
uint64_t new_seed();

struct SeatRecord {
    std::string name;
    std::string kind;   // "person", or a computer player's kind ("mcts:playouts=1500")
    std::string token;  // persons only
};

struct SeatsFile {
    uint64_t seed = 0;  // the draws to come and the computer players' seeds
    std::string name;   // the game's, given at its creation ("": none)
    std::vector<SeatRecord> seats;
};

// One game's journal (`<id>.journal`): the moves accepted since its .jcz
// was last written, one `replay` entry of the .jcz per line, after a first
// line naming how many entries that .jcz held. Appending a move costs one
// write and one fdatasync, where rewriting the .jcz costs the whole file
// and two fsyncs (docs/serve.md, "Where games are kept").
struct Journal {
    size_t base = 0;                            // replay entries of the .jcz it extends
    std::vector<nlohmann::ordered_json> moves;  // whole lines only: a torn last line is left out
};

class GameFiles {
public:
    // Creates the folder (mode 0700) when it does not exist; a folder that
    // exists keeps its mode.
    explicit GameFiles(std::filesystem::path dir);
    const std::filesystem::path& dir() const { return dir_; }

    // The ids of every `<id>.jcz` in the folder, sorted; files whose name is
    // not a valid id are left out (and named in `skipped`).
    std::vector<std::string> list(std::vector<std::string>* skipped = nullptr) const;

    std::filesystem::path jcz_path(const std::string& id) const;
    std::string read_jcz(const std::string& id) const;  // throws HostError naming the file
    void write_jcz(const std::string& id, const std::string& text) const;
    SeatsFile read_seats(const std::string& id) const;
    void write_seats(const std::string& id, const SeatsFile& seats) const;
    void remove(const std::string& id) const;  // every file of the game, if there

    // The journal, or nothing when there is none.
    std::optional<Journal> read_journal(const std::string& id) const;
    // Appends `moves` (creating the journal with `base` when there is none)
    // and syncs them. Throws HostError (Io); the journal then holds what it
    // held before (a failed write is cut off again).
    void append_journal(const std::string& id, size_t base, const std::vector<nlohmann::ordered_json>& moves) const;
    void remove_journal(const std::string& id) const;
    // The time the game's .jcz or journal last changed.
    std::filesystem::file_time_type last_written(const std::string& id) const;

private:
    std::filesystem::path dir_;
};

// The one server of a --data folder: an exclusive lock (flock) on
// `<dir>/serve.lock`, held while the object lives, the file naming the
// holder. Two servers on one folder would each save their own copy of a
// game over the other's.
class DataFolderLock {
public:
    // Throws HostError naming the server that holds the folder.
    DataFolderLock(const std::filesystem::path& dir, const std::string& holder);
    ~DataFolderLock();
    DataFolderLock(const DataFolderLock&) = delete;
    DataFolderLock& operator=(const DataFolderLock&) = delete;

private:
    int fd_ = -1;
};

// Writes `text` to `path` so that `path` holds either its old content or
// all of `text`: a temporary file beside it, fsync, rename, fsync of the
// folder. Throws HostError (Io) naming the file.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace ck::serve

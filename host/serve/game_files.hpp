// The server's --data folder (docs/serve.md, "Nothing lost"): one game is
// two files, `<id>.jcz` (the game as a saved game, written after every
// accepted move) and `<id>.seats.json` (who sits where, their secret
// tokens, the seed of the draws to come), each written whole to a
// temporary file, synced and renamed over the old one, so that a server
// killed at any moment leaves the last complete version.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

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
    std::vector<SeatRecord> seats;
};

class GameFiles {
public:
    // Creates the folder (mode 0700) when it does not exist.
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
    void remove(const std::string& id) const;  // both files, if there

private:
    std::filesystem::path dir_;
};

// Writes `text` to `path` so that `path` holds either its old content or
// all of `text`: a temporary file beside it, fsync, rename, fsync of the
// folder. Throws HostError (Io) naming the file.
void write_file_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace ck::serve

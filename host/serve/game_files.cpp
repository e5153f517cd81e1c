#include "game_files.hpp"
#include "text_checks.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <random>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/file_input.hpp"
#include "core/limits.hpp"

namespace ck::serve {

using host::ErrorCategory;
using host::HostError;
namespace fs = std::filesystem;

namespace {

constexpr const char* kJcz = ".jcz";
constexpr const char* kSeats = ".seats.json";
constexpr const char* kJournal = ".journal";
constexpr uint64_t kMaxSeatsBytes = 1024 * 1024;

std::string random_hex(size_t digits) {
    static thread_local std::random_device device;
    static const char* const kHex = "0123456789abcdef";
    std::string s;
    while (s.size() < digits) {
        const uint32_t r = device();
        for (int i = 0; i < 8 && s.size() < digits; ++i) s += kHex[(r >> (4 * i)) & 15];
    }
    return s;
}

[[noreturn]] void io_error(const std::string& what, const fs::path& path) {
    throw HostError(ErrorCategory::Io, what + " " + path.string() + ": " + std::strerror(errno));
}

// Writes all of `text` (false with errno set when a write fails).
bool write_all(int fd, const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

// Makes a created, renamed or removed name in `path`'s folder durable.
void sync_folder(const fs::path& path) {
    const int dir = ::open(path.parent_path().empty() ? "." : path.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

}  // namespace

bool valid_game_id(std::string_view id) {
    return !id.empty() && id.size() <= 32 &&
           std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

std::string new_game_id() { return random_hex(16); }
std::string new_seat_token() { return random_hex(32); }
uint64_t new_seed() { return std::stoull(random_hex(16), nullptr, 16); }

void write_file_atomically(const fs::path& path, const std::string& text) {
    const fs::path tmp = path.string() + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) io_error("cannot create", tmp);
    // A failed write leaves no temporary file behind.
    const auto fail = [&](const char* what, const fs::path& where) {
        const int err = errno;
        if (fd >= 0) ::close(fd);
        ::unlink(tmp.c_str());
        errno = err;
        io_error(what, where);
    };
    if (!write_all(fd, text)) fail("cannot write", tmp);
    if (::fsync(fd) != 0) fail("cannot sync", tmp);
    ::close(fd);
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        errno = err;
        io_error("cannot rename to", path);
    }
    sync_folder(path);  // the rename itself
}

GameFiles::GameFiles(fs::path dir) : dir_(std::move(dir)) {
    std::error_code ec;
    const bool created = fs::create_directories(dir_, ec);
    if (ec || !fs::is_directory(dir_))
        throw HostError(ErrorCategory::Io, "--data: cannot use " + dir_.string() + " as the games' folder" +
                                               (ec ? ": " + ec.message() : ""));
    // The tokens are secrets: a folder made here is the user's alone. One
    // that existed is the user's choice and keeps its mode.
    if (created) ::chmod(dir_.c_str(), 0700);
}

DataFolderLock::DataFolderLock(const fs::path& dir, const std::string& holder) {
    const fs::path path = dir / "serve.lock";
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd_ < 0) io_error("cannot open", path);
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        char text[512] = {};
        const ssize_t n = ::pread(fd_, text, sizeof text - 1, 0);
        ::close(fd_);
        fd_ = -1;
        std::string who = n > 0 ? std::string(text, static_cast<size_t>(n)) : std::string();
        while (!who.empty() && (who.back() == '\n' || who.back() == '\r')) who.pop_back();
        if (err == EWOULDBLOCK)
            throw HostError(ErrorCategory::Io, "--data " + dir.string() + " is in use by another cloisterkit serve" +
                                                   (who.empty() ? "" : " (" + who + ")") +
                                                   ": two servers on one folder would save over each other's games");
        errno = err;
        io_error("cannot lock", path);
    }
    const std::string line = holder + "\n";
    if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, line.data(), line.size(), 0) < 0) {
        // The lock holds all the same; only the name of the holder is missing.
    }
}

DataFolderLock::~DataFolderLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
}

std::vector<std::string> GameFiles::list(std::vector<std::string>* skipped) const {
    std::vector<std::string> ids;
    for (const auto& e : fs::directory_iterator(dir_)) {
        const std::string name = e.path().filename().string();
        if (name.size() <= 4 || name.compare(name.size() - 4, 4, kJcz) != 0) continue;
        const std::string id = name.substr(0, name.size() - 4);
        if (valid_game_id(id)) ids.push_back(id);
        else if (skipped) skipped->push_back(name);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

fs::path GameFiles::jcz_path(const std::string& id) const {
    if (!valid_game_id(id)) throw HostError(ErrorCategory::BadInput, "not a game id: " + id);
    return dir_ / (id + kJcz);
}

std::string GameFiles::read_jcz(const std::string& id) const {
    return host::read_input_file(jcz_path(id).string(), "saved game", host::limits::kMaxSavedGameBytes);
}

void GameFiles::write_jcz(const std::string& id, const std::string& text) const {
    write_file_atomically(jcz_path(id), text);
}

SeatsFile GameFiles::read_seats(const std::string& id) const {
    const fs::path path = dir_ / (id + kSeats);
    if (!valid_game_id(id)) throw HostError(ErrorCategory::BadInput, "not a game id: " + id);
    const std::string text = host::read_input_file(path.string(), "seats file", kMaxSeatsBytes);
    try {
        const nlohmann::json j = nlohmann::json::parse(text);
        SeatsFile s;
        s.seed = std::stoull(j.at("seed").get<std::string>(), nullptr, 16);
        for (const auto& seat : j.at("seats"))
            s.seats.push_back({seat.at("name").get<std::string>(), seat.at("kind").get<std::string>(),
                               seat.value("token", std::string())});
        if (s.seats.empty()) throw HostError(ErrorCategory::BadInput, "no seats");
        s.name = j.value("name", std::string());
        if (!s.name.empty())
            if (const std::string problem = name_problem(s.name); !problem.empty())
                throw HostError(ErrorCategory::BadInput, "the game's name " + problem);
        return s;
    } catch (const std::exception& e) {
        throw HostError(ErrorCategory::BadInput, path.string() + ": not a seats file (" + e.what() + ")");
    }
}

void GameFiles::write_seats(const std::string& id, const SeatsFile& s) const {
    nlohmann::ordered_json j;
    char seed[17];
    std::snprintf(seed, sizeof seed, "%016llx", static_cast<unsigned long long>(s.seed));
    j["seed"] = seed;
    if (!s.name.empty()) j["name"] = s.name;
    j["seats"] = nlohmann::ordered_json::array();
    for (const SeatRecord& r : s.seats) {
        nlohmann::ordered_json seat{{"name", r.name}, {"kind", r.kind}};
        if (!r.token.empty()) seat["token"] = r.token;
        j["seats"].push_back(seat);
    }
    if (!valid_game_id(id)) throw HostError(ErrorCategory::BadInput, "not a game id: " + id);
    write_file_atomically(dir_ / (id + kSeats), j.dump(2) + "\n");
}

void GameFiles::remove(const std::string& id) const {
    if (!valid_game_id(id)) return;
    std::error_code ec;
    // The .jcz first: a folder listing finds games by it.
    fs::remove(dir_ / (id + kJcz), ec);
    fs::remove(dir_ / (id + kJournal), ec);
    fs::remove(dir_ / (id + kSeats), ec);
}

std::optional<Journal> GameFiles::read_journal(const std::string& id) const {
    const fs::path path = dir_ / (id + kJournal);
    if (!valid_game_id(id)) throw HostError(ErrorCategory::BadInput, "not a game id: " + id);
    std::error_code ec;
    if (!fs::exists(path, ec)) return std::nullopt;
    const std::string text = host::read_input_file(path.string(), "journal", host::limits::kMaxSavedGameBytes);
    Journal journal;
    size_t start = 0;
    bool header = true;
    for (;;) {
        const size_t end = text.find('\n', start);
        if (end == std::string::npos) break;  // a torn last line: never acknowledged
        nlohmann::ordered_json line;
        try {
            line = nlohmann::ordered_json::parse(text.begin() + static_cast<long>(start), text.begin() + static_cast<long>(end));
        } catch (const std::exception& e) {
            throw HostError(ErrorCategory::BadInput, path.string() + ": line " +
                                                         std::to_string(journal.moves.size() + (header ? 1 : 2)) +
                                                         " is not JSON (" + e.what() + ")");
        }
        if (header) {
            if (!line.is_object() || !line.contains("base") || !line["base"].is_number_unsigned())
                throw HostError(ErrorCategory::BadInput, path.string() + ": line 1 is not {\"base\": N}");
            journal.base = line["base"].get<size_t>();
            header = false;
        } else {
            journal.moves.push_back(std::move(line));
        }
        start = end + 1;
    }
    if (header) return std::nullopt;  // torn before its first line ended: nothing in it was acknowledged
    return journal;
}

void GameFiles::append_journal(const std::string& id, size_t base, const std::vector<nlohmann::ordered_json>& moves) const {
    if (!valid_game_id(id)) throw HostError(ErrorCategory::BadInput, "not a game id: " + id);
    const fs::path path = dir_ / (id + kJournal);
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) io_error("cannot open", path);
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        ::close(fd);
        io_error("cannot stat", path);
    }
    const bool fresh = st.st_size == 0;
    std::string text;
    if (fresh) text = nlohmann::ordered_json{{"base", base}}.dump() + "\n";
    for (const auto& m : moves) text += m.dump() + "\n";
    const auto undo = [&](const char* what) {
        const int err = errno;
        if (::ftruncate(fd, st.st_size) != 0) {
            // Left as it is, a torn line is ignored when the journal is read.
        }
        ::close(fd);
        errno = err;
        io_error(what, path);
    };
    if (!write_all(fd, text)) undo("cannot write");
    if (::fdatasync(fd) != 0) undo("cannot sync");
    ::close(fd);
    if (fresh) sync_folder(path);  // the new file's name
}

void GameFiles::remove_journal(const std::string& id) const {
    if (!valid_game_id(id)) return;
    const fs::path path = dir_ / (id + kJournal);
    if (::unlink(path.c_str()) == 0) sync_folder(path);
}

fs::file_time_type GameFiles::last_written(const std::string& id) const {
    std::error_code ec;
    auto t = fs::last_write_time(jcz_path(id), ec);
    if (ec) t = fs::file_time_type::clock::now();
    const auto j = fs::last_write_time(dir_ / (id + kJournal), ec);
    return !ec && j > t ? j : t;
}

}  // namespace ck::serve

#include "game_files.hpp"

#include <fcntl.h>
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
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            ::close(fd);
            io_error("cannot write", tmp);
        }
        done += static_cast<size_t>(n);
    }
    if (::fsync(fd) != 0) {
        ::close(fd);
        io_error("cannot sync", tmp);
    }
    ::close(fd);
    if (::rename(tmp.c_str(), path.c_str()) != 0) io_error("cannot rename to", path);
    const int dir = ::open(path.parent_path().empty() ? "." : path.parent_path().c_str(), O_RDONLY | O_DIRECTORY);
    if (dir >= 0) {
        ::fsync(dir);  // the rename itself
        ::close(dir);
    }
}

GameFiles::GameFiles(fs::path dir) : dir_(std::move(dir)) {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec || !fs::is_directory(dir_))
        throw HostError(ErrorCategory::Io, "--data: cannot use " + dir_.string() + " as the games' folder" +
                                               (ec ? ": " + ec.message() : ""));
    ::chmod(dir_.c_str(), 0700);
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
    fs::remove(dir_ / (id + kJcz), ec);
    fs::remove(dir_ / (id + kSeats), ec);
}

}  // namespace ck::serve

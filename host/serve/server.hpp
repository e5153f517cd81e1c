// `cloisterkit serve` (docs/serve.md): an HTTP server (cpp-httplib) with
// the page, a JSON API and a push channel (server-sent events) for the
// games in --data. Computer seats move on worker threads of their own
// (ComputerPlayers); requests pass request_guard's checks first.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <thread>
#include <vector>

#include "computer_players.hpp"
#include "guarded_http.hpp"
#include "request_guard.hpp"
#include "session.hpp"

namespace ck::serve {

struct ServerOptions {
    std::string bind = "127.0.0.1";
    int port = 8080;  // 0: any free port
    std::filesystem::path data;
    ServeSettings settings;
    std::vector<std::string> allowed_hosts;  // --allowed-host: more names for the Host header
    // Limits (docs/serve.md, "Limits"); a request over one gets a 4xx.
    size_t max_games = 500;
    size_t max_streams = 64;               // open push channels
    size_t max_streams_per_address = 16;
    size_t max_body_bytes = 64 * 1024;     // a JSON request
    size_t max_import_bytes = 4u << 20;    // a .jcz uploaded
    size_t http_threads = 96;              // requests served at once (push channels included)
    ConnectionLimits connections;          // a request's deadline, connections per client address
    ComputerPlayers::Options computers;    // workers, a turn's deadline
    // --expire-finished: a finished game is deleted this long after its end
    // (0: kept for ever).
    std::chrono::seconds expire_finished{7 * 24 * 3600};
};

class Server {
public:
    explicit Server(ServerOptions options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Locks --data (throws HostError naming the server that holds it),
    // opens every game in it (a file that cannot be read is reported
    // through `report` by name, and skipped), binds, and returns the port.
    // Throws HostError when the address cannot be bound.
    int start(const std::function<void(const std::string&)>& report);
    // Serves until stop() (from another thread or a signal's watcher).
    void run();
    // Stops serving and the computers' searches at once.
    void stop();

    size_t game_count() const;

private:
    void routes();
    std::shared_ptr<GameSession> find(const std::string& id) const;
    // Opens the game of `id`'s files; `reserved`: it takes the slot
    // reserve_game_slot() kept for it.
    std::shared_ptr<GameSession> open(const std::string& id, bool reserved = false);
    bool reserve_game_slot();  // false: --max-games reached
    void release_game_slot();
    void remove(const std::shared_ptr<GameSession>& session);
    void changed(const std::shared_ptr<GameSession>& session);  // wakes the push channels and the computers
    void housekeeping();  // journals folded, finished games expired

    ServerOptions options_;
    std::unique_ptr<DataFolderLock> lock_;
    std::unique_ptr<GameFiles> files_;
    std::unique_ptr<GuardedHttpServer> http_;
    AllowedHosts allowed_;
    mutable std::shared_mutex games_mutex_;
    std::map<std::string, std::shared_ptr<GameSession>> games_;
    size_t reserved_games_ = 0;  // being created: counted against --max-games

    std::mutex events_mutex_;
    std::condition_variable events_;
    uint64_t change_count_ = 0;
    size_t open_streams_ = 0;
    std::map<std::string, size_t> streams_per_address_;
    std::deque<std::shared_ptr<GameSession>> folds_;  // journals for the housekeeper to fold
    bool stopping_ = false;
    std::unique_ptr<ComputerPlayers> computers_;
    std::thread housekeeper_;
};

}  // namespace ck::serve

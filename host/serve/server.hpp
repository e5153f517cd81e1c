// `cloisterkit serve` (docs/serve.md): an HTTP server (cpp-httplib) with
// the page, a JSON API and a push channel (server-sent events) for the
// games in --data. Computer seats move on a worker thread of their own.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <thread>
#include <deque>

#include "session.hpp"

namespace httplib {
class Server;
}

namespace ck::serve {

struct ServerOptions {
    std::string bind = "127.0.0.1";
    int port = 8080;  // 0: any free port
    std::filesystem::path data;
    ServeSettings settings;
    // Limits (docs/serve.md, "Limits"); a request over one gets a 4xx.
    size_t max_games = 500;
    size_t max_streams = 64;               // open push channels
    size_t max_body_bytes = 64 * 1024;     // a JSON request
    size_t max_import_bytes = 4u << 20;    // a .jcz uploaded
    size_t http_threads = 96;              // requests served at once (push channels included)
};

class Server {
public:
    explicit Server(ServerOptions options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Opens every game of --data (a file that cannot be read is reported
    // through `report` by name, and skipped), binds, and returns the port.
    // Throws HostError when the address cannot be bound.
    int start(const std::function<void(const std::string&)>& report);
    // Serves until stop() (from another thread or a signal's watcher).
    void run();
    void stop();

    size_t game_count() const;

private:
    void routes();
    std::shared_ptr<GameSession> find(const std::string& id) const;
    std::shared_ptr<GameSession> open(const std::string& id);
    void changed();  // a game moved: wake the push channels and the computer
    void computer_loop();

    ServerOptions options_;
    std::unique_ptr<GameFiles> files_;
    std::unique_ptr<httplib::Server> http_;
    mutable std::shared_mutex games_mutex_;
    std::map<std::string, std::shared_ptr<GameSession>> games_;

    std::mutex events_mutex_;
    std::condition_variable events_;
    uint64_t change_count_ = 0;
    size_t open_streams_ = 0;
    bool stopping_ = false;
    std::thread computer_;
};

}  // namespace ck::serve

// cpp-httplib's server with the connection handling `serve` needs against
// slow or greedy clients (docs/serve.md, "What the server defends
// against"): a deadline for reading each whole request (cpp-httplib's own
// timeout is per read, so one header byte every few seconds held a thread
// for ever), a cap on the connections one client address holds at once,
// and SO_REUSEADDR without SO_REUSEPORT (with it a second server could bind
// the same port and take half of the connections).
#pragma once

#include <httplib.h>

#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace ck::serve {

struct ConnectionLimits {
    std::chrono::milliseconds request_deadline{15'000};  // the request line, the headers and the body
    size_t per_address = 32;                             // connections held by one client address
};

class GuardedHttpServer : public httplib::Server {
public:
    explicit GuardedHttpServer(ConnectionLimits limits);

    // Connections now held by `address` (tests, the events' limit).
    size_t connections_of(const std::string& address) const;

private:
    // cpp-httplib calls this on a pool thread for each accepted connection.
    bool process_and_close_socket(socket_t sock) override;

    ConnectionLimits limits_;
    mutable std::mutex mutex_;
    std::map<std::string, size_t> per_address_;
};

}  // namespace ck::serve

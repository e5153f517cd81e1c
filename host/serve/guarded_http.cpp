#include "guarded_http.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace ck::serve {

using Clock = std::chrono::steady_clock;

namespace {

std::string address_of(const sockaddr_storage& a, int* port) {
    char text[INET6_ADDRSTRLEN] = {};
    if (a.ss_family == AF_INET) {
        const auto& v4 = reinterpret_cast<const sockaddr_in&>(a);
        ::inet_ntop(AF_INET, &v4.sin_addr, text, sizeof text);
        if (port) *port = ntohs(v4.sin_port);
    } else if (a.ss_family == AF_INET6) {
        const auto& v6 = reinterpret_cast<const sockaddr_in6&>(a);
        ::inet_ntop(AF_INET6, &v6.sin6_addr, text, sizeof text);
        if (port) *port = ntohs(v6.sin6_port);
    }
    return text;
}

std::string peer_address(int sock, int* port = nullptr) {
    sockaddr_storage a{};
    socklen_t n = sizeof a;
    if (::getpeername(sock, reinterpret_cast<sockaddr*>(&a), &n) != 0) return "";
    return address_of(a, port);
}

// Waits until `sock` has `events` or `ms` pass (never less than 0).
bool wait_for(int sock, short events, long long ms) {
    pollfd p{sock, events, 0};
    for (;;) {
        const int n = ::poll(&p, 1, static_cast<int>(std::clamp<long long>(ms, 0, 1 << 30)));
        if (n < 0 && errno == EINTR) continue;
        return n > 0;
    }
}

// A connection's stream: reads buffered, and none past the request's
// deadline; writes with the server's write timeout.
class DeadlineStream : public httplib::Stream {
public:
    DeadlineStream(int sock, std::chrono::milliseconds read_timeout, std::chrono::milliseconds write_timeout)
        : sock_(sock), read_timeout_(read_timeout), write_timeout_(write_timeout) {}

    void start_request(Clock::time_point deadline) { deadline_ = deadline; }
    bool has_buffered() const { return begin_ < end_; }  // a pipelined request

    bool is_readable() const override {
        if (begin_ < end_) return true;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now());
        return wait_for(sock_, POLLIN, std::min(left, read_timeout_).count());
    }
    bool is_writable() const override {
        if (!wait_for(sock_, POLLOUT, write_timeout_.count())) return false;
        // Gone when readable with nothing to read (the client closed).
        char c;
        const ssize_t n = ::recv(sock_, &c, 1, MSG_PEEK | MSG_DONTWAIT);
        return n > 0 || (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
    }
    ssize_t read(char* ptr, size_t size) override {
        if (begin_ == end_) {
            if (!is_readable()) return -1;
            ssize_t n;
            do n = ::recv(sock_, buffer_, sizeof buffer_, 0);
            while (n < 0 && errno == EINTR);
            if (n <= 0) return n;
            begin_ = 0;
            end_ = static_cast<size_t>(n);
        }
        const size_t n = std::min(size, end_ - begin_);
        std::copy_n(buffer_ + begin_, n, ptr);
        begin_ += n;
        return static_cast<ssize_t>(n);
    }
    ssize_t write(const char* ptr, size_t size) override {
        if (!wait_for(sock_, POLLOUT, write_timeout_.count())) return -1;
        ssize_t n;
        do n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
        while (n < 0 && errno == EINTR);
        return n;
    }
    void get_remote_ip_and_port(std::string& ip, int& port) const override { ip = peer_address(sock_, &port); }
    void get_local_ip_and_port(std::string& ip, int& port) const override {
        sockaddr_storage a{};
        socklen_t n = sizeof a;
        if (::getsockname(sock_, reinterpret_cast<sockaddr*>(&a), &n) == 0) ip = address_of(a, &port);
    }
    socket_t socket() const override { return sock_; }

private:
    int sock_;
    std::chrono::milliseconds read_timeout_, write_timeout_;
    Clock::time_point deadline_ = Clock::time_point::max();
    char buffer_[4096];
    size_t begin_ = 0, end_ = 0;
};

void close_connection(int sock) {
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
}

}  // namespace

GuardedHttpServer::GuardedHttpServer(ConnectionLimits limits) : limits_(limits) {
    // SO_REUSEADDR (a restart binds at once), never SO_REUSEPORT.
    set_socket_options([](socket_t sock) {
        int yes = 1;
        ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
}

size_t GuardedHttpServer::connections_of(const std::string& address) const {
    std::lock_guard lock(mutex_);
    const auto it = per_address_.find(address);
    return it == per_address_.end() ? 0 : it->second;
}

bool GuardedHttpServer::process_and_close_socket(socket_t sock) {
    const std::string address = peer_address(sock);
    {
        std::lock_guard lock(mutex_);
        size_t& held = per_address_[address];
        if (held >= limits_.per_address) {
            if (held == 0) per_address_.erase(address);
            static const std::string kRefusal = [] {
                const std::string body = "{\"error\":\"too many connections from this address at once\"}\n";
                return "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\n"
                       "Connection: close\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
            }();
            [[maybe_unused]] const ssize_t n = ::send(sock, kRefusal.data(), kRefusal.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
            close_connection(sock);
            return false;
        }
        ++held;
    }
    // Headers and body go out as separate writes: without TCP_NODELAY a
    // keep-alive client's delayed ACK holds every answer ~40 ms (Nagle).
    int yes = 1;
    ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    using std::chrono::microseconds;
    using std::chrono::milliseconds;
    using std::chrono::seconds;
    const auto read_timeout = std::chrono::duration_cast<milliseconds>(seconds(read_timeout_sec_) + microseconds(read_timeout_usec_));
    const auto write_timeout = std::chrono::duration_cast<milliseconds>(seconds(write_timeout_sec_) + microseconds(write_timeout_usec_));
    DeadlineStream stream(sock, read_timeout, write_timeout);
    bool ok = false;
    for (size_t left = keep_alive_max_count_; left > 0 && is_running(); --left) {
        // Waiting for a request is not reading one: the deadline starts at its first byte.
        if (!stream.has_buffered() && !wait_for(sock, POLLIN, keep_alive_timeout_sec_ * 1000)) break;
        // Only reading the request reads the stream: the handler and the
        // answer (an event stream too) are not held to the deadline.
        stream.start_request(Clock::now() + limits_.request_deadline);
        bool closed = false;
        ok = process_request(stream, left == 1, closed, nullptr);
        if (!ok || closed) break;
    }
    close_connection(sock);
    std::lock_guard lock(mutex_);
    if (--per_address_[address] == 0) per_address_.erase(address);
    return ok;
}

}  // namespace ck::serve

#include "request_guard.hpp"

#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>

namespace ck::serve {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool is_wildcard(const std::string& bind) { return bind == "0.0.0.0" || bind == "::" || bind == "[::]"; }

std::string bracketed(const std::string& address) {
    return address.find(':') != std::string::npos && address.front() != '[' ? "[" + address + "]" : address;
}

// The machine's interface addresses and its host name.
void add_machine_names(std::set<std::string>& names) {
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) == 0 && *host) names.insert(lower(host));
    ifaddrs* list = nullptr;
    if (::getifaddrs(&list) != 0) return;
    for (const ifaddrs* a = list; a; a = a->ifa_next) {
        if (!a->ifa_addr) continue;
        char text[INET6_ADDRSTRLEN] = {};
        if (a->ifa_addr->sa_family == AF_INET)
            ::inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(a->ifa_addr)->sin_addr, text, sizeof text);
        else if (a->ifa_addr->sa_family == AF_INET6)
            ::inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(a->ifa_addr)->sin6_addr, text, sizeof text);
        else
            continue;
        names.insert(bracketed(lower(text)));
    }
    ::freeifaddrs(list);
}

// "name:port", "[v6]:port" or "name" (port 80) into name and port; false
// when it is none of these.
bool split_host(std::string_view text, std::string& name, int& port) {
    size_t colon = std::string_view::npos;
    if (!text.empty() && text.front() == '[') {
        const size_t close = text.find(']');
        if (close == std::string_view::npos) return false;
        name = lower(text.substr(0, close + 1));
        if (close + 1 < text.size()) {
            if (text[close + 1] != ':') return false;
            colon = close + 1;
        }
    } else {
        colon = text.rfind(':');
        name = lower(text.substr(0, colon));
    }
    if (name.empty()) return false;
    if (colon == std::string_view::npos) {
        port = 80;
        return true;
    }
    const std::string_view digits = text.substr(colon + 1);
    if (digits.empty() || digits.size() > 5 || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    port = std::stoi(std::string(digits));
    return true;
}

bool names_this_server(const AllowedHosts& allowed, std::string_view host) {
    std::string name;
    int port = 0;
    return split_host(host, name, port) && port == allowed.port && allowed.names.count(name) != 0;
}

// What a header shows in a message: at most 80 bytes (the reply escapes it).
std::string shown(std::string_view v) { return std::string(v.substr(0, 80)) + (v.size() > 80 ? "…" : ""); }

}  // namespace

AllowedHosts allowed_hosts(const std::string& bind, int port, const std::vector<std::string>& extra) {
    AllowedHosts a;
    a.port = port;
    a.names = {"localhost", "127.0.0.1", "[::1]"};
    if (is_wildcard(bind)) add_machine_names(a.names);
    else a.names.insert(bracketed(lower(bind)));
    for (const auto& e : extra) a.names.insert(bracketed(lower(e)));
    return a;
}

std::optional<Refusal> check_request(const AllowedHosts& allowed, const RequestHeaders& r) {
    if (!r.host) return Refusal{400, "the request has no Host header"};
    if (!names_this_server(allowed, *r.host))
        return Refusal{403, "Host \"" + shown(*r.host) + "\" is not this server's address (a page of another site "
                            "reaching it under its own name is refused; an operator names more with --allowed-host)"};
    if (r.origin) {
        constexpr std::string_view kHttp = "http://";
        const std::string origin = lower(*r.origin);
        if (origin.rfind(kHttp, 0) != 0 || !names_this_server(allowed, std::string_view(origin).substr(kHttp.size())))
            return Refusal{403, "Origin \"" + shown(*r.origin) + "\" is not this server: other web sites cannot act on it"};
    }
    const bool changes = r.method == "POST" || r.method == "PUT" || r.method == "PATCH";
    if (changes) {
        const std::string type = r.content_type ? lower(*r.content_type) : "";
        const std::string bare = type.substr(0, type.find(';'));
        if (bare.find_first_not_of(' ') == std::string::npos ||
            bare.substr(0, bare.find_last_not_of(' ') + 1) != "application/json")
            return Refusal{415, "a " + std::string(r.method) + " must have Content-Type: application/json (it has " +
                                    (r.content_type ? "\"" + shown(*r.content_type) + "\"" : std::string("none")) + ")"};
    }
    return std::nullopt;
}

}  // namespace ck::serve

// Which requests the server takes at all (docs/serve.md, "What the server
// defends against"), checked before a route sees them:
// - `Host` must name this server (its bound address, a loopback name, with
//   --bind 0.0.0.0 the machine's names and addresses, or an --allowed-host)
//   and its port: a DNS-rebinding page, whose requests name the attacker's
//   host, is refused;
// - a present `Origin` must be this server's own: other web sites cannot
//   make a user's browser act on the server;
// - a request with a body must be `Content-Type: application/json`, which a
//   foreign page cannot send without a CORS preflight the server never grants.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ck::serve {

struct AllowedHosts {
    std::set<std::string> names;  // lower case; IPv6 addresses in brackets
    int port = 0;
};

// The names a request may give for a server bound to `bind` on `port`.
AllowedHosts allowed_hosts(const std::string& bind, int port, const std::vector<std::string>& extra);

struct Refusal {
    int status;
    std::string message;
};

struct RequestHeaders {
    std::string_view method;
    std::optional<std::string_view> host, origin, content_type;
};
std::optional<Refusal> check_request(const AllowedHosts& allowed, const RequestHeaders& request);

}  // namespace ck::serve

#include "host_log.hpp"

namespace ck::sdk::detail {

void HostLog::send(int32_t level, std::string_view text) const {
    if (!wants(level)) return;
    std::string line;
    line.reserve(prefix.size() + text.size());
    line.append(prefix).append(text);
    fn(host_data, level, line.data(), line.size());
}

HostLog make_host_log(std::string_view expansion_id, const ck_host_info& host) {
    HostLog log;
    log.fn = host.log;
    log.host_data = host.host_data;
    log.lowest = host.max_log_level;
    log.prefix = "[" + std::string(expansion_id) + "] ";
    return log;
}

}  // namespace ck::sdk::detail

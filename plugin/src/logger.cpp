#include <cloisterkit/sdk/logger.hpp>

#include "host_log.hpp"

namespace ck::sdk {

bool Logger::should_log(LogLevel level) const {
    if (host_ != nullptr) return host_->wants(static_cast<int32_t>(level));
    return spdlog_ != nullptr && spdlog_should_log_(*spdlog_, level);
}

void Logger::log(LogLevel level, std::string_view message) const {
    if (host_ != nullptr)
        host_->send(static_cast<int32_t>(level), message);
    else if (spdlog_ != nullptr)
        spdlog_log_(*spdlog_, level, message);
}

}  // namespace ck::sdk

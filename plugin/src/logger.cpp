#include <cloisterkit/sdk/logger.hpp>

#include <spdlog/logger.h>

#include "host_log_sink.hpp"

namespace ck::sdk {

bool Logger::should_log(LogLevel level) const {
    return impl_->should_log(detail::to_spdlog_level(static_cast<int32_t>(level)));
}

void Logger::log(LogLevel level, std::string_view message) const {
    const spdlog::level::level_enum l = detail::to_spdlog_level(static_cast<int32_t>(level));
    if (!impl_->should_log(l)) return;
    // The overload that takes the text as it is: braces in it are no format.
    impl_->log(spdlog::source_loc{}, l, spdlog::string_view_t(message.data(), message.size()));
}

}  // namespace ck::sdk

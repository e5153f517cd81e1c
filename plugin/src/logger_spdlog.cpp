// Logger(spdlog::logger&), kept from the SDK of 1.3 and before: linked into
// a module only when it constructs one (the SDK itself never does).
#include <cloisterkit/sdk/logger.hpp>

#include <spdlog/logger.h>

namespace ck::sdk::detail {

namespace {

spdlog::level::level_enum to_spdlog(LogLevel level) {
    switch (level) {
        case LogLevel::trace: return spdlog::level::trace;
        case LogLevel::debug: return spdlog::level::debug;
        case LogLevel::info: return spdlog::level::info;
        case LogLevel::warn: return spdlog::level::warn;
        case LogLevel::error: return spdlog::level::err;
        case LogLevel::critical: return spdlog::level::critical;
    }
    return spdlog::level::off;
}

}  // namespace

bool spdlog_should_log(spdlog::logger& logger, LogLevel level) {
    const spdlog::level::level_enum l = to_spdlog(level);
    return l != spdlog::level::off && logger.should_log(l);
}

void spdlog_log(spdlog::logger& logger, LogLevel level, std::string_view message) {
    if (!spdlog_should_log(logger, level)) return;
    // The overload that takes the text as it is: braces in it are no format.
    logger.log(spdlog::source_loc{}, to_spdlog(level), spdlog::string_view_t(message.data(), message.size()));
}

}  // namespace ck::sdk::detail

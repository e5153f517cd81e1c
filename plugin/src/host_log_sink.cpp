#include "host_log_sink.hpp"

#include <spdlog/pattern_formatter.h>

namespace ck::sdk::detail {

int32_t to_host_level(spdlog::level::level_enum level) noexcept {
    switch (level) {
        case spdlog::level::trace: return CK_LOG_TRACE;
        case spdlog::level::debug: return CK_LOG_DEBUG;
        case spdlog::level::info: return CK_LOG_INFO;
        case spdlog::level::warn: return CK_LOG_WARN;
        case spdlog::level::err: return CK_LOG_ERROR;
        case spdlog::level::critical: return CK_LOG_CRITICAL;
        default: return CK_LOG_OFF;
    }
}

spdlog::level::level_enum to_spdlog_level(int32_t host_level) noexcept {
    switch (host_level) {
        case CK_LOG_TRACE: return spdlog::level::trace;
        case CK_LOG_DEBUG: return spdlog::level::debug;
        case CK_LOG_INFO: return spdlog::level::info;
        case CK_LOG_WARN: return spdlog::level::warn;
        case CK_LOG_ERROR: return spdlog::level::err;
        case CK_LOG_CRITICAL: return spdlog::level::critical;
        default: return host_level < CK_LOG_TRACE ? spdlog::level::trace : spdlog::level::off;
    }
}

void HostLogSink::sink_it_(const spdlog::details::log_msg& msg) {
    spdlog::memory_buf_t formatted;
    formatter_->format(msg, formatted);
    log_(host_data_, to_host_level(msg.level), formatted.data(), formatted.size());
}

std::shared_ptr<spdlog::logger> make_host_logger(const std::string& name, const ck_host_info& host) {
    const bool has_callback = host.log != nullptr;
    auto sink = std::make_shared<HostLogSink>(host.log, host.host_data);
    // The host adds its own time stamps and line ends; we send "[id] text".
    sink->set_formatter(std::make_unique<spdlog::pattern_formatter>("[%n] %v", spdlog::pattern_time_type::local,
                                                                     std::string()));
    auto logger = std::make_shared<spdlog::logger>(name, std::move(sink));
    logger->set_level(has_callback ? to_spdlog_level(host.max_log_level) : spdlog::level::off);
    // spdlog's default handler prints to stderr; a module stays silent and
    // logging can never make a hook fail.
    logger->set_error_handler([](const std::string&) {});
    return logger;
}

}  // namespace ck::sdk::detail

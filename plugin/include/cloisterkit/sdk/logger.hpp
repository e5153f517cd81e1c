// The logger a hook gets from HookContext::logger(): it forwards to the
// host's ck_log_fn (docs/abi.md §9), prefixed with the expansion's id. The
// SDK sends the text itself (since 1.4; before, through spdlog, whose code
// was a third of every module): a module built with the SDK needs no spdlog
// or fmt. Bring your own formatting, or pass the pieces of the message:
//
//     c.logger().info("tile placed at (", x, ",", y, ")");
//
// pieces are only put together when the host wants that level.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>

namespace spdlog {
class logger;
}

namespace ck::sdk {

enum class LogLevel : int32_t;

namespace detail {
// The route of one expansion's messages to the host (plugin/src/host_log.hpp).
struct HostLog;
// Only for the spdlog constructor below (logger_spdlog.cpp): referenced by
// it alone, so a module that never uses it links no spdlog code.
bool spdlog_should_log(spdlog::logger& logger, LogLevel level);
void spdlog_log(spdlog::logger& logger, LogLevel level, std::string_view message);
}  // namespace detail

// The host's levels (CK_LOG_TRACE ... CK_LOG_CRITICAL).
enum class LogLevel : int32_t {
    trace = CK_LOG_TRACE,
    debug = CK_LOG_DEBUG,
    info = CK_LOG_INFO,
    warn = CK_LOG_WARN,
    error = CK_LOG_ERROR,
    critical = CK_LOG_CRITICAL,
};

class Logger {
public:
    explicit Logger(const detail::HostLog& host) : host_(&host) {}
    // Kept from the SDK of 1.3 and before, which logged through spdlog.
    explicit Logger(spdlog::logger& impl)
        : spdlog_(&impl), spdlog_should_log_(&detail::spdlog_should_log), spdlog_log_(&detail::spdlog_log) {}

    // Whether a message at `level` reaches the host.
    bool should_log(LogLevel level) const;
    // Sends `message` as it is (no formatting) when `level` reaches the host.
    void log(LogLevel level, std::string_view message) const;

    // The pieces (strings, characters, numbers, anything with operator<<)
    // one after the other, when `level` reaches the host. uint8_t and int8_t
    // are written as numbers.
    template <class... Parts>
    void log_parts(LogLevel level, const Parts&... parts) const {
        if constexpr (sizeof...(Parts) == 1 && (std::is_convertible_v<const Parts&, std::string_view> && ...)) {
            log(level, std::string_view(parts...));
        } else {
            if (!should_log(level)) return;
            std::ostringstream text;
            (put(text, parts), ...);
            log(level, text.str());
        }
    }

    template <class... Parts> void trace(const Parts&... parts) const { log_parts(LogLevel::trace, parts...); }
    template <class... Parts> void debug(const Parts&... parts) const { log_parts(LogLevel::debug, parts...); }
    template <class... Parts> void info(const Parts&... parts) const { log_parts(LogLevel::info, parts...); }
    template <class... Parts> void warn(const Parts&... parts) const { log_parts(LogLevel::warn, parts...); }
    template <class... Parts> void error(const Parts&... parts) const { log_parts(LogLevel::error, parts...); }
    template <class... Parts> void critical(const Parts&... parts) const { log_parts(LogLevel::critical, parts...); }

private:
    // uint8_t and int8_t (player indices) as numbers, not as characters.
    template <class T>
    static void put(std::ostringstream& out, const T& part) {
        if constexpr (std::is_same_v<T, unsigned char> || std::is_same_v<T, signed char>)
            out << static_cast<int>(part);
        else
            out << part;
    }

    const detail::HostLog* host_ = nullptr;
    spdlog::logger* spdlog_ = nullptr;
    bool (*spdlog_should_log_)(spdlog::logger&, LogLevel) = nullptr;
    void (*spdlog_log_)(spdlog::logger&, LogLevel, std::string_view) = nullptr;
};

}  // namespace ck::sdk

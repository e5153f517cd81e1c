// A spdlog sink that forwards every record to the host's ck_log_fn. spdlog
// 1.10 has no callback_sink (it arrived in 1.12), hence this small one.
#pragma once

#include <cloisterkit/plugin.h>

#include <memory>
#include <mutex>
#include <string>

#include <spdlog/logger.h>
#include <spdlog/sinks/base_sink.h>

namespace ck::sdk::detail {

class HostLogSink final : public spdlog::sinks::base_sink<std::mutex> {
public:
    HostLogSink(ck_log_fn log, void* host_data) : log_(log), host_data_(host_data) {}

protected:
    void sink_it_(const spdlog::details::log_msg& msg) override;
    void flush_() override {}

private:
    ck_log_fn log_;
    void* host_data_;
};

// A logger named `name` that reaches the host, honouring its max_log_level.
// It is never registered with spdlog's global registry: a module must not
// share or disturb the host's (or another module's) spdlog state.
std::shared_ptr<spdlog::logger> make_host_logger(const std::string& name, const ck_host_info& host);

// The host's level for a spdlog level, and the spdlog level below which
// nothing reaches a host that asked for `max_log_level`.
int32_t to_host_level(spdlog::level::level_enum level) noexcept;
spdlog::level::level_enum to_spdlog_level(int32_t host_level) noexcept;

}  // namespace ck::sdk::detail

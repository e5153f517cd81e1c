// One expansion's route to the host's log callback (docs/abi.md §9):
// "[<expansion id>] text" at the levels the host asked for, nothing when it
// gave no callback. The SDK sends the text itself: spdlog's code (a third
// of a module's size) has no place in every module for this.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace ck::sdk::detail {

struct HostLog {
    ck_log_fn fn = nullptr;
    void* host_data = nullptr;
    int32_t lowest = CK_LOG_OFF;  // the host's max_log_level: nothing below it is sent
    std::string prefix;           // "[cloisterkit.cult] "

    bool wants(int32_t level) const {
        return fn != nullptr && level >= CK_LOG_TRACE && level <= CK_LOG_CRITICAL && level >= lowest;
    }
    // Sends `text` with the prefix when the host wants `level`.
    void send(int32_t level, std::string_view text) const;
};

HostLog make_host_log(std::string_view expansion_id, const ck_host_info& host);

}  // namespace ck::sdk::detail

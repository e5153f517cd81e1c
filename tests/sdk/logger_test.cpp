// The SDK's Logger: through the host's callback (HostLog, what every hook
// gets since 1.4), and through a spdlog logger as the SDK of 1.3 made it
// (its constructor kept for modules that built one).
#include <gtest/gtest.h>

#include <cloisterkit/sdk/logger.hpp>

#include <spdlog/logger.h>
#include <spdlog/sinks/ostream_sink.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "host_log.hpp"

namespace {

using ck::sdk::Logger;
using ck::sdk::LogLevel;

struct Captured {
    std::vector<std::pair<int32_t, std::string>> lines;
    static void callback(void* self, int32_t level, const char* text, size_t size) {
        static_cast<Captured*>(self)->lines.emplace_back(level, std::string(text, size));
    }
};

TEST(SdkLogger, SendsPrefixedTextAtTheLevelsTheHostWants) {
    Captured captured;
    ck_host_info host{};
    host.struct_size = sizeof host;
    host.log = &Captured::callback;
    host.host_data = &captured;
    host.max_log_level = CK_LOG_INFO;
    const ck::sdk::detail::HostLog route = ck::sdk::detail::make_host_log("fan.inns", host);
    const Logger log(route);
    EXPECT_FALSE(log.should_log(LogLevel::debug));
    EXPECT_TRUE(log.should_log(LogLevel::info));
    log.debug("not sent");
    log.info("road of ", 3, " tiles by player ", uint8_t{1});
    log.error("{braces} stay as they are");
    log.log(static_cast<LogLevel>(9), "no such level: nothing sent");
    ASSERT_EQ(captured.lines.size(), 2u);
    EXPECT_EQ(captured.lines[0], std::make_pair(int32_t{CK_LOG_INFO}, std::string("[fan.inns] road of 3 tiles by player 1")));
    EXPECT_EQ(captured.lines[1], std::make_pair(int32_t{CK_LOG_ERROR}, std::string("[fan.inns] {braces} stay as they are")));

    host.log = nullptr;  // no callback: nothing is ever wanted
    const ck::sdk::detail::HostLog silent = ck::sdk::detail::make_host_log("fan.inns", host);
    EXPECT_FALSE(Logger(silent).should_log(LogLevel::critical));
}

TEST(SdkLogger, ALoggerMadeFromSpdlogStillWorks) {
    std::ostringstream out;
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
    spdlog::logger spd("fan", sink);
    spd.set_pattern("%l %v");
    spd.set_level(spdlog::level::warn);
    const Logger log(spd);
    EXPECT_FALSE(log.should_log(LogLevel::info));
    EXPECT_TRUE(log.should_log(LogLevel::warn));
    log.info("not sent");
    log.warn("tile {0} placed");
    EXPECT_EQ(out.str(), "warning tile {0} placed\n");
}

}  // namespace

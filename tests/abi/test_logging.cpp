// Log lines from inside hooks reach the host's ck_log_fn with the right
// level, and nothing below the host's max_log_level is sent.
#include <gtest/gtest.h>

#include "support/c_host.hpp"
#include "support/fixtures.hpp"

namespace ck::abi_test {
namespace {

std::vector<LogCapture::Record> run_logging_hooks(int32_t max_level) {
    Session session(module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module"), max_level);
    const Bytes state = build_state();
    for (const auto& [id, hook] : {std::pair{"cloisterkit.test.alpha", CK_HOOK_TILE_PLACED},
                                   std::pair{"cloisterkit.test.beta", CK_HOOK_TURN_END}}) {
        const Bytes request = build_request(hook);
        ScopedBuffer out;
        const ck_status s = session.api().call_hook(session.ctx(), session.expansion_index(id), hook, view(state),
                                                    view(request), out.out(), nullptr);
        EXPECT_TRUE(CK_SUCCEEDED(s)) << id;
    }
    std::lock_guard lock(session.log.mutex);
    return session.log.records;
}

TEST(Logging, RecordsArriveWithTheirLevelAndTheExpansionsName) {
    const auto records = run_logging_hooks(CK_LOG_TRACE);
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0].level, CK_LOG_INFO);
    EXPECT_EQ(records[0].text, "[cloisterkit.test.alpha] tile placed at (1,0)");  // no trailing newline
    EXPECT_EQ(records[1].level, CK_LOG_DEBUG);
    EXPECT_EQ(records[1].text, "[cloisterkit.test.alpha] debug detail for (1,0)");
    EXPECT_EQ(records[2].level, CK_LOG_WARN);
    EXPECT_EQ(records[2].text, "[cloisterkit.test.beta] turn of player 2 ended");
}

TEST(Logging, NothingBelowTheHostsMaximumLevelArrives) {
    auto records = run_logging_hooks(CK_LOG_INFO);
    ASSERT_EQ(records.size(), 2u);  // the debug line is filtered out
    EXPECT_EQ(records[0].level, CK_LOG_INFO);
    EXPECT_EQ(records[1].level, CK_LOG_WARN);

    records = run_logging_hooks(CK_LOG_WARN);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].level, CK_LOG_WARN);

    EXPECT_TRUE(run_logging_hooks(CK_LOG_ERROR).empty());
    EXPECT_TRUE(run_logging_hooks(CK_LOG_OFF).empty());
}

// A host without a log callback (or an older, shorter ck_host_info) gets
// a silent module that still works.
TEST(Logging, AHostWithoutACallbackGetsNoCallsAndWorkingHooks) {
    Library library(module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module"));
    ck_negotiate_in in = host_ranges(0, CK_ABI_MINOR, CK_SCHEMA_REVISION, CK_SCHEMA_REVISION);
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ASSERT_EQ(library.entry()(&in, &out, nullptr), CK_OK);
    for (uint32_t host_size : {uint32_t(sizeof(ck_host_info)), uint32_t(offsetof(ck_host_info, log))}) {
        LogCapture never;
        ck_host_info host{};
        host.struct_size = host_size;
        host.host_data = &never;
        host.log = host_size == sizeof(ck_host_info) ? nullptr : &LogCapture::callback;  // beyond struct_size
        host.max_log_level = CK_LOG_TRACE;
        ck_plugin_ctx* ctx = nullptr;
        ASSERT_EQ(out.api->create(&host, &ctx, nullptr), CK_OK);
        {
            const Bytes state = build_state(), request = build_request(CK_HOOK_TILE_PLACED);
            ScopedBuffer buffer;  // released before destroy(), as the ABI requires
            EXPECT_EQ(out.api->call_hook(ctx, 0, CK_HOOK_TILE_PLACED, view(state), view(request), buffer.out(),
                                         nullptr),
                      CK_OK);
        }
        out.api->destroy(ctx);
        EXPECT_TRUE(never.records.empty()) << "struct_size " << host_size;
    }
}

}  // namespace
}  // namespace ck::abi_test

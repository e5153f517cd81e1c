// run_command (run_cli.hpp) turns a sanitizer report in a command's stderr
// into a loud end of the test program, whatever the test expected of the
// command (scripts/run-sanitizers.sh relies on it for the tests that run
// `cloisterkit`).
#include <gtest/gtest.h>

#include "run_cli.hpp"

using ck::test::run_command;

TEST(RunCommandSanitizerReports, EachSanitizersReportEndsTheTestProgramNamingIt) {
    EXPECT_EXIT(run_command("echo '==1==ERROR: AddressSanitizer: heap-use-after-free' >&2; exit 86"),
                testing::ExitedWithCode(86),
                "SANITIZER REPORT \\(AddressSanitizer\\) in a command run by this test: echo");
    EXPECT_EXIT(run_command("echo 'game.cpp:3:4: runtime error: signed integer overflow' >&2; exit 88"),
                testing::ExitedWithCode(88), "SANITIZER REPORT \\(UndefinedBehaviorSanitizer\\)");
    EXPECT_EXIT(run_command("echo 'WARNING: ThreadSanitizer: data race (pid=7)' >&2; exit 89"),
                testing::ExitedWithCode(89), "SANITIZER REPORT \\(ThreadSanitizer\\)");
    // A report from a command that exits 0 still fails, with status 1.
    EXPECT_EXIT(run_command("echo '==1==ERROR: LeakSanitizer: detected memory leaks' >&2"),
                testing::ExitedWithCode(1), "SANITIZER REPORT \\(LeakSanitizer\\)");
}

TEST(RunCommandSanitizerReports, OrdinaryErrorsAreReturned) {
    const ck::test::CommandResult r = run_command("echo 'cloisterkit: bad option' >&2; exit 2");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, "cloisterkit: bad option\n");
}

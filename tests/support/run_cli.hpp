// Running a command from a test and reading what it printed: the one helper
// the CLI tests of every folder share (tests/host, tests/plugins,
// tests/lb_games, tests/jcz, tests/abi). Linked as the static library
// ck_test_support (tests/CMakeLists.txt).
#pragma once

#include <string>

namespace ck::test {

struct CommandResult {
    int status = -1;   // exit status; -1 if the command could not run or did not exit normally
    std::string out;   // standard output
    std::string err;   // standard error, kept apart so that JSON on stdout parses
    // Both streams, stdout first (for messages that may go to either).
    std::string output() const { return out + err; }
};

// Runs `command` with /bin/sh and waits for it. If its stderr holds a
// sanitizer report, prints it with "SANITIZER REPORT (<sanitizer>) in a
// command run by this test" and ends the test program with its status.
CommandResult run_command(const std::string& command);

// Runs the `cloisterkit` executable of this build with `args` (shell words,
// quoted by the caller where needed).
CommandResult run_cli(const std::string& args);

// The path of that executable.
std::string cli_path();

}  // namespace ck::test

// Subcommands of the `cloisterkit` tool. Each lives in its own cmd_*.cpp
// and registers itself with CK_REGISTER_COMMAND; main.cpp dispatches.
#pragma once

#include <string>
#include <vector>

namespace ck::cli {

struct Command {
    const char* name;
    const char* summary;
    // argv excludes the program and subcommand names. Returns the exit code:
    // 0 success, 1 a failed check (e.g. an assertion), 2 bad input or usage.
    int (*run)(const std::vector<std::string>& args);
};

std::vector<Command>& command_registry();

struct CommandRegistrar {
    explicit CommandRegistrar(Command c) { command_registry().push_back(c); }
};

}  // namespace ck::cli

#define CK_REGISTER_COMMAND(NAME, SUMMARY, FN) \
    static ::ck::cli::CommandRegistrar ck_command_registrar_##FN{::ck::cli::Command{NAME, SUMMARY, FN}}

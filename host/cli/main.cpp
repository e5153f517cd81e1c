// `cloisterkit`: the reference host's command-line tool.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cloisterkit/plugin.h>

#include "command.hpp"
#include "core/errors.hpp"

namespace ck::cli {
std::vector<Command>& command_registry() {
    static std::vector<Command> commands;
    return commands;
}
}  // namespace ck::cli

static void print_usage(std::FILE* out) {
    std::fprintf(out, "usage: cloisterkit <command> [options]\n\ncommands:\n");
    auto commands = ck::cli::command_registry();
    std::sort(commands.begin(), commands.end(),
              [](const auto& a, const auto& b) { return std::strcmp(a.name, b.name) < 0; });
    for (const auto& c : commands) std::fprintf(out, "  %-10s %s\n", c.name, c.summary);
    std::fprintf(out, "\nRun 'cloisterkit <command> --help' for a command's options, 'cloisterkit --version' for\n"
                      "the release and the plugin interface it serves.\n");
}

// The release, and what a module must match to load (docs/versioning.md).
static void print_version() {
    std::printf("cloisterkit %s\nplugin ABI %d.%d, schema revisions %d..%d\n", CK_RELEASE_VERSION, CK_ABI_MAJOR,
                CK_ABI_MINOR, CK_SCHEMA_REVISION_MIN, CK_SCHEMA_REVISION);
}

int main(int argc, char** argv) {
    if (argc < 2) {
        print_usage(stderr);
        return 2;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        print_usage(stdout);
        return 0;
    }
    if (name == "--version" || name == "version") {
        print_version();
        return 0;
    }
    for (const auto& c : ck::cli::command_registry()) {
        if (name != c.name) continue;
        // The one exception barrier of the tool: bad input is reported with
        // the command's name and exit code 2, never as a crash.
        try {
            return c.run(std::vector<std::string>(argv + 2, argv + argc));
        } catch (const ck::host::HostError& e) {
            std::fprintf(stderr, "cloisterkit %s: %s\n", c.name, e.what());
        } catch (const std::exception& e) {
            std::fprintf(stderr, "cloisterkit %s: internal error: %s\n", c.name, e.what());
        }
        return 2;
    }
    std::fprintf(stderr, "cloisterkit: unknown command '%s'\n\n", name.c_str());
    print_usage(stderr);
    return 2;
}

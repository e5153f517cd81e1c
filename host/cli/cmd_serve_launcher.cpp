// `cloisterkit serve` runs the program cloisterkit-serve beside this one
// (same bin folder, so it finds the same tiles and plugins). The web server
// and its libraries (cpp-httplib, which brings OpenSSL, zlib and Brotli)
// live only there: every other command starts without loading them, which
// is 3.8 MB less memory for a `simulate` (docs/performance.md, "Memory").
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

#include "command.hpp"
#include "core/program_location.hpp"
#include "serve_command.hpp"

namespace {

int launch_serve(const std::vector<std::string>& args) {
    const std::filesystem::path self = ck::host::this_program();
    const std::filesystem::path program = self.parent_path() / ck::cli::kServeProgram;
    std::vector<std::string> words{program.string(), "serve"};
    words.insert(words.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    std::fflush(stdout);
    execv(program.c_str(), argv.data());  // returns only when it failed
    std::fprintf(stderr, "cloisterkit serve: cannot run %s (%s); it is installed beside cloisterkit\n",
                 program.c_str(), std::strerror(errno));
    return 2;
}

}  // namespace

CK_REGISTER_COMMAND("serve", ck::cli::kServeSummary, launch_serve);

#include "run_cli.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <utility>

namespace ck::test {

namespace {

std::string read_all(std::FILE* f) {
    std::string text;
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) text.append(buf.data(), n);
    return text;
}

// The sanitizer whose report headline is in `err`, or nullptr. A program
// built with a sanitizer (scripts/run-sanitizers.sh) prints its report on
// stderr and exits with a status of its own, which a test expecting a
// failure could take for an ordinary one.
const char* sanitizer_in(const std::string& err) {
    static constexpr std::pair<const char*, const char*> kHeadlines[] = {
        {"ERROR: AddressSanitizer", "AddressSanitizer"},
        {"ERROR: LeakSanitizer", "LeakSanitizer"},
        {"WARNING: ThreadSanitizer", "ThreadSanitizer"},
        {"runtime error: ", "UndefinedBehaviorSanitizer"},
    };
    for (const auto& [headline, name] : kHeadlines)
        if (err.find(headline) != std::string::npos) return name;
    return nullptr;
}

}  // namespace

CommandResult run_command(const std::string& command) {
    CommandResult r;
    // stderr goes to a file of its own, read after the command ends.
    std::string err_path = (std::filesystem::temp_directory_path() / "ck_test_stderr_XXXXXX").string();
    const int fd = mkstemp(err_path.data());
    if (fd < 0) return r;
    close(fd);
    const std::string full = "{ " + command + "\n} 2>'" + err_path + "'";
    if (std::FILE* p = popen(full.c_str(), "r")) {
        r.out = read_all(p);
        const int raw = pclose(p);
        r.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    }
    if (std::FILE* e = std::fopen(err_path.c_str(), "rb")) {
        r.err = read_all(e);
        std::fclose(e);
    }
    std::remove(err_path.c_str());
    // A sanitizer report in a command a test ran ends the test program at
    // once, loudly, whatever the test expected of the command.
    if (const char* sanitizer = sanitizer_in(r.err)) {
        std::fprintf(stderr, "%s\nSANITIZER REPORT (%s) in a command run by this test: %s\n", r.err.c_str(), sanitizer,
                     command.c_str());
        std::fflush(stderr);
        std::_Exit(r.status > 0 ? r.status : 1);
    }
    return r;
}

std::string cli_path() { return CK_TEST_CLI; }

CommandResult run_cli(const std::string& args) { return run_command("'" + cli_path() + "' " + args); }

}  // namespace ck::test

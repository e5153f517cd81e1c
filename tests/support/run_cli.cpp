#include "run_cli.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace ck::test {

namespace {

std::string read_all(std::FILE* f) {
    std::string text;
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) text.append(buf.data(), n);
    return text;
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
    return r;
}

std::string cli_path() { return CK_TEST_CLI; }

CommandResult run_cli(const std::string& args) { return run_command("'" + cli_path() + "' " + args); }

}  // namespace ck::test

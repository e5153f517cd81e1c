// Symbol hygiene: a module exports exactly its entry point. Anything more
// would leak SDK, spdlog or flatbuffers symbols into the host's namespace.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "run_cli.hpp"
#include "support/c_host.hpp"

namespace ck::abi_test {
namespace {

std::string find_in_path(const std::string& tool) {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path == nullptr ? "" : path);
    for (std::string dir; std::getline(dirs, dir, ':');)
        if (!dir.empty() && access((dir + "/" + tool).c_str(), X_OK) == 0) return dir + "/" + tool;
    return {};
}

// The defined dynamic symbols of `module`, version suffixes stripped.
// Version nodes themselves (CK_PLUGIN_1, type 'A') are not symbols of code.
std::set<std::string> exported_symbols(const std::string& nm, const std::string& module) {
    const ck::test::CommandResult r = ck::test::run_command(nm + " -D --defined-only '" + module + "'");
    if (r.status != 0) throw std::runtime_error("nm failed on " + module + ": " + r.err);
    std::set<std::string> names;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        std::istringstream fields(line);
        std::string address, type, name;
        if (!(fields >> address >> type >> name)) throw std::runtime_error("unexpected nm output: " + line);
        if (type == "A") continue;
        names.insert(name.substr(0, name.find('@')));
    }
    return names;
}

class Exports : public ::testing::Test {
protected:
    void SetUp() override {
        nm = find_in_path("nm");
        if (nm.empty()) GTEST_SKIP() << "nm not found in PATH";
    }
    std::string nm;
};

TEST_F(Exports, TestModuleExportsOnlyTheV1EntryPoint) {
    EXPECT_EQ(exported_symbols(nm, module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module")),
              std::set<std::string>{"ck_plugin_negotiate_v1"});
}

TEST_F(Exports, AbiTwoModuleExportsOnlyTheV2EntryPoint) {
    EXPECT_EQ(exported_symbols(nm, module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module_v2")),
              std::set<std::string>{"ck_plugin_negotiate_v2"});
}

TEST_F(Exports, ShippedModuleExportsOnlyTheV1EntryPoint) {
    const std::string shipped = module_path(CK_TEST_PLUGIN_DIR, "cloisterkit_expansions");
    if (!std::filesystem::exists(shipped)) GTEST_SKIP() << shipped << " not built";
    EXPECT_EQ(exported_symbols(nm, shipped), std::set<std::string>{"ck_plugin_negotiate_v1"});
}

}  // namespace
}  // namespace ck::abi_test

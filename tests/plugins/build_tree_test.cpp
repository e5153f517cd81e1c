// An installed cloisterkit never loads plugins from the build tree it was
// compiled in (issue 11, finding 7; docs/reliability.md, docs/plugins-host.md):
// only the program running from that build tree's bin/ searches its plugin
// folder. An "installed" copy is simulated by copying the executable out of
// the build tree.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "core/build_tree.hpp"
#include "plugins/search_path.hpp"
#include "run_cli.hpp"
#include "test_modules.hpp"

namespace fs = std::filesystem;
using ck::test::CommandResult;
using ck::test::run_command;
using ck::test::ScopedEnv;
using ck::test::ScratchDir;
using testing::HasSubstr;
using testing::Not;

namespace {

// A copy of the build's cloisterkit outside its bin/ folder.
fs::path installed_copy(const ScratchDir& dir) {
    fs::create_directories(dir.path() / "bin");
    const fs::path copy = dir.path() / "bin" / "cloisterkit";
    fs::copy_file(CK_TEST_CLI, copy, fs::copy_options::overwrite_existing);
    return copy;
}

CommandResult run(const fs::path& program, const std::string& args, const std::string& env = "") {
    return run_command("env -u " + std::string(ck::host::kPluginPathVariable) + " " + env + " '" + program.string() +
                       "' " + args);
}

bool is_under(const fs::path& file, const fs::path& dir) {
    const std::string f = fs::weakly_canonical(file).string(), d = fs::weakly_canonical(dir).string() + "/";
    return f.rfind(d, 0) == 0;
}

}  // namespace

TEST(BuildTree, OnlyTheProgramInTheBuildTreesBinIsRecognised) {
    EXPECT_TRUE(ck::host::is_build_tree_program(CK_TEST_CLI));
    EXPECT_TRUE(ck::host::running_from_build_tree()) << "this test program is in the build tree's bin/";
    ScratchDir dir("build-tree");
    const fs::path copy = installed_copy(dir);
    EXPECT_FALSE(ck::host::is_build_tree_program(copy));
    EXPECT_FALSE(ck::host::is_build_tree_program(dir.path() / "missing"));
    EXPECT_FALSE(ck::host::is_build_tree_program(""));
    // A symbolic link runs the build tree's program itself.
    fs::create_symlink(CK_TEST_CLI, dir.path() / "link");
    EXPECT_TRUE(ck::host::is_build_tree_program(dir.path() / "link"));
}

TEST(BuildTree, TheProgramInTheBuildTreeSearchesItsPluginFolder) {
    ScopedEnv var(ck::host::kPluginPathVariable, std::nullopt);
    std::vector<std::string> warnings;
    const auto path = ck::host::plugin_search_path({{}, false, true}, warnings);
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(path[0].origin, ck::host::SearchOrigin::BuildTree);
    EXPECT_EQ(path[0].dir, fs::weakly_canonical(CK_TEST_PLUGIN_DIR));
}

TEST(BuildTree, AnInstalledCopyNeverSearchesTheBuildTree) {
    ScratchDir dir("installed");
    const fs::path copy = installed_copy(dir);
    const CommandResult r = run(copy, "plugins --json");
    ASSERT_EQ(r.status, 0) << r.output();
    const auto j = nlohmann::json::parse(r.out);
    for (const auto& d : j["search_path"]) {
        EXPECT_NE(d["origin"], "build tree") << d.dump();
        EXPECT_FALSE(is_under(d["dir"].get<std::string>(), CK_TEST_BINARY_DIR)) << d.dump();
    }
    for (const auto& m : j["modules"]) EXPECT_FALSE(is_under(m["path"].get<std::string>(), CK_TEST_PLUGIN_DIR)) << m.dump();
    const CommandResult text = run(copy, "plugins");
    EXPECT_THAT(text.out, Not(HasSubstr("[build tree]")));

    if (!fs::exists(CK_INSTALLED_PLUGIN_DIR)) {
        // Nothing is installed on this machine: no expansion can be found.
        const CommandResult play = run(copy, "play --expansions little-buildings");
        EXPECT_EQ(play.status, 2) << play.output();
        EXPECT_THAT(play.err, HasSubstr("unknown expansion 'little-buildings'; available: none"));
    }
    if (!fs::exists(fs::path(CK_INSTALLED_TILE_DIR) / "basic.xml")) {
        // Nor does it read the source tree's tiles.
        const CommandResult play = run(copy, "play --seed 1");
        EXPECT_EQ(play.status, 2) << play.output();
        EXPECT_THAT(play.err, HasSubstr("no tile directory with basic.xml found (looked in " +
                                        std::string(CK_INSTALLED_TILE_DIR) + ")"));
    }
}

TEST(BuildTree, AnInstalledCopyLoadsWhatItIsGiven) {
    ScratchDir dir("given");
    const fs::path copy = installed_copy(dir);
    const std::string plugins = CK_TEST_PLUGIN_DIR;
    const CommandResult option = run(copy, "plugins --plugin-path '" + plugins + "'");
    EXPECT_EQ(option.status, 0) << option.output();
    EXPECT_THAT(option.out, HasSubstr("  [--plugin-path]"));
    EXPECT_THAT(option.out, HasSubstr("expansion cloisterkit.little-buildings"));
    const CommandResult env =
        run(copy, "plugins", std::string(ck::host::kPluginPathVariable) + "='" + plugins + "'");
    EXPECT_EQ(env.status, 0) << env.output();
    EXPECT_THAT(env.out, HasSubstr("  [" + std::string(ck::host::kPluginPathVariable) + "]"));
    EXPECT_THAT(env.out, HasSubstr("expansion cloisterkit.little-buildings"));
}

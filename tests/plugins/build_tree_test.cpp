// An installed cloisterkit never loads plugins from the build tree it was
// compiled in (issue 11, finding 7; docs/reliability.md, docs/plugins-host.md):
// only the program running from that build tree's bin/ searches its plugin
// folder. An "installed" copy is simulated by copying the executable out of
// the build tree.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/build_tree.hpp"
#include "core/install_layout.hpp"
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
    EXPECT_TRUE(ck::host::build_tree_of(CK_TEST_CLI).has_value());
    EXPECT_TRUE(ck::host::this_build_tree().has_value()) << "this test program is in the build tree's bin/";
    ScratchDir dir("build-tree");
    const fs::path copy = installed_copy(dir);
    EXPECT_FALSE(ck::host::build_tree_of(copy).has_value());
    EXPECT_FALSE(ck::host::build_tree_of(dir.path() / "missing").has_value());
    EXPECT_FALSE(ck::host::build_tree_of("").has_value());
    // A symbolic link runs the build tree's program itself.
    fs::create_symlink(CK_TEST_CLI, dir.path() / "link");
    EXPECT_TRUE(ck::host::build_tree_of(dir.path() / "link").has_value());
}

// The build tree is told by the file beside its programs, not by a path
// compiled in (reproducible builds): a copy with such a file beside it uses
// the folders the file names, and a file that does not name both as
// absolute paths makes nothing a build tree's program.
TEST(BuildTree, TheFileBesideTheProgramNamesItsFolders) {
    const auto self = ck::host::build_tree_of(CK_TEST_CLI);
    ASSERT_TRUE(self.has_value());
    EXPECT_EQ(fs::weakly_canonical(self->plugin_dir), fs::weakly_canonical(CK_TEST_PLUGIN_DIR));
    EXPECT_EQ(fs::weakly_canonical(self->tile_dir), fs::weakly_canonical(fs::path(CK_TEST_SOURCE_DIR) / "host/data"));

    ScratchDir dir("marker");
    const fs::path copy = installed_copy(dir);
    const fs::path marker = dir.path() / "bin" / ck::host::kBuildTreeFile;
    const auto write_marker = [&](const std::string& text) {
        std::ofstream(marker, std::ios::trunc) << text;
    };
    write_marker("# a build elsewhere\ntiles=/nowhere/tiles\nplugins=" + std::string(CK_TEST_PLUGIN_DIR) + "\n");
    const auto other = ck::host::build_tree_of(copy);
    ASSERT_TRUE(other.has_value());
    EXPECT_EQ(other->tile_dir, fs::path("/nowhere/tiles"));
    const CommandResult r = run(copy, "plugins");
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.out, HasSubstr("[build tree]"));
    EXPECT_THAT(r.out, HasSubstr("expansion cloisterkit.little-buildings"));

    write_marker("tiles=relative/tiles\nplugins=" + std::string(CK_TEST_PLUGIN_DIR) + "\n");
    EXPECT_FALSE(ck::host::build_tree_of(copy).has_value());
    write_marker("plugins=" + std::string(CK_TEST_PLUGIN_DIR) + "\n");
    EXPECT_FALSE(ck::host::build_tree_of(copy).has_value());
    fs::remove(marker);
    EXPECT_FALSE(ck::host::build_tree_of(copy).has_value());
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

    // Nothing is installed beside the copy (the installed folders are found
    // relative to the program, core/install_layout.hpp): no expansion can be
    // found,
    const CommandResult play = run(copy, "play --expansions little-buildings");
    EXPECT_EQ(play.status, 2) << play.output();
    EXPECT_THAT(play.err, HasSubstr("unknown expansion 'little-buildings'; available: none"));
    // nor does it read the source tree's tiles.
    const CommandResult tiles = run(copy, "play --seed 1");
    EXPECT_EQ(tiles.status, 2) << tiles.output();
    EXPECT_THAT(tiles.err, HasSubstr("no tile directory with basic.xml found (looked in " +
                                     ck::host::installed_tile_dir_for(copy).string() + ")"));
}

// An install tree works wherever it is: the copy finds the tiles and the
// plugin folder beside it (<prefix>/share/cloisterkit/tiles,
// <prefix>/<libdir>/cloisterkit/plugins). tests/install checks a real
// `cmake --install`, moved elsewhere.
TEST(BuildTree, AnInstalledCopyFindsTheFoldersOfItsPrefix) {
    ScratchDir dir("prefix");
    const fs::path copy = installed_copy(dir);
    const fs::path tiles = ck::host::installed_tile_dir_for(copy), plugins = ck::host::installed_plugin_dir_for(copy);
    EXPECT_EQ(tiles, (dir.path() / "bin" / CK_TILE_DIR_FROM_BIN).lexically_normal());
    EXPECT_TRUE(is_under(tiles, dir.path())) << tiles;
    EXPECT_TRUE(is_under(plugins, dir.path())) << plugins;
    fs::create_directories(tiles);
    fs::create_directories(plugins);
    fs::copy_file(fs::path(CK_TEST_SOURCE_DIR) / "host/data/basic.xml", tiles / "basic.xml");
    fs::copy_file(fs::path(CK_TEST_PLUGIN_DIR) / "cloisterkit_expansions.so", plugins / "cloisterkit_expansions.so");

    const CommandResult r = run(copy, "plugins --json");
    ASSERT_EQ(r.status, 0) << r.output();
    const auto j = nlohmann::json::parse(r.out);
    ASSERT_EQ(j["search_path"].size(), 1u) << r.out;
    EXPECT_EQ(j["search_path"][0]["origin"], "installed");
    EXPECT_EQ(fs::path(j["search_path"][0]["dir"].get<std::string>()), fs::weakly_canonical(plugins));
    const CommandResult play = run(copy, "play --expansions all --seed 3");
    EXPECT_EQ(play.status, 0) << play.output();
    EXPECT_THAT(play.out, HasSubstr("final scores after"));
}

// The .deb's program in /usr/bin also searches the same plugin folder under
// /usr/local, where `cmake --install` of a fan module goes by default; a
// program anywhere else searches only its own prefix.
TEST(BuildTree, OnlyTheProgramInUsrBinAlsoSearchesUsrLocal) {
    const fs::path in_usr_bin = "/usr/bin/env";  // any program there; only its folder counts
    ASSERT_TRUE(fs::exists(in_usr_bin));
    const fs::path installed = ck::host::installed_plugin_dir_for(in_usr_bin);
    EXPECT_EQ(ck::host::local_plugin_dir_for(in_usr_bin), fs::path("/usr/local") / installed.lexically_relative("/usr"));
    ScratchDir dir("prefix-local");
    EXPECT_TRUE(ck::host::local_plugin_dir_for(installed_copy(dir)).empty());
    EXPECT_TRUE(ck::host::local_plugin_dir_for(fs::path(CK_TEST_PLUGIN_DIR) / "cloisterkit_expansions.so").empty());
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

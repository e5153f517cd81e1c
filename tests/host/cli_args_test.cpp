// Command-line numbers and file names (issue 11, finding 6;
// docs/reliability.md): one rule for every number option, "out of range"
// where a number is out of range, and no run that silently does less than
// it was asked to.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <regex>
#include <string>

#include "cli/number_format.hpp"
#include "run_cli.hpp"

namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ck::test::CommandResult;
using ck::test::run_cli;

void expect_refused(const std::string& args, const std::string& message) {
    const CommandResult r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output();
    EXPECT_THAT(r.err, HasSubstr(message)) << args;
}

}  // namespace

TEST(CliArgs, NumbersTooLargeAreOutOfRange) {
    expect_refused("play --players 99999999999999999999", "--players: 99999999999999999999 is out of range (1 to 8)");
    expect_refused("play --players -99999999999999999999", "--players: -99999999999999999999 is out of range (1 to 8)");
    expect_refused("play --players 9", "--players: 9 is out of range (1 to 8)");
    expect_refused("simulate --games 99999999999999999999", "--games: 99999999999999999999 is out of range (1 to 1000000000)");
    expect_refused("simulate --threads 257", "--threads: 257 is out of range (1 to 256)");
    expect_refused("play --seed 99999999999999999999", "--seed: 99999999999999999999 is out of range (0 to 18446744073709551615)");
    expect_refused("replay --min-assertions 99999999999999999999 x.jcz",
                   "--min-assertions: 99999999999999999999 is out of range (0 to 1000000)");
}

TEST(CliArgs, SpacesAndSignsAreRefusedAlike) {
    for (const char* bad : {"' 3'", "'3 '", "'+2'", "' '", "''", "'-'", "'0x3'", "'3.0'", "'1e3'"}) {
        expect_refused(std::string("play --players ") + bad, "--players: \"");
        expect_refused(std::string("simulate --games ") + bad, "is not a whole number");
        expect_refused(std::string("replay --min-assertions ") + bad + " x.jcz", "is not a whole number");
    }
    expect_refused("play --players ' 3'", "--players: \" 3\" is not a whole number");
    expect_refused("play --seed '+2'", "--seed: \"+2\" is not a non-negative whole number");
    // Valid numbers work as before.
    EXPECT_EQ(run_cli("play --players 3 --seed 4").status, 0);
    EXPECT_EQ(run_cli("play --players 03 --seed 4").status, 0);
}

TEST(CliArgs, SaveNeedsAUsableFileName) {
    expect_refused("play --seed 1 --save ''", "--save: empty file name");
    const std::string dir = std::filesystem::temp_directory_path().string();
    expect_refused("play --seed 1 --save '" + dir + "'", "is a directory, not a file name");
    expect_refused("play --seed 1 --save /nonexistent-ck-dir/game.jcz",
                   "--save /nonexistent-ck-dir/game.jcz: directory /nonexistent-ck-dir does not exist");
    // A file in an existing directory is saved, as before.
    const std::string file = dir + "/ck-cli-args-" + std::to_string(getpid()) + ".jcz";
    const CommandResult ok = run_cli("play --seed 1 --save '" + file + "'");
    EXPECT_EQ(ok.status, 0) << ok.output();
    EXPECT_TRUE(std::filesystem::is_regular_file(file));
    std::filesystem::remove(file);
}

TEST(CliArgs, NoneStandsAlone) {
    expect_refused("play --expansions all,none", "--expansions: 'none' stands alone (no expansion); it cannot be listed with others, as in \"all,none\"");
    expect_refused("play --expansions none,little-buildings", "'none' stands alone");
    const CommandResult none = run_cli("play --seed 2 --expansions none");
    EXPECT_EQ(none.status, 0) << none.output();
    EXPECT_THAT(none.out, HasSubstr("expansions: none"));
}

TEST(CliArgs, RatesKeepTheirDigits) {
    using ck::cli::format_rate;
    EXPECT_EQ(format_rate(0.3125), "0.31");
    EXPECT_EQ(format_rate(0.0), "0.00");
    EXPECT_EQ(format_rate(4.5), "4.50");
    EXPECT_EQ(format_rate(12.34), "12.3");
    EXPECT_EQ(format_rate(1234.4), "1234");
    const CommandResult r = run_cli("simulate --games 3 --seed 1");
    ASSERT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.out, Not(HasSubstr("(0 per CPU second)")));
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(: [0-9.]+ games/s \(([0-9.]+ per CPU second|CPU time too short to measure)\))")))
        << r.out;
}

// A hook bit and the code that disagree (#26, a new modder's report): the
// SDK refuses the module when it is created (make_expansion<T> knows the
// overrides), and a declared hook without its override fails loudly on its
// first call instead of answering nothing; `validate` reports both.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "run_cli.hpp"
#include "test_modules.hpp"

using ck::test::CommandResult;
using ck::test::run_cli;
using ck::test::ScratchDir;
using ck::test::test_module;
using testing::HasSubstr;

TEST(HookMask, AMaskThatDisagreesWithTheOverridesIsRefusedWhenTheModuleIsCreated) {
    ScratchDir dir("mask-mismatch");
    dir.add(test_module("test_mask_mismatch"), "mismatch.so");
    const CommandResult r = run_cli("plugins --plugin-path '" + dir.path().string() + "'");
    ASSERT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.out, HasSubstr("create failed (CK_E_INTERNAL): expansion #0 ('fan.mask-mismatch'): declares hook 6 "
                                 "but does not override score_feature(); overrides bonus_points() but hook 7's bit is "
                                 "not in info().hooks, so it is never called (set info().hooks = "
                                 "ck::sdk::hooks_overridden_by<T>())"));
    const CommandResult played = run_cli("play --plugin-path '" + dir.path().string() + "' --expansions mask-mismatch");
    EXPECT_EQ(played.status, 2) << played.output();
    EXPECT_THAT(played.err, HasSubstr("does not override score_feature()"));
}

TEST(HookMask, ADeclaredHookWithoutItsOverrideFailsOnItsFirstCallNamingTheMethod) {
    ScratchDir dir("undeclared-override");
    dir.add(test_module("test_undeclared_override"), "undeclared.so");
    const CommandResult r =
        run_cli("play --plugin-path '" + dir.path().string() + "' --expansions undeclared-override --seed 2");
    EXPECT_NE(r.status, 0) << r.output();
    EXPECT_THAT(r.err, HasSubstr("expansion fan.undeclared-override, hook FINAL_SCORING"));
    EXPECT_THAT(r.err, HasSubstr("the expansion declares hook 10 in info().hooks but does not override final_scoring()"));
}

TEST(HookMask, ValidateReportsBothKindsOfMismatch) {
    const CommandResult created = run_cli("validate '" + test_module("test_mask_mismatch").string() + "' --games 1");
    EXPECT_EQ(created.status, 1) << created.output();
    EXPECT_THAT(created.out, HasSubstr("FAIL"));
    EXPECT_THAT(created.out, HasSubstr("does not override score_feature()"));
    const CommandResult called =
        run_cli("validate '" + test_module("test_undeclared_override").string() + "' --games 1");
    EXPECT_EQ(called.status, 1) << called.output();
    EXPECT_THAT(called.out, HasSubstr("does not override final_scoring()"));
}

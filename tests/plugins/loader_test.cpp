// Finding, loading and negotiating plugin modules; enabling expansions.
#include <dlfcn.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "core/errors.hpp"
#include "plugins/plugin_registry.hpp"
#include "test_modules.hpp"

namespace fs = std::filesystem;
using namespace ck::host;
using ck::test::ScopedEnv;
using ck::test::ScratchDir;
using ck::test::test_module;
using testing::HasSubstr;

namespace {

PluginRegistry quiet_registry() { return PluginRegistry(ck::test::capturing_logger().logger); }

const ModuleRecord* record_for(const PluginRegistry& r, const fs::path& path) {
    for (const auto& m : r.modules())
        if (m.path == path) return &m;
    return nullptr;
}

std::string resolve_error(const PluginRegistry& r, std::vector<std::string> specs) {
    try {
        r.resolve(specs);
    } catch (const HostError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST(PluginSearch, CommandLineThenEnvironmentThenDefaultDirs) {
    ScratchDir cli("cli"), env("env");
    const auto a = cli.add(test_module("test_scripted"), "a_scripted.so");
    const auto b = env.add(test_module("test_not_a_plugin"), "b_plain.so");
    ScopedEnv var(kPluginPathVariable, ":relative/dir:" + env.path().string());

    PluginRegistry registry(ck::test::capturing_logger().logger);
    registry.discover({{cli.path()}, true, true});

    const auto& path = registry.search_path();
    ASSERT_GE(path.size(), 2u);
    EXPECT_EQ(path[0].dir, cli.path());
    EXPECT_EQ(path[0].origin, SearchOrigin::CommandLine);
    EXPECT_EQ(path[1].dir, env.path());
    EXPECT_EQ(path[1].origin, SearchOrigin::Environment);
    if (fs::is_directory(CK_TEST_PLUGIN_DIR)) {
        ASSERT_GE(path.size(), 3u);
        EXPECT_EQ(path[2].dir, fs::weakly_canonical(CK_TEST_PLUGIN_DIR));
        EXPECT_EQ(path[2].origin, SearchOrigin::BuildTree);
    }
    // Modules are loaded in search order; the empty and the relative entry
    // are never searched (they would mean the current directory).
    ASSERT_GE(registry.modules().size(), 2u);
    EXPECT_EQ(registry.modules()[0].path, a);
    EXPECT_EQ(registry.modules()[0].status, ModuleStatus::Loaded);
    EXPECT_EQ(registry.modules()[1].path, b);
    EXPECT_EQ(registry.modules()[1].status, ModuleStatus::Failed);
    ASSERT_EQ(registry.warnings().size(), 2u);
    EXPECT_THAT(registry.warnings()[0], HasSubstr("never the current directory"));
    EXPECT_THAT(registry.warnings()[1], HasSubstr("relative/dir"));
}

TEST(PluginSearch, EnvironmentVariableAlone) {
    ScratchDir env("env");
    const auto a = env.add(test_module("test_scripted"), "scripted.so");
    ScopedEnv var(kPluginPathVariable, env.path().string());
    PluginRegistry registry = quiet_registry();
    registry.discover({{}, true, false});
    ASSERT_EQ(registry.modules().size(), 1u);
    EXPECT_EQ(registry.modules()[0].origin, SearchOrigin::Environment);
    EXPECT_EQ(registry.modules()[0].status, ModuleStatus::Loaded);
    EXPECT_NE(registry.find("test.good"), nullptr);
}

TEST(PluginSearch, NoDirectoriesMeansNoModules) {
    ScopedEnv var(kPluginPathVariable, std::nullopt);
    PluginRegistry registry = quiet_registry();
    registry.discover({{}, true, false});
    EXPECT_TRUE(registry.search_path().empty());
    EXPECT_TRUE(registry.modules().empty());
    EXPECT_THAT(resolve_error(registry, {"little-buildings"}), HasSubstr("available: none"));
}

TEST(PluginSearch, MissingCommandLineDirectoryIsAnError) {
    PluginRegistry registry = quiet_registry();
    try {
        registry.discover({{"/nonexistent/cloisterkit-plugins"}, false, false});
        FAIL() << "expected HostError";
    } catch (const HostError& e) {
        EXPECT_THAT(e.what(), HasSubstr("/nonexistent/cloisterkit-plugins"));
        EXPECT_THAT(e.what(), HasSubstr("not a directory"));
    }
}

TEST(PluginSearch, SameFileNameLaterOnThePathIsShadowed) {
    ScratchDir first("first"), second("second");
    const auto a = first.add(test_module("test_scripted"), "same.so");
    const auto b = second.add(test_module("test_scripted"), "same.so");
    PluginRegistry registry = quiet_registry();
    registry.discover({{first.path(), second.path()}, false, false});
    ASSERT_EQ(registry.modules().size(), 2u);
    EXPECT_EQ(record_for(registry, a)->status, ModuleStatus::Loaded);
    EXPECT_EQ(record_for(registry, b)->status, ModuleStatus::Shadowed);
    EXPECT_THAT(record_for(registry, b)->reason, HasSubstr(a.string()));
    EXPECT_NO_THROW(registry.resolve({"test.good"}));
}

TEST(ModuleLoading, FutureAbiMajorIsRefusedNamingBothMajors) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_abi_v2"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("built for ABI major 2"));
    EXPECT_THAT(r.reason, HasSubstr("this host speaks ABI major 1"));
}

TEST(ModuleLoading, OrdinarySharedLibraryIsNotAPlugin) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_not_a_plugin"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_EQ(r.reason, "not a cloisterkit plugin module: no ck_plugin_negotiate_v1");
}

TEST(ModuleLoading, FileThatIsNoLibraryFailsInDlopen) {
    ScratchDir dir("junk");
    const auto junk = dir.path() / "junk.so";
    { std::ofstream(junk) << "not an ELF file"; }
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(junk);
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("dlopen failed"));
}

TEST(ModuleLoading, RefusedNegotiationReportsTheModulesMessage) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_refusing"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("version negotiation refused (CK_E_VERSION_MISMATCH)"));
    EXPECT_THAT(r.reason, HasSubstr("module 'refusing' provides 99..99 only"));
    EXPECT_THAT(r.reason, HasSubstr("host accepts ABI 1.0..1." + std::to_string(CK_ABI_MINOR) + ", schema revision " +
                                    std::to_string(CK_SCHEMA_REVISION_MIN) + ".." + std::to_string(CK_SCHEMA_REVISION)));
}

// ---------------------------------------------------------------- schema revision ranges
// The host offers CK_SCHEMA_REVISION_MIN..CK_SCHEMA_REVISION (3..4 in
// release 1.1.0); an SDK module declares the revisions it reads.

std::string host_schema_range() {
    return std::to_string(CK_SCHEMA_REVISION_MIN) + ".." + std::to_string(CK_SCHEMA_REVISION);
}

TEST(SchemaRevisions, AModuleBuiltForAnOlderRevisionIsRefusedNamingBothRanges) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_schema_older"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("version negotiation refused (CK_E_VERSION_MISMATCH): schema revision: host accepts " +
                                    host_schema_range() + ", module 'schema-older' provides 2..2"));
    EXPECT_TRUE(registry.expansions().empty());
}

TEST(SchemaRevisions, AModuleForANewerRevisionOnlyIsRefusedNamingBothRanges) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_schema_newer"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("schema revision: host accepts " + host_schema_range() +
                                    ", module 'schema-newer' provides " + std::to_string(CK_SCHEMA_REVISION + 1) +
                                    ".." + std::to_string(CK_SCHEMA_REVISION + 1)));
}

// A newer module that still reads this host's revision loads, at the
// highest revision both read, and plays.
TEST(SchemaRevisions, ANewerModuleThatReadsTheHostsRevisionLoadsAtIt) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_schema_newer_reads_ours"));
    ASSERT_EQ(r.status, ModuleStatus::Loaded) << r.reason;
    ASSERT_NE(r.module, nullptr);
    EXPECT_EQ(r.module->schema_revision(), static_cast<uint32_t>(CK_SCHEMA_REVISION));
    ASSERT_EQ(registry.expansions().size(), 1u);
    EXPECT_EQ(registry.expansions()[0]->id, "test.ranged");
}

TEST(ModuleLoading, ManifestThatFailsVerificationIsRejected) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_bad_manifest"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("test.good: manifest rejected: buffer identifier is not \"CKMF\""));
}

// A token kind whose TokenPlacement is newer than this host: the host
// could not offer it as the module means, so the module is refused.
TEST(ModuleLoading, UnknownTokenPlacementIsRefusedNamingTheKind) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_future_placement"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("test.good: manifest rejected: token kind \"TEST_TOKEN\" declares placement 7, "
                                    "which this host does not know (it knows ByHooks and InsteadOfFigure)"));
    EXPECT_TRUE(registry.expansions().empty());
}

// A HandPlay newer than this host: the hooks stay the way to play hand
// tiles (HandPlayDecl), so the module loads and nothing is declared.
TEST(ModuleLoading, UnknownHandPlayLeavesHandTilesToTheHooks) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_future_hand_play"));
    ASSERT_EQ(r.status, ModuleStatus::Loaded) << r.reason;
    const auto& loaded = registry.expansions();
    const auto good = std::find_if(loaded.begin(), loaded.end(), [](const auto* e) { return e->id == "test.good"; });
    ASSERT_NE(good, loaded.end());
    EXPECT_FALSE((*good)->hand_play.declared);
}

TEST(ModuleLoading, DeclaredHandPlayWithoutAnActionIsRefused) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_hand_play_without_action"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("test.good: manifest rejected: hand play InsteadOfDrawing declares no action"));
    EXPECT_TRUE(registry.expansions().empty());
}

// The host copies the label into an option per tile type: a label of any
// size is refused at load rather than multiplied.
TEST(ModuleLoading, DeclaredHandPlayWithALabelOverTheLimitIsRefused) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_hand_play_label_too_long"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("test.good: manifest rejected: hand play's action or label is longer than 1024 bytes"));
    EXPECT_TRUE(registry.expansions().empty());
}

TEST(ModuleLoading, ApiTableWithAWrongStructSizeIsRefused) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_short_api"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_THAT(r.reason, HasSubstr("API table has struct_size 8, smaller than ABI 1.0's " +
                                    std::to_string(offsetof(ck_plugin_api, status_name) + sizeof(ck_plugin_api::status_name))));
    EXPECT_TRUE(registry.expansions().empty());
}

TEST(ModuleLoading, DescriptorWithAWrongStructSizeIsRefused) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_short_descriptor"));
    EXPECT_EQ(r.status, ModuleStatus::Failed);
    EXPECT_EQ(r.path, test_module("test_short_descriptor"));
    EXPECT_THAT(r.reason, HasSubstr("expansion #0: descriptor struct_size " +
                                    std::to_string(offsetof(ck_expansion_desc, hooks)) +
                                    " is too small for id, name, version and hooks"));
    EXPECT_TRUE(registry.expansions().empty());
}

TEST(ModuleLoading, ReadsDescriptorsAndManifests) {
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(test_module("test_scripted"));
    ASSERT_EQ(r.status, ModuleStatus::Loaded) << r.reason;
    EXPECT_EQ(r.module->name(), "scripted");
    EXPECT_EQ(r.module->version(), "0.0.1");
    EXPECT_EQ(r.module->abi_minor(), 0u);
    EXPECT_EQ(r.module->schema_revision(), uint32_t{CK_SCHEMA_REVISION});
    const PluginExpansion* good = registry.find("test.good");
    ASSERT_NE(good, nullptr);
    EXPECT_TRUE(good->has_hook(CK_HOOK_GAME_START));
    EXPECT_TRUE(good->has_hook(CK_HOOK_BONUS_POINTS));
    EXPECT_FALSE(good->has_hook(CK_HOOK_FEATURE_SCORING));
    ASSERT_EQ(good->rule_options.size(), 1u);
    EXPECT_EQ(good->rule_options[0].key, "test.bonus");
    EXPECT_EQ(good->rule_options[0].default_value, "1");
    ASSERT_EQ(good->token_kinds.size(), 1u);
    EXPECT_EQ(good->token_kinds[0].kind, "TEST_TOKEN");
    EXPECT_EQ(registry.find("test.multiplier")->requires_ids, std::vector<std::string>{"test.good"});
}

TEST(ModuleLoading, ModuleLogMessagesReachTheRegistrysLogger) {
    auto log = ck::test::capturing_logger();
    PluginRegistry registry(log.logger);
    ASSERT_EQ(registry.load(test_module("test_scripted")).status, ModuleStatus::Loaded);
    EXPECT_THAT(*log.lines, testing::Contains("[scripted] scripted module created"));
}

TEST(ModuleLoading, DestroyingTheRegistryUnloadsTheModules) {
    ScratchDir dir("unload");
    const auto copy = dir.add(test_module("test_scripted"), "unload_me.so");
    {
        PluginRegistry registry = quiet_registry();
        ASSERT_EQ(registry.load(copy).status, ModuleStatus::Loaded);
        void* still = dlopen(copy.c_str(), RTLD_NOW | RTLD_NOLOAD);
        EXPECT_NE(still, nullptr);
        if (still) dlclose(still);
    }
    EXPECT_EQ(dlopen(copy.c_str(), RTLD_NOW | RTLD_NOLOAD), nullptr);
}

// Clashing names: an id found twice is refused in the later module alone
// (the first found wins, as with PATH); a shared short name is warned about.
TEST(ModuleLoading, DuplicateExpansionIdsKeepTheFirstAndNameBothModules) {
    ScratchDir dir("dup");
    const auto one = dir.add(test_module("test_scripted"), "one.so");
    const auto two = dir.add(test_module("test_scripted"), "two.so");
    PluginRegistry registry = quiet_registry();
    registry.discover({{dir.path()}, false, false});
    EXPECT_EQ(record_for(registry, one)->status, ModuleStatus::Loaded);
    const ModuleRecord* second = record_for(registry, two);
    EXPECT_EQ(second->status, ModuleStatus::Loaded);
    ASSERT_FALSE(second->refused.empty());
    EXPECT_EQ(second->refused.front().first, "test.good");
    EXPECT_THAT(second->refused.front().second, HasSubstr("module " + one.string() + ", found earlier on the plugin path"));
    EXPECT_THAT(second->refused.front().second, HasSubstr("wins"));
    const auto chosen = registry.resolve({"test.good"});
    ASSERT_EQ(chosen.size(), 1u);
    EXPECT_EQ(chosen.front()->module->path(), one);
    EXPECT_TRUE(registry.short_name_clashes().empty()) << "a refused copy shares nothing";
}

// A program that knows what it plays discovers with those specs: a module
// none of whose expansions they name is unloaded again (dlclose) once its
// manifest is read, so memory does not grow with the modules installed.
// What it offered still counts: its ids still win over later modules', and
// messages still list them.
TEST(ModuleLoading, DiscoveryForSomeExpansionsUnloadsTheModulesThatOfferNoneOfThem) {
    ScratchDir dir("lazy");
    const auto scripted = dir.add(test_module("test_scripted"), "a_scripted.so");
    const auto fan = dir.add(test_module("test_clashing"), "b_fan.so");
    const auto copy = dir.add(test_module("test_scripted"), "c_copy.so");
    PluginRegistry registry = quiet_registry();
    const std::vector<std::string> specs{"fan.multiplier"};
    registry.discover({{dir.path()}, false, false}, &specs);

    EXPECT_EQ(record_for(registry, fan)->status, ModuleStatus::Loaded);
    for (const auto& unused : {scripted, copy}) {
        const ModuleRecord* r = record_for(registry, unused);
        EXPECT_EQ(r->status, ModuleStatus::Unloaded) << unused;
        EXPECT_EQ(r->module, nullptr);
        EXPECT_THAT(r->reason, HasSubstr("plays none of its expansions"));
        EXPECT_EQ(dlopen(unused.c_str(), RTLD_NOW | RTLD_NOLOAD), nullptr) << unused << " is still mapped";
    }
    EXPECT_EQ(module_status_name(ModuleStatus::Unloaded), "unloaded");
    // The first found still wins: the copy's test.good was refused for the
    // unloaded first module's.
    const ModuleRecord* later = record_for(registry, copy);
    ASSERT_FALSE(later->refused.empty());
    EXPECT_EQ(later->refused.front().first, "test.good");
    EXPECT_THAT(later->refused.front().second, HasSubstr("module " + scripted.string() + ", found earlier"));

    const auto chosen = registry.resolve(specs);
    ASSERT_EQ(chosen.size(), 1u);
    EXPECT_EQ(chosen.front()->id, "fan.multiplier");
    EXPECT_EQ(chosen.front()->module->path(), fan);
    EXPECT_EQ(registry.expansions().size(), 2u) << "the fan module's two expansions alone";
    EXPECT_THAT(resolve_error(registry, {"pilgrims-road"}), HasSubstr("test.good (good)")) << "offered, though unloaded";

    // "all" keeps every module.
    PluginRegistry everything = quiet_registry();
    const std::vector<std::string> all{"all"};
    everything.discover({{dir.path()}, false, false}, &all);
    for (const auto& m : {scripted, fan, copy}) EXPECT_EQ(record_for(everything, m)->status, ModuleStatus::Loaded) << m;
}

TEST(ModuleLoading, AClashingIdRefusesOnlyThatExpansionNotTheShippedModule) {
    ScratchDir dir("clash");
    const auto fan = dir.add(test_module("test_clashing"), "fan.so");
    PluginRegistry registry = quiet_registry();
    ASSERT_EQ(registry.load(fan).status, ModuleStatus::Loaded);  // --plugin-path comes first
    const ModuleRecord shipped = registry.load(ck::test::shipped_module());
    ASSERT_EQ(shipped.status, ModuleStatus::Loaded) << shipped.reason;
    ASSERT_EQ(shipped.refused.size(), 1u);
    EXPECT_EQ(shipped.refused.front().first, "cloisterkit.little-buildings");
    EXPECT_THAT(shipped.refused.front().second, HasSubstr(fan.string()));
    // Halflings and the abbot stay; little-buildings is the fan's.
    EXPECT_EQ(registry.resolve({"halflings"}).front()->module->path(), ck::test::shipped_module());
    EXPECT_EQ(registry.resolve({"abbot"}).front()->module->path(), ck::test::shipped_module());
    EXPECT_EQ(registry.resolve({"little-buildings"}).front()->module->path(), fan);
    EXPECT_EQ(registry.find("cloisterkit.little-buildings")->name, "My little buildings");
}

TEST(ModuleLoading, TwoExpansionsSharingAShortNameAreWarnedAbout) {
    PluginRegistry registry = quiet_registry();
    registry.load(test_module("test_scripted"));
    const auto fan = test_module("test_clashing");
    registry.load(fan);
    const auto clashes = registry.short_name_clashes();
    ASSERT_EQ(clashes.size(), 1u);
    EXPECT_THAT(clashes.front(), HasSubstr("short name 'multiplier' is shared by test.multiplier (" +
                                           test_module("test_scripted").string() + "), fan.multiplier (" + fan.string() + ")"));
    EXPECT_THAT(clashes.front(), HasSubstr("enable them by full id"));
    EXPECT_THAT(resolve_error(registry, {"multiplier"}), HasSubstr("ambiguous (test.multiplier, fan.multiplier)"));
    EXPECT_EQ(registry.resolve({"fan.multiplier"}).front()->name, "Fan multiplier");
}

TEST(EnablingExpansions, AnUnknownNameListsTheSearchPathAndHowToAddAFolder) {
    ScratchDir dir("unknown");
    dir.add(test_module("test_scripted"), "scripted.so");
    PluginRegistry registry = quiet_registry();
    registry.discover({{dir.path()}, false, false});
    const std::string error = resolve_error(registry, {"pilgrims-road"});
    EXPECT_THAT(error, HasSubstr("unknown expansion 'pilgrims-road'; available: test.good (good)"));
    EXPECT_THAT(error, HasSubstr("searched: " + fs::weakly_canonical(dir.path()).string()));
    EXPECT_THAT(error, HasSubstr("a module elsewhere needs --plugin-path DIR or CLOISTERKIT_PLUGIN_PATH"));
}

TEST(EnablingExpansions, ByIdShortNameOrAll) {
    PluginRegistry registry = quiet_registry();
    registry.load(test_module("test_scripted"));
    auto by_id = registry.resolve({"test.good"});
    ASSERT_EQ(by_id.size(), 1u);
    EXPECT_EQ(by_id[0]->id, "test.good");
    auto by_short = registry.resolve({"good", "test.good"});  // repeats collapse
    ASSERT_EQ(by_short.size(), 1u);
    EXPECT_EQ(by_short[0], by_id[0]);
    auto both = registry.resolve({"multiplier,good"});
    ASSERT_EQ(both.size(), 2u);
    EXPECT_EQ(both[0]->id, "test.good");  // sorted by id
    EXPECT_EQ(both[1]->id, "test.multiplier");
    EXPECT_EQ(registry.resolve({"all"}).size(), registry.expansions().size());
}

TEST(EnablingExpansions, UnknownNameListsWhatIsAvailable) {
    PluginRegistry registry = quiet_registry();
    registry.load(test_module("test_scripted"));
    registry.load(test_module("test_refusing"));
    const std::string error = resolve_error(registry, {"cathedrals"});
    EXPECT_THAT(error, HasSubstr("unknown expansion 'cathedrals'"));
    EXPECT_THAT(error, HasSubstr("test.good (good)"));
    EXPECT_THAT(error, HasSubstr(test_module("test_refusing").string() + " failed to load"));
}

TEST(EnablingExpansions, RequiredExpansionMustBeEnabledToo) {
    PluginRegistry registry = quiet_registry();
    registry.load(test_module("test_scripted"));
    EXPECT_THAT(resolve_error(registry, {"test.multiplier"}),
                HasSubstr("expansion 'test.multiplier' requires 'test.good'; enable it too"));
}

TEST(ShippedModule, LoadsAndProvidesLittleBuildings) {
    ASSERT_TRUE(fs::exists(ck::test::shipped_module())) << ck::test::shipped_module();
    PluginRegistry registry = quiet_registry();
    const auto r = registry.load(ck::test::shipped_module());
    ASSERT_EQ(r.status, ModuleStatus::Loaded) << r.reason;
    const PluginExpansion* lb = registry.find("cloisterkit.little-buildings");
    ASSERT_NE(lb, nullptr);
    EXPECT_EQ(lb->short_name(), "little-buildings");
    const auto chosen = registry.resolve({"little-buildings"});
    ASSERT_EQ(chosen.size(), 1u);
    EXPECT_EQ(chosen[0], lb);
}

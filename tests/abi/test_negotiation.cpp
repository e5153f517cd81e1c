// Version negotiation through ck_plugin_negotiate_v1, as a C host does it,
// and the host capabilities create() checks after it.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <string>

#include "support/c_host.hpp"

namespace ck::abi_test {
namespace {

const std::string kModule = module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module");

class Negotiation : public ::testing::Test {
protected:
    ck_status negotiate(const ck_negotiate_in& in) {
        out = ck_negotiate_out{};
        out.struct_size = sizeof(out);
        err = make_error();
        return library.entry()(&in, &out, &err);
    }

    Library library{kModule};
    ck_negotiate_out out{};
    ck_error err{};
};

TEST_F(Negotiation, OverlappingRangesPickTheHighestCommonVersions) {
    ASSERT_EQ(negotiate(host_ranges(0, 5, 1, CK_SCHEMA_REVISION)), CK_OK) << err.message;
    EXPECT_EQ(out.struct_size, sizeof(ck_negotiate_out));
    EXPECT_EQ(out.abi_minor, uint32_t{CK_ABI_MINOR});         // module offers 0..CK_ABI_MINOR
    EXPECT_EQ(out.schema_revision, uint32_t{CK_SCHEMA_REVISION});  // module offers exactly 1
    ASSERT_NE(out.api, nullptr);
    EXPECT_EQ(out.api->struct_size, sizeof(ck_plugin_api));
    EXPECT_STREQ(out.module_name, "ck-abi-test");
    EXPECT_STREQ(out.module_version, "0.0.1");
    EXPECT_EQ(err.code, CK_OK);
}

// A host of an earlier 1.x release, as its module_loader.cpp asked: the
// ABI minors and schema revisions it offered and what it called itself.
struct ReleasedHost {
    const char* version;
    uint32_t abi_minor_max, schema_max;
};

// Negotiates and creates `module` (a shipped one) as `host` did; the
// expansions it then lists, or a failure.
void expect_released_host_loads(const ReleasedHost& host, const char* module, uint32_t expansions) {
    SCOPED_TRACE(std::string("host of ") + host.version + ", module " + module);
    Library library(module_path(CK_ABI_SHIPPED_MODULE_DIR, module));
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ck_error err = make_error();
    const ck_negotiate_in in = host_ranges(0, host.abi_minor_max, 3, host.schema_max);
    ASSERT_EQ(library.entry()(&in, &out, &err), CK_OK) << err.message;
    EXPECT_EQ(out.abi_minor, host.abi_minor_max);
    EXPECT_EQ(out.schema_revision, host.schema_max);
    ASSERT_NE(out.api, nullptr);
    // The older host reads only the fields of its ABI's table; all are set.
    ASSERT_GE(out.api->struct_size, offsetof(ck_plugin_api, status_name) + sizeof(out.api->status_name));
    ck_host_info info{};
    info.struct_size = sizeof(info);
    info.host_name = "released-host";
    info.host_version = host.version;
    ck_plugin_ctx* ctx = nullptr;
    ASSERT_EQ(out.api->create(&info, &ctx, &err), CK_OK) << err.message;
    ASSERT_NE(ctx, nullptr);
    EXPECT_EQ(out.api->expansion_count(ctx), expansions);
    out.api->destroy(ctx);
}

// Hosts of release 1.2.0 (ABI 1.0..1.1, schema revisions 3..5) and 1.3.0
// (ABI 1.0..1.2, revisions 3..6) keep loading this release's shipped
// modules: each picks the host's highest versions, its API table and
// contexts work (docs/abi.md, the 1.x rules).
TEST(ReleasedHosts, HostsOfReleases120And130LoadTheShippedModules) {
    expect_released_host_loads({"1.2.0", 1, 5}, "cloisterkit_expansions", 3);
    expect_released_host_loads({"1.3.0", 2, 6}, "cloisterkit_expansions", 3);
    expect_released_host_loads({"1.3.0", 2, 6}, "cloisterkit_watchtowers", 1);
}

// The Wind Roses need revision 9 (their start tile, 7, and their roses as
// tile values, 9): a host of 1.3.0 gets a refusal that names both ranges,
// not a module that plays another game.
TEST(ReleasedHosts, AHostOfRelease130RefusesAModuleThatNeedsRevision9) {
    Library library(module_path(CK_ABI_SHIPPED_MODULE_DIR, "cloisterkit_wind_roses"));
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ck_error err = make_error();
    const ck_negotiate_in in = host_ranges(0, 2, 3, 6);
    ASSERT_EQ(library.entry()(&in, &out, &err), CK_E_VERSION_MISMATCH);
    EXPECT_NE(std::strstr(err.message, "schema revision: host accepts 3..6, module 'cloisterkit-wind-roses' provides 9.."),
              nullptr)
        << err.message;
    EXPECT_EQ(out.api, nullptr);
}

TEST_F(Negotiation, AbiMajorTwoIsRefusedNamingBothSides) {
    ASSERT_EQ(negotiate(host_ranges(0, 0, 1, 1, /*major=*/2)), CK_E_VERSION_MISMATCH);
    EXPECT_EQ(err.code, CK_E_VERSION_MISMATCH);
    EXPECT_NE(std::strstr(err.message, "ABI major"), nullptr) << err.message;
    EXPECT_NE(std::strstr(err.message, "host requests 2"), nullptr) << err.message;
    EXPECT_NE(std::strstr(err.message, "'ck-abi-test' implements 1"), nullptr) << err.message;
    EXPECT_EQ(out.api, nullptr);  // nothing written on failure
}

TEST_F(Negotiation, DisjointAbiMinorRangeIsRefusedNamingBothRanges) {
    ASSERT_EQ(negotiate(host_ranges(CK_ABI_MINOR + 1, CK_ABI_MINOR + 3, 1, 1)), CK_E_VERSION_MISMATCH);
    const std::string expected = "ABI minor: host accepts " + std::to_string(CK_ABI_MINOR + 1) + ".." +
                                 std::to_string(CK_ABI_MINOR + 3) + ", module 'ck-abi-test' provides 0.." +
                                 std::to_string(CK_ABI_MINOR);
    EXPECT_EQ(std::string(err.message), expected);
    EXPECT_EQ(out.api, nullptr);
}

TEST_F(Negotiation, DisjointSchemaRangeIsRefusedNamingBothRanges) {
    // A host that only knows a later (or an earlier) schema revision.
    constexpr uint32_t r = CK_SCHEMA_REVISION;
    ASSERT_EQ(negotiate(host_ranges(0, CK_ABI_MINOR, r + 1, r + 2)), CK_E_VERSION_MISMATCH);
    EXPECT_EQ(std::string(err.message), "schema revision: host accepts " + std::to_string(r + 1) + ".." +
                                            std::to_string(r + 2) + ", module 'ck-abi-test' provides " +
                                            std::to_string(r) + ".." + std::to_string(r));
    ASSERT_EQ(negotiate(host_ranges(0, CK_ABI_MINOR, 1, r - 1)), CK_E_VERSION_MISMATCH);
    EXPECT_EQ(out.api, nullptr);
}

TEST_F(Negotiation, EmptyHostRangeIsAnInvalidArgument) {
    EXPECT_EQ(negotiate(host_ranges(3, 1, 1, 1)), CK_E_INVALID_ARGUMENT);
    EXPECT_NE(std::strstr(err.message, "3..1"), nullptr) << err.message;
}

TEST_F(Negotiation, NullPointersAndShortStructsAreRefused) {
    ck_negotiate_in in = host_ranges(0, 0, 1, 1);
    err = make_error();
    EXPECT_EQ(library.entry()(nullptr, &out, &err), CK_E_INVALID_ARGUMENT);
    EXPECT_EQ(library.entry()(&in, nullptr, nullptr), CK_E_INVALID_ARGUMENT);  // err may be NULL
    in.struct_size = 8;  // too short to hold the ranges
    EXPECT_EQ(negotiate(in), CK_E_INVALID_ARGUMENT);
    EXPECT_NE(std::strstr(err.message, "in->struct_size is 8"), nullptr) << err.message;
}

// An older host knows a shorter ck_negotiate_out: the module must write
// only what that host declared, never past it.
TEST_F(Negotiation, WritesOnlyTheCapacityTheHostDeclares) {
    struct {
        ck_negotiate_out out;
        unsigned char guard[16];
    } shorter;
    std::memset(&shorter, 0xAB, sizeof(shorter));
    const uint32_t capacity = offsetof(ck_negotiate_out, module_name);  // up to and including `api`
    shorter.out.struct_size = capacity;
    ck_negotiate_in in = host_ranges(0, 0, CK_SCHEMA_REVISION, CK_SCHEMA_REVISION);
    ASSERT_EQ(library.entry()(&in, &shorter.out, nullptr), CK_OK);
    EXPECT_EQ(shorter.out.struct_size, capacity);
    EXPECT_NE(shorter.out.api, nullptr);
    const auto* bytes = reinterpret_cast<const unsigned char*>(&shorter.out);
    for (size_t i = capacity; i < sizeof(shorter); ++i) ASSERT_EQ(bytes[i], 0xAB) << "byte " << i << " written";

    out = ck_negotiate_out{};
    out.struct_size = offsetof(ck_negotiate_out, api);  // cannot even take the API table
    err = make_error();
    EXPECT_EQ(library.entry()(&in, &out, &err), CK_E_INVALID_ARGUMENT);
}

TEST(AbiTwoModule, HasNoV1EntryPointSoAnAbiOneHostRefusesIt) {
    Library v2(module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module_v2"));
    EXPECT_EQ(v2.symbol("ck_plugin_negotiate_v1"), nullptr);
    auto entry_v2 = reinterpret_cast<ck_plugin_negotiate_v1_fn>(v2.symbol("ck_plugin_negotiate_v2"));
    ASSERT_NE(entry_v2, nullptr);
    // Its own entry point refuses an ABI-1 request, too.
    ck_negotiate_in in = host_ranges(0, 0, 1, 1, /*major=*/1);
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ck_error err = make_error();
    EXPECT_EQ(entry_v2(&in, &out, &err), CK_E_VERSION_MISMATCH);
    EXPECT_NE(std::strstr(err.message, "'ck-abi-test-v2' implements 2"), nullptr) << err.message;
}

// Host capabilities (ABI 1.3): the Wind Roses need "start-tile/1" and
// "tile-values/1". A host whose ck_host_info stops before `capabilities`
// (1.3.0's), or lists only one, is refused at create naming what is
// missing; a host listing both gets a context.
TEST(HostCapabilities, AModuleRefusesAHostThatDoesNotListWhatItNeeds) {
    Library library(module_path(CK_ABI_SHIPPED_MODULE_DIR, "cloisterkit_wind_roses"));
    const ck_negotiate_in in = host_ranges(0, CK_ABI_MINOR, CK_SCHEMA_REVISION, CK_SCHEMA_REVISION);
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ASSERT_EQ(library.entry()(&in, &out, nullptr), CK_OK);
    const char* const one[] = {CK_CAPABILITY_START_TILE, nullptr};
    const char* const both[] = {CK_CAPABILITY_TILE_VALUES, CK_CAPABILITY_START_TILE, nullptr};
    struct Case {
        uint32_t struct_size;
        const char* const* capabilities;
        const char* refusal;  // nullptr: created
    };
    for (const Case& c : {Case{uint32_t(offsetof(ck_host_info, capabilities)), both,
                               "needs the host capability \"start-tile/1\", which host 'old' does not list (it "
                               "lists none)"},
                          Case{uint32_t(sizeof(ck_host_info)), one,
                               "needs the host capability \"tile-values/1\", which host 'old' does not list (it "
                               "lists start-tile/1)"},
                          Case{uint32_t(sizeof(ck_host_info)), both, nullptr}}) {
        ck_host_info host{};
        host.struct_size = c.struct_size;
        host.host_name = "old";
        host.capabilities = c.capabilities;  // beyond struct_size in the first case
        ck_plugin_ctx* ctx = nullptr;
        ck_error err = make_error();
        const ck_status status = out.api->create(&host, &ctx, &err);
        if (c.refusal == nullptr) {
            EXPECT_EQ(status, CK_OK) << err.message;
            EXPECT_NE(ctx, nullptr);
        } else {
            EXPECT_EQ(status, CK_E_VERSION_MISMATCH);
            EXPECT_NE(std::strstr(err.message, c.refusal), nullptr) << err.message;
            EXPECT_EQ(ctx, nullptr);
        }
        out.api->destroy(ctx);
    }
}

}  // namespace
}  // namespace ck::abi_test


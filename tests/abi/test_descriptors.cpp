// What a module tells a host without running hooks: descriptors, manifests,
// status names, extensions; and the ck_buffer release contract.
#include <gtest/gtest.h>

#include <cstring>

#include <cloisterkit/schemas/manifest_generated.h>
#include "support/c_host.hpp"
#include "support/fixtures.hpp"

namespace ck::abi_test {
namespace {

class Descriptors : public ::testing::Test {
protected:
    Session session{module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module")};
    const ck_plugin_api& api = session.api();
};

std::vector<std::string> requires_list(const ck_expansion_desc& d) {
    std::vector<std::string> ids;
    for (const char* const* p = d.requires_ids; *p != nullptr; ++p) ids.emplace_back(*p);
    return ids;
}

TEST_F(Descriptors, ListEveryExpansionWithIdVersionHooksAndRequirements) {
    ASSERT_EQ(api.expansion_count(session.ctx()), 2u);
    const ck_expansion_desc* alpha = api.expansion_at(session.ctx(), 0);
    const ck_expansion_desc* beta = api.expansion_at(session.ctx(), 1);
    ASSERT_NE(alpha, nullptr);
    ASSERT_NE(beta, nullptr);
    EXPECT_EQ(alpha->struct_size, sizeof(ck_expansion_desc));
    EXPECT_STREQ(alpha->id, "cloisterkit.test.alpha");
    EXPECT_STREQ(alpha->name, "Test Alpha");
    EXPECT_STREQ(alpha->version, "1.2.3");
    EXPECT_EQ(alpha->hooks, (uint64_t{1} << CK_HOOK_COUNT) - 1);
    EXPECT_TRUE(requires_list(*alpha).empty());
    EXPECT_STREQ(beta->id, "cloisterkit.test.beta");
    EXPECT_STREQ(beta->version, "0.9.0");
    EXPECT_EQ(beta->hooks, CK_HOOK_BIT(CK_HOOK_TURN_END));
    EXPECT_EQ(requires_list(*beta), (std::vector<std::string>{"cloisterkit.test.alpha", "cloisterkit.test.missing"}));
    // Stable: the same pointer every time, valid until destroy().
    EXPECT_EQ(api.expansion_at(session.ctx(), 1), beta);
}

TEST_F(Descriptors, OutOfRangeAndNullAreHandled) {
    EXPECT_EQ(api.expansion_at(session.ctx(), 2), nullptr);
    EXPECT_EQ(api.expansion_at(nullptr, 0), nullptr);
    EXPECT_EQ(api.expansion_count(nullptr), 0u);
    api.destroy(nullptr);  // accepted, does nothing
}

TEST_F(Descriptors, ManifestIsAVerifiedBufferBuiltFromTheExpansionInfo) {
    ScopedBuffer out;
    ck_error err = make_error();
    ASSERT_EQ(api.get_manifest(session.ctx(), 0, out.out(), &err), CK_OK) << err.message;
    flatbuffers::Verifier verifier(out.buffer.data, out.buffer.size);
    ASSERT_TRUE(fb::VerifyExpansionManifestBuffer(verifier));
    const fb::ExpansionManifest* m = fb::GetExpansionManifest(out.buffer.data);
    EXPECT_EQ(m->id()->str(), "cloisterkit.test.alpha");
    EXPECT_EQ(m->version()->str(), "1.2.3");
    EXPECT_EQ(m->hooks(), api.expansion_at(session.ctx(), 0)->hooks);
    ASSERT_EQ(m->rule_options()->size(), 2u);
    EXPECT_EQ(m->rule_options()->Get(1)->key()->str(), "test.closed-west");
    EXPECT_EQ(m->rule_options()->Get(1)->allowed()->size(), 2u);
    ASSERT_EQ(m->token_kinds()->size(), 1u);
    EXPECT_EQ(m->token_kinds()->Get(0)->count(), 3);
    EXPECT_EQ(m->jcz_element()->str(), "test-alpha");
    EXPECT_EQ(m->jcz_rule_aliases()->Get(0)->jcz_value()->str(), "two");

    ScopedBuffer beta;
    ASSERT_EQ(api.get_manifest(session.ctx(), 1, beta.out(), nullptr), CK_OK);
    const fb::ExpansionManifest* mb = fb::GetExpansionManifest(beta.buffer.data);
    ASSERT_EQ(mb->requires_()->size(), 2u);
    EXPECT_EQ(mb->requires_()->Get(0)->str(), "cloisterkit.test.alpha");

    ScopedBuffer none;
    EXPECT_EQ(api.get_manifest(session.ctx(), 5, none.out(), &err), CK_E_NO_SUCH_EXPANSION);
    EXPECT_EQ(none.buffer.data, nullptr);
    EXPECT_EQ(api.get_manifest(session.ctx(), 0, nullptr, &err), CK_E_INVALID_ARGUMENT);
}

TEST_F(Descriptors, UnknownExtensionsAreNull) {
    EXPECT_EQ(api.get_extension(session.ctx(), "cloisterkit.nothing/1"), nullptr);
    EXPECT_EQ(api.get_extension(session.ctx(), nullptr), nullptr);
    EXPECT_EQ(api.get_extension(nullptr, "x"), nullptr);
}

TEST_F(Descriptors, EveryStatusHasItsName) {
    const std::pair<ck_status, const char*> names[] = {
        {CK_OK, "CK_OK"},
        {CK_NOTHING_TO_DO, "CK_NOTHING_TO_DO"},
        {CK_E_INVALID_ARGUMENT, "CK_E_INVALID_ARGUMENT"},
        {CK_E_BAD_BUFFER, "CK_E_BAD_BUFFER"},
        {CK_E_UNSUPPORTED_HOOK, "CK_E_UNSUPPORTED_HOOK"},
        {CK_E_VERSION_MISMATCH, "CK_E_VERSION_MISMATCH"},
        {CK_E_OUT_OF_MEMORY, "CK_E_OUT_OF_MEMORY"},
        {CK_E_BUFFER_TOO_LARGE, "CK_E_BUFFER_TOO_LARGE"},
        {CK_E_INTERNAL, "CK_E_INTERNAL"},
        {CK_E_NO_SUCH_EXPANSION, "CK_E_NO_SUCH_EXPANSION"},
        {CK_E_EXPANSION_FIRST, "CK_E_EXPANSION_SPECIFIC"},
        {-1500, "CK_E_EXPANSION_SPECIFIC"},
        {CK_E_EXPANSION_LAST, "CK_E_EXPANSION_SPECIFIC"},
        {CK_E_SETUP_REFUSED, "CK_E_SETUP_REFUSED"},
        {-10, "CK_E_UNKNOWN"},
        {-2000, "CK_E_UNKNOWN"},
        {7, "CK_UNKNOWN_SUCCESS"},
    };
    for (const auto& [status, name] : names) EXPECT_STREQ(api.status_name(status), name) << status;
}

TEST_F(Descriptors, ReleasingABufferClearsItAndAZeroedBufferIsSafe) {
    ck_buffer zeroed{};
    if (zeroed.release != nullptr) zeroed.release(&zeroed);  // the documented host pattern: a no-op

    const Bytes state = build_state(), request = build_request(CK_HOOK_GAME_START);
    ck_buffer out{};
    ASSERT_EQ(api.call_hook(session.ctx(), 0, CK_HOOK_GAME_START, view(state), view(request), &out, nullptr), CK_OK);
    ASSERT_NE(out.data, nullptr);
    ASSERT_NE(out.release, nullptr);
    EXPECT_GT(out.size, 8u);
    EXPECT_EQ(std::memcmp(out.data + 4, "CKRS", 4), 0);
    out.release(&out);
    EXPECT_EQ(out.data, nullptr);
    EXPECT_EQ(out.size, 0u);
    EXPECT_EQ(out.release, nullptr);
    EXPECT_EQ(out.private_data, nullptr);

    ck_buffer manifest{};
    ASSERT_EQ(api.get_manifest(session.ctx(), 0, &manifest, nullptr), CK_OK);
    manifest.release(&manifest);
    EXPECT_EQ(manifest.data, nullptr);
    EXPECT_EQ(manifest.release, nullptr);
    // The manifest was lent, not given: a second request still works.
    ASSERT_EQ(api.get_manifest(session.ctx(), 0, &manifest, nullptr), CK_OK);
    EXPECT_NE(manifest.data, nullptr);
    manifest.release(&manifest);
}

// The message is cut to fit ck_error, never in the middle of a UTF-8
// character, and always NUL-terminated.
TEST_F(Descriptors, LongErrorTextIsTruncatedOnACharacterBoundary) {
    ck_error err;
    std::memset(&err, 'x', sizeof(err));
    err.struct_size = sizeof(err);
    const Bytes state = build_state({.rules = {{"test.long-error", "on"}}});
    const Bytes request = build_request(CK_HOOK_TILE_STEP_OPTIONS);
    ScopedBuffer out;
    ASSERT_EQ(api.call_hook(session.ctx(), 0, CK_HOOK_TILE_STEP_OPTIONS, view(state), view(request), out.out(), &err),
              CK_E_INTERNAL);
    EXPECT_EQ(std::string(err.message), std::string(254, 'a'));  // the split 2-byte character is dropped
}

}  // namespace
}  // namespace ck::abi_test

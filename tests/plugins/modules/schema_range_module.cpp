// A module built with the SDK that reads the schema revisions
// TEST_SCHEMA_MIN..TEST_SCHEMA_MAX: compiled as a module built for an older
// revision, for a newer one only, and for a newer one that still reads the
// host's (tests/plugins/loader_test.cpp, "schema revision ranges"), and
// with TEST_ABI_MINOR_MAX as a module of release 1.2.0 (bridge_test.cpp).
#include <cloisterkit/sdk/module.hpp>

#include <memory>

namespace {

class Ranged final : public ck::sdk::Expansion {
public:
    ck::sdk::ExpansionInfo info() const override {
        ck::sdk::ExpansionInfo i;
        i.id = "test.ranged";
        i.name = "Ranged";
        i.version = "1.0.0";
        i.hooks = CK_HOOK_BIT(CK_HOOK_FINAL_SCORING);
        return i;
    }
    void final_scoring(const ck::sdk::HookContext&, const ck::fb::FinalScoringArgs&,
                          ck::sdk::Effects& fx) const override {
        fx.add_points(0, 1, "ranged");
    }
};

ck::sdk::ExpansionList make_expansions() {
    ck::sdk::ExpansionList list;
    list.push_back(std::make_unique<Ranged>());
    return list;
}

}  // namespace

#ifdef TEST_ABI_MINOR_MAX
// A module as built for release 1.2.0: it offers ABI minors 0..1 and schema
// revisions 3..5, what that release's headers (CK_ABI_MINOR 1) and SDK
// offered. No struct of plugin.h changed since 1.2.0 (the layout pins and
// the libabigail gate hold them), so it is that module's interface.
namespace {
constexpr ck::sdk::ModuleDefinition ck_sdk_module_definition{
    TEST_MODULE_NAME, "0.0.1", &make_expansions, CK_ABI_MAJOR, 0, TEST_ABI_MINOR_MAX, TEST_SCHEMA_MIN, TEST_SCHEMA_MAX};
}
extern "C" CK_PLUGIN_EXPORT ck_status ck_plugin_negotiate_v1(const ck_negotiate_in* in, ck_negotiate_out* out,
                                                             ck_error* err) {
    return ck::sdk::detail::ModuleEntry<ck_sdk_module_definition>::negotiate(in, out, err);
}
#else
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS(TEST_MODULE_NAME, "0.0.1", make_expansions, TEST_SCHEMA_MIN, TEST_SCHEMA_MAX)
#endif

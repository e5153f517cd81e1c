// A module built with the SDK that reads the schema revisions
// TEST_SCHEMA_MIN..TEST_SCHEMA_MAX: compiled as a module built for an older
// revision, for a newer one only, and for a newer one that still reads the
// host's (tests/plugins/loader_test.cpp, "schema revision ranges").
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

CK_SDK_DEFINE_MODULE_FOR_SCHEMAS(TEST_MODULE_NAME, "0.0.1", make_expansions, TEST_SCHEMA_MIN, TEST_SCHEMA_MAX)

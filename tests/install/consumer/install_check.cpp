// The example of docs/abi.md §11, built against an installed SDK: two
// points more for every completed city.
#include <cloisterkit/sdk/module.hpp>

#include <memory>

class InstallCheck final : public ck::sdk::Expansion {
public:
    ck::sdk::ExpansionInfo info() const override {
        ck::sdk::ExpansionInfo i;
        i.id = "org.example.install-check";
        i.name = "Install Check";
        i.version = "1.0.0";
        i.hooks = CK_HOOK_BIT(CK_HOOK_FEATURE_SCORING);
        i.rule_options = {{"install-check.bonus", "2", {}, "points per completed city"}};
        return i;
    }
    void score_feature(const ck::sdk::HookContext& c, const ck::fb::FeatureScoringArgs& a,
                       ck::sdk::Effects& out) const override {
        if (a.feature()->kind() == ck::fb::FeatureKind::City && a.feature()->completed()) {
            const int64_t bonus = c.rule_int_or("install-check.bonus", 2);
            c.logger().debug("city bonus ", bonus);
            out.adjust_feature_points(static_cast<int32_t>(bonus), "install-check bonus");
        }
    }
};

ck::sdk::ExpansionList make_expansions() {
    ck::sdk::ExpansionList list;
    list.push_back(std::make_unique<InstallCheck>());
    return list;
}
CK_SDK_DEFINE_MODULE("install-check", "1.0.0", make_expansions)

// A fan module whose author reused two names: the id of the shipped Little
// Buildings expansion, and the short name "multiplier" of test_scripted's
// test.multiplier. The registry refuses only the clashing id and warns
// about the shared short name (loader_test.cpp, "clashing names").
#include <cloisterkit/sdk/module.hpp>

#include <memory>
#include <string>

namespace {

class Named final : public ck::sdk::Expansion {
public:
    Named(std::string id, std::string name) : id_(std::move(id)), name_(std::move(name)) {}
    ck::sdk::ExpansionInfo info() const override {
        ck::sdk::ExpansionInfo i;
        i.id = id_;
        i.name = name_;
        i.version = "0.1.0";
        i.hooks = CK_HOOK_BIT(CK_HOOK_FINAL_SCORING);
        return i;
    }
    void final_scoring(const ck::sdk::HookContext&, const ck::fb::FinalScoringArgs&, ck::sdk::Effects& fx) const override {
        fx.add_points(0, 1, name_);
    }

private:
    std::string id_, name_;
};

ck::sdk::ExpansionList make_expansions() {
    ck::sdk::ExpansionList list;
    list.push_back(std::make_unique<Named>("cloisterkit.little-buildings", "My little buildings"));
    list.push_back(std::make_unique<Named>("fan.multiplier", "Fan multiplier"));
    return list;
}

}  // namespace

CK_SDK_DEFINE_MODULE("clashing-fan-module", "0.1.0", make_expansions)

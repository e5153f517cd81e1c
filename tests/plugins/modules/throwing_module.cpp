// A module built with the SDK whose expansion throws: GAME_START adds an
// effect, then throws a C++ exception. The SDK's barrier must catch it and
// answer CK_E_INTERNAL with the exception's text, delivering none of the
// effects added before the throw (docs/abi.md, section 7).
#include <cloisterkit/sdk/module.hpp>

#include <memory>
#include <stdexcept>

namespace {

class Throwing final : public ck::sdk::Expansion {
public:
    ck::sdk::ExpansionInfo info() const override {
        ck::sdk::ExpansionInfo i;
        i.id = "test.throwing";
        i.name = "Throwing";
        i.version = "1.0.0";
        i.hooks = CK_HOOK_BIT(CK_HOOK_GAME_START);
        return i;
    }
    void on_game_start(const ck::sdk::HookContext&, const ck::fb::GameStartArgs&, ck::sdk::Effects& fx) const override {
        fx.add_points(0, 3, "before the throw");
        throw std::logic_error("deliberate exception in test.throwing");
    }
};

ck::sdk::ExpansionList make_expansions() {
    ck::sdk::ExpansionList list;
    list.push_back(std::make_unique<Throwing>());
    return list;
}

}  // namespace

CK_SDK_DEFINE_MODULE("throwing", "0.0.1", make_expansions)

// The Mini Expansion (Games Quarterly 11) as a cloisterkit plugin module,
// written against the installed SDK alone: twelve tiles and no rule of
// their own (docs/expansions/gq11.md, rules GQ-n). Ten join the draw pile;
// the two river tiles join it only with The River, whose tile groups draw
// them (the second spring leaves the pack: the game starts on the river's
// own). A module of declarations only: it overrides no hook.
#include <cloisterkit/sdk/module.hpp>

static_assert(CK_SCHEMA_REVISION >= 7,
              "the Mini Expansion needs an SDK of schema revision 7 (cloisterkit 1.4) for its sets enabled by saves");

#include <string>

#include "tiles_xml.hpp"

namespace ck::gq11 {
namespace {

class MiniExpansion final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = "cloisterkit.gq11";  // --expansions gq11
        i.name = "The Mini Expansion (Games Quarterly 11)";
        i.version = "1.0.0";
        i.description =
            "Twelve promotional tiles: a monastery at a crossroads, a field of pigs (a pig herd with Traders & "
            "Builders), eight city and road tiles, and, with The River, a river tile and a second spring.";
        i.hooks = sdk::hooks_overridden_by<MiniExpansion>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // GQ-1, GQ-3: JCloisterZone has no element for it; its saves name
        // the sets, which enable the module.
        i.deck_tile_sets = {{"gq11", 1, "", "", true}, {"gq11/river", 1, "cloisterkit.river", "", true}};
        return i;
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<MiniExpansion>());
    return list;
}

}  // namespace
}  // namespace ck::gq11

CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-gq11", "1.0.0", ck::gq11::make_expansions, 7, CK_SCHEMA_REVISION)

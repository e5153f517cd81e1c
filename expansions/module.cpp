// The one plugin module the library ships: every expansion, behind the C ABI.
// Adding an expansion is one push_back here plus its library in CMakeLists.txt.
#include <cloisterkit/sdk/module.hpp>

#include <abbot/abbot.hpp>
#include <halflings/halflings.hpp>
#include <little_buildings/little_buildings.hpp>

ck::sdk::ExpansionList make_expansions() {
    ck::sdk::ExpansionList expansions;
    expansions.push_back(ck::little_buildings::make_expansion());
    expansions.push_back(ck::halflings::make_expansion());
    expansions.push_back(ck::abbot::make_expansion());
    return expansions;
}

// Its version is the release's (CK_RELEASE_VERSION, from the top CMakeLists.txt).
// It serves hosts of release 1.1.0 too (schema revision 4): the one field of
// revision 5 it writes, Halflings' declared hand play, is invisible to them,
// and they play hand tiles through Halflings' tile-step hooks instead.
// Revision 3 hosts cannot read OfferTileStepOptions (revision 4).
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-expansions", CK_RELEASE_VERSION, make_expansions, 4, CK_SCHEMA_REVISION)

// The module through its C ABI with the SDK's hook test kit: a module of
// declarations only (GQ-1 to GQ-3: its sets, the river's pair only with
// The River, no hook).
#include <cloisterkit/sdk/testing.hpp>

#include <cstdio>
#include <string>

namespace {

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;

int failures = 0;

void expect(bool ok, const std::string& what) {
    if (ok) return;
    std::printf("FAIL %s\n", what.c_str());
    ++failures;
}

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);
        const fb::ExpansionManifestT m = module.manifest("cloisterkit.gq11");
        expect(m.hooks == 0, "GQ-2: no hook");
        expect(m.deck_tile_sets.size() == 2 && m.deck_tile_sets[0]->tile_set == "gq11" &&
                   m.deck_tile_sets[0]->enabled_by_save && m.deck_tile_sets[1]->tile_set == "gq11/river" &&
                   m.deck_tile_sets[1]->with_expansion == "cloisterkit.river",
               "GQ-1, GQ-3: the ten tiles, and the river's two with The River");
        expect(m.tile_definitions_xml.find("<tile id=\"GQ/F\">") != std::string::npos &&
                   m.tile_definitions_xml.find("pig-herd=\"true\"") != std::string::npos,
               "GQ-2: the pig herd's field");
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        ++failures;
    }
    if (failures == 0) std::printf("gq11 hooks: all passed\n");
    return failures == 0 ? 0 : 1;
}

// libFuzzer target: the tile-definition XML reader (load_tile_xml_string)
// and the pack built from what it read (build_pack), on arbitrary text.
//
// What must hold, or the target aborts: bad text is refused with a HostError
// that says why, and a refused document adds nothing to the catalogue
// (host/core/tile_xml.hpp). Nothing else may escape: no crash, no other
// exception, no sanitizer report.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/tile_xml.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "tile_xml_fuzzer: %s\n", what);
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view xml(reinterpret_cast<const char*>(data), size);
    ck::host::TileCatalog catalog;
    try {
        ck::host::load_tile_xml_string(xml, "fuzz.xml", catalog);
    } catch (const ck::host::HostError& e) {
        if (std::string_view(e.what()).empty()) fail("a refusal without a reason");
        if (catalog.tile_count() != 0 || !catalog.tile_sets().empty()) fail("a refused document added to the catalogue");
        return 0;
    }
    // Every set alone, then all together (refs to undefined tiles and huge
    // counts are refused, never built).
    std::map<std::string, int> all;
    for (const auto& set : catalog.tile_sets()) {
        all[set.id] = 1;
        try {
            (void)ck::host::build_pack(catalog, {{set.id, 1}});
        } catch (const ck::host::HostError& e) {
            if (std::string_view(e.what()).empty()) fail("a refused pack without a reason");
        }
    }
    try {
        (void)ck::host::build_pack(catalog, all);
    } catch (const ck::host::HostError&) {
    }
    return 0;
}

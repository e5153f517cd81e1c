#include "plugin_harness.hpp"

namespace ck::test {

const ShippedModule& ShippedModule::get() {
    static const ShippedModule module;
    return module;
}

ShippedModule::ShippedModule() : module_(CK_TEST_PLUGIN_DIR "/cloisterkit_expansions.so") {}

fb::ExpansionManifestT ShippedModule::manifest(uint32_t expansion) const {
    return module_.manifest(module_.expansion_ids().at(expansion));
}

}  // namespace ck::test

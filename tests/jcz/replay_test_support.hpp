// Shared by the replay tests: options that load plugins from the build tree
// only, and the path of a scenario file.
#pragma once

#include <string>

#include "jcz/replayer.hpp"

namespace ck::host::jcz::test {

inline ReplayOptions test_options() {
    ReplayOptions o;
    o.plugin_dirs = {CK_TEST_PLUGIN_DIR};
    o.default_plugin_path = false;
    return o;
}

inline std::string scenario(const std::string& name) {
    return std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/" + name;
}

}  // namespace ck::host::jcz::test

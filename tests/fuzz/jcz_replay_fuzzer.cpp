// libFuzzer target: the .jcz reader (parse_saved_game) and, for what it
// accepts, the replayer (Replay: setup, plugins, every message, the test
// assertions), on arbitrary text.
//
// What must hold, or the target aborts: bad input is refused with a
// HostError that says why. Any other exception escapes and libFuzzer reports
// it; so do crashes, hangs (-timeout), memory growth (-rss_limit_mb) and
// sanitizer reports. Plugins are the modules of this build tree's plugin
// folder (loaded with dlopen, as `cloisterkit replay` does, by every Replay).
//
// The modules are compiled with coverage counters too, which libFuzzer reads
// after every input: a Replay unloading one at its end would leave libFuzzer
// reading unmapped memory. LLVMFuzzerInitialize therefore loads every module
// of the folder once with RTLD_NODELETE, so each stays mapped for the whole
// run (a module added to the folder, as Inns & Cathedrals' was, is pinned too).
#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "jcz/replayer.hpp"
#include "jcz/saved_game.hpp"

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "jcz_replay_fuzzer: %s\n", what);
    std::abort();
}

void require_reason(const ck::host::HostError& e) {
    if (std::string_view(e.what()).empty()) fail("a refusal without a reason");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    int pinned = 0;
    for (const auto& entry : std::filesystem::directory_iterator(CK_FUZZ_PLUGIN_DIR)) {
        if (entry.path().extension() != ".so") continue;
        if (dlopen(entry.path().c_str(), RTLD_NOW | RTLD_NODELETE) == nullptr) fail(dlerror());
        ++pinned;
    }
    if (pinned == 0) fail("no plugin module in " CK_FUZZ_PLUGIN_DIR);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::optional<ck::host::jcz::SavedGame> saved;
    try {
        saved = ck::host::jcz::parse_saved_game(text, "fuzz.jcz");
    } catch (const ck::host::HostError& e) {
        require_reason(e);
        return 0;
    }
    ck::host::jcz::ReplayOptions options;
    options.plugin_dirs = {CK_FUZZ_PLUGIN_DIR};
    options.default_plugin_path = false;
    try {
        const ck::host::jcz::Replay replay(std::move(*saved), options);
        for (const auto& result : replay.check_assertions())
            if (!result.passed && result.detail.empty()) fail("a failed assertion without a reason");
    } catch (const ck::host::HostError& e) {
        require_reason(e);
    }
    return 0;
}

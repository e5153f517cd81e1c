// libFuzzer target: the host's verification of plugin responses, the way the
// bridge (host/plugins/plugin_hooks.cpp) does it: buffer checks
// (check_buffer: size, identifier "CKRS", FlatBuffers verifier), then
// EffectChecker (effects allowed for the hook, arguments against the state),
// then apply_effects for an accepted response.
//
// The state is a real game in progress with both expansions: the scenario
// tests/scenarios/hf-legal-token-corner.jcz replayed through the shipped
// module (hands, Little Buildings tokens, figures on the board).
//
// Input: byte 0 picks the hook (modulo CK_HOOK_COUNT), byte 1 the number of
// candidates a PLACEMENT_CHECK asked about, the rest is the response (copied
// to 8-byte aligned memory).
//
// What must hold, or the target aborts: a refusal says why and leaves the
// game exactly as it was; an accepted response applies without an error to
// a copy of the game and leaves the original untouched.
#include <cloisterkit/plugin.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "jcz/replayer.hpp"
#include "jcz/saved_game.hpp"
#include "plugins/buffer_check.hpp"
#include "plugins/effect_applier.hpp"

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail = {}) {
    std::fprintf(stderr, "effect_applier_fuzzer: %s %s\n", what, detail.c_str());
    std::abort();
}

const ck::host::Game& mid_game() {
    static const std::unique_ptr<ck::host::jcz::Replay> replay = [] {
        ck::host::jcz::ReplayOptions options;
        options.plugin_dirs = {CK_FUZZ_PLUGIN_DIR};
        options.default_plugin_path = false;
        return std::make_unique<ck::host::jcz::Replay>(
            ck::host::jcz::load_saved_game(CK_FUZZ_SOURCE_DIR "/tests/scenarios/hf-legal-token-corner.jcz"), options);
    }();
    return replay->game();
}

// What an effect could change, to compare before and after.
struct Snapshot {
    uint64_t version = 0;
    std::vector<int> scores;
    size_t tokens = 0, figures = 0, score_log = 0, tiles = 0;
    std::map<std::string, std::vector<uint8_t>> expansion_data;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const ck::host::Game& g) {
    Snapshot s;
    s.version = g.state_version();
    for (uint8_t p = 0; p < g.player_count(); ++p) s.scores.push_back(g.score(p));
    s.tokens = g.tokens().size();
    s.figures = g.figures().size();
    s.score_log = g.score_log().size();
    s.tiles = g.placed_tiles().size();
    s.expansion_data = g.expansion_data();
    return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const ck::host::Game& game = mid_game();
    if (size < 2) return 0;
    const ck_hook_id hook = data[0] % CK_HOOK_COUNT;
    const size_t candidates = data[1];
    std::vector<uint64_t> words((size - 2 + 7) / 8 + 1, 0);
    std::memcpy(words.data(), data + 2, size - 2);
    const auto* bytes = reinterpret_cast<const uint8_t*>(words.data());

    const Snapshot before = snapshot(game);
    const std::string bad = ck::host::check_buffer<ck::fb::HookResponse>(bytes, size - 2, "CKRS");
    if (!bad.empty()) return 0;
    const auto* response = flatbuffers::GetRoot<ck::fb::HookResponse>(bytes);
    ck::host::EffectChecker checker;
    checker.begin(game, hook, candidates);
    const std::string refused = checker.check(*response, "fuzz.expansion");
    if (!(snapshot(game) == before)) fail("checking a response changed the game");
    if (!refused.empty()) return 0;

    ck::host::Game copy = game;
    std::vector<ck::host::ExpansionOption> options;
    std::vector<ck::host::TileStepOption> tile_options;
    std::vector<uint8_t> vetoed(candidates, 0);
    int points = 0;
    ck::host::EffectSink sink;
    sink.options = &options;
    sink.points = &points;
    sink.tile_options = &tile_options;
    ck::host::OptionTexts texts;
    sink.option_texts = &texts;
    sink.state = &copy;
    sink.vetoed = &vetoed;
    ck::host::FigurePlacementChanges placement;
    sink.placement = &placement;
    std::vector<ck::host::ScoringAward> awards;
    if (hook == CK_HOOK_BONUS_POINTS) sink.awards = &awards;  // as the bridge's scoring does
    try {
        ck::host::apply_effects(*response, &copy, "fuzz.expansion", sink);
    } catch (const ck::host::HostError& e) {
        fail("an accepted response failed while applied:", e.what());
    }
    if (!(snapshot(game) == before)) fail("applying to a copy changed the original game");
    return 0;
}

// One full hook round trip through the C ABI, as a host does it on the hot
// path: build the request, call_hook (the module verifies state and request,
// runs the hook, builds the response), verify the response, release it.
// The mid-game state (40 tiles, 10 figures, 3 players) is serialised once
// and reused, as the ABI intends ("states:1", which the module recognises
// and does not verify again), or two such states alternate ("states:2":
// the module verifies each call's state in full, as in a game). Runs on the
// ABI tests' module, so it measures the SDK and the ABI, not any
// expansion's rules.
#include <benchmark/benchmark.h>

#include "support/c_host.hpp"
#include "support/fixtures.hpp"
#include "support/responses.hpp"

namespace ck::abi_test {
namespace {

void BM_HookRoundTrip(benchmark::State& run) {
    Session session(module_path(CK_ABI_TEST_MODULE_DIR, "ck_abi_test_module"), CK_LOG_OFF);
    const uint32_t alpha = session.expansion_index("cloisterkit.test.alpha");
    const auto hook = static_cast<ck_hook_id>(run.range(0));
    StateShape next_turn;
    next_turn.tiles_left = 29;  // same size, other bytes
    const Bytes states[2] = {build_state(), build_state(next_turn)};
    const size_t alternate = run.range(1) == 2 ? 1 : 0;
    size_t i = 0;
    flatbuffers::FlatBufferBuilder request(256);
    for (auto _ : run) {
        request.Clear();
        finish_request(request, hook, hook);
        ck_buffer out{};
        const Bytes& state = states[i];
        i ^= alternate;
        const ck_status s = session.api().call_hook(session.ctx(), alpha, hook, view(state),
                                                    ck_bytes{request.GetBufferPointer(), request.GetSize()}, &out,
                                                    nullptr);
        if (s == CK_OK && verified_response(out) == nullptr) run.SkipWithError("response failed verification");
        if (!CK_SUCCEEDED(s)) run.SkipWithError("call_hook failed");
        if (out.release != nullptr) out.release(&out);
    }
    run.SetLabel(std::to_string(states[0].size()) + "-byte state");
}

// Every hook the test expansion answers with its request (GAME_START 0 to
// GAME_END_CHECK 9; its FINAL_SCORING throws on purpose): one effect, a few,
// or none (CK_NOTHING_TO_DO).
BENCHMARK(BM_HookRoundTrip)
    ->ArgNames({"hook", "states"})
    ->ArgsProduct({benchmark::CreateDenseRange(CK_HOOK_GAME_START, CK_HOOK_GAME_END_CHECK, 1), {1, 2}});

}  // namespace
}  // namespace ck::abi_test

BENCHMARK_MAIN();

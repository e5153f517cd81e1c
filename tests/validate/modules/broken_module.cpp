// A small SDK expansion ("roadside inns": +1 for every completed road)
// built once per defect: module_variant (module_variant.hpp) picks the one thing this module
// gets wrong, each for exactly one check of `cloisterkit validate` to find
// (validate_test.cpp). The defects that the SDK itself would prevent are
// made behind its back, by wrapping the API table it hands out.
#include <cloisterkit/sdk/module.hpp>

#include "module_variant.hpp"

#include <flatbuffers/flatbuffers.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>

#define DEFECT_NONE 0
#define DEFECT_UNVERIFIABLE_RESPONSE 1
#define DEFECT_SECOND_CALL_DIFFERS 2
#define DEFECT_THREAD_UNSAFE_CACHE 3
#define DEFECT_CRASH_ON_TRUNCATED 4
#define DEFECT_INFINITE_LOOP 5
#define DEFECT_LEAKED_BUFFERS 6
#define DEFECT_UNNAMESPACED_OPTION 7
#define DEFECT_DUPLICATE_TOKEN_KIND 8
#define DEFECT_UNDECLARED_HOOK 9
#define DEFECT_EXTRA_SYMBOL 10
#define DEFECT_FILTER_NAMES_NOTHING 11

namespace {

class RoadsideInns final : public ck::sdk::Expansion {
public:
    ck::sdk::ExpansionInfo info() const override {
        ck::sdk::ExpansionInfo i;
        i.id = "test.roadside-inns";
        i.name = "Roadside inns";
        i.version = "1.0.0";
        i.hooks = CK_HOOK_BIT(CK_HOOK_BONUS_POINTS);
        i.rule_options.push_back({module_variant == DEFECT_UNNAMESPACED_OPTION ? "bonus" : "roadsideInns.bonus", "1",
                                  {"1", "2"}, "points added to every completed road"});
        i.token_kinds.push_back({"RI_SIGN", "sign", 0});
        if (module_variant == DEFECT_DUPLICATE_TOKEN_KIND) i.token_kinds.push_back({"RI_SIGN", "signpost", 0});
        if (module_variant == DEFECT_FILTER_NAMES_NOTHING)  // a marker no expansion of it declares
            i.hook_filters.push_back(ck::sdk::only_when(CK_HOOK_BONUS_POINTS, ck::fb::HookFilter::TileHasMarker, "milestone"));
        return i;
    }
    void bonus_points(const ck::sdk::HookContext& c, const ck::fb::BonusPointsArgs& args, ck::sdk::Effects& fx) const override {
        const auto* f = args.feature();
        if (f->kind() != ck::fb::FeatureKind::Road || !f->completed()) return;
        int delta = 1;
        if (module_variant == DEFECT_SECOND_CALL_DIFFERS) {
            static std::atomic<int> calls{0};  // hidden state: every other answer differs
            delta += calls.fetch_add(1) % 2;
        }
        c.logger().info("roadside inn: +", delta, " for a completed road");  // debugging_test.cpp reads it
        fx.adjust_feature_points(delta, "roadside inn");
    }
};

ck::sdk::ExpansionList make_expansions() {
    ck::sdk::ExpansionList list;
    list.push_back(std::make_unique<RoadsideInns>());
    return list;
}

constexpr ck::sdk::ModuleDefinition kDefinition{"roadside-inns", "1.0.0", &make_expansions};
using Sdk = ck::sdk::detail::ModuleEntry<kDefinition>;

void release_nothing(ck_buffer* b) {  // DEFECT_LEAKED_BUFFERS: never frees
    b->data = nullptr;
    b->release = nullptr;
}

void release_malloced(ck_buffer* b) {
    std::free(const_cast<uint8_t*>(b->data));
    b->data = nullptr;
    b->release = nullptr;
}

// The response bytes handed out as a malloc'ed copy.
void hand_out_copy(ck_buffer* out, const uint8_t* data, size_t size, void (*release)(ck_buffer*)) {
    auto* copy = static_cast<uint8_t*>(std::malloc(size));
    std::memcpy(copy, data, size);
    out->data = copy;
    out->size = size;
    out->release = release;
}

// DEFECT_THREAD_UNSAFE_CACHE: a one-entry cache of the last answer in
// static storage, shared by every thread without a lock. Every answer is
// stored in the slot and then served from it, so on one thread it is always
// right, and from two threads at once one thread hands out the other's
// answer. The sleep holds the window open even when the threads share one
// core, so the race shows on every run, not once in a while.
uint8_t cached_key[4096];
size_t cached_key_size = 0;
uint64_t cached_state_hash = 0;
uint8_t cached_answer[4096];
size_t cached_answer_size = 0;
ck_status cached_status = CK_OK;

uint64_t hash_of(ck_bytes b) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < b.size && b.data; ++i) h = (h ^ b.data[i]) * 0x100000001b3ull;
    return h;
}

ck_status serve_from_cache(ck_buffer* out) {
    out->data = nullptr;  // struct_size is the caller's and stays
    out->size = 0;
    out->release = nullptr;
    if (cached_answer_size != 0) hand_out_copy(out, cached_answer, cached_answer_size, &release_malloced);
    return cached_status;
}

ck_status call_hook(const ck_plugin_ctx* ctx, uint32_t expansion, ck_hook_id hook, ck_bytes state, ck_bytes request,
                    ck_buffer* out, ck_error* err) {
    if (module_variant == DEFECT_CRASH_ON_TRUNCATED && state.data != nullptr) {
        flatbuffers::Verifier v(state.data, state.size);
        if (!v.VerifyBuffer<ck::fb::GameState>("CKGS")) std::abort();  // "it cannot happen"
    }
    if (module_variant == DEFECT_INFINITE_LOOP && hook == CK_HOOK_BONUS_POINTS) {
        for (;;) usleep(1000);  // never answers
    }
    if (module_variant == DEFECT_UNDECLARED_HOOK && hook == CK_HOOK_FEATURE_SCORING && out != nullptr) {
        flatbuffers::FlatBufferBuilder b;
        b.Finish(ck::fb::CreateHookResponse(b), "CKRS");
        hand_out_copy(out, b.GetBufferPointer(), b.GetSize(), &release_malloced);
        return CK_OK;
    }
    if (module_variant == DEFECT_THREAD_UNSAFE_CACHE && out != nullptr && request.size <= sizeof cached_key &&
        cached_key_size == request.size && request.data && cached_state_hash == hash_of(state) &&
        std::memcmp(cached_key, request.data, request.size) == 0)
        return serve_from_cache(out);
    const ck_status status = Sdk::api.call_hook(ctx, expansion, hook, state, request, out, err);
    if (!CK_SUCCEEDED(status) || out == nullptr) return status;
    if (module_variant == DEFECT_UNVERIFIABLE_RESPONSE && status == CK_OK) {
        out->release(out);
        static const uint8_t garbage[16] = {16, 0, 0, 0, 'C', 'K', 'R', 'S', 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4};
        hand_out_copy(out, garbage, sizeof garbage, &release_malloced);
    }
    if (module_variant == DEFECT_LEAKED_BUFFERS && out->data != nullptr) {
        ck_buffer sdk = *out;
        hand_out_copy(out, sdk.data, sdk.size, &release_nothing);
        sdk.release(&sdk);
    }
    if (module_variant == DEFECT_THREAD_UNSAFE_CACHE && request.size <= sizeof cached_key && out->size <= sizeof cached_answer) {
        cached_state_hash = hash_of(state);
        std::memcpy(cached_key, request.data, request.size);
        cached_key_size = request.size;
        if (out->size) std::memcpy(cached_answer, out->data, out->size);
        cached_answer_size = out->size;
        cached_status = status;
        out->release(out);
        usleep(50);  // the window another thread writes its answer into
        return serve_from_cache(out);
    }
    return status;
}

ck_plugin_api wrapped_api() {
    ck_plugin_api api = Sdk::api;
    api.call_hook = &call_hook;
    return api;
}
const ck_plugin_api kApi = wrapped_api();

}  // namespace

extern "C" CK_PLUGIN_EXPORT ck_status ck_plugin_negotiate_v1(const ck_negotiate_in* in, ck_negotiate_out* out,
                                                             ck_error* err) {
    const ck_status status = Sdk::negotiate(in, out, err);
    if (CK_SUCCEEDED(status)) out->api = &kApi;
    return status;
}

// A helper left visible beside the entry point: exported by the
// extra_symbol variant's version script only (tests/validate/modules/
// extra_symbol.map); the others keep it hidden.
extern "C" CK_PLUGIN_EXPORT int roadside_inns_debug_dump(void) { return 42; }

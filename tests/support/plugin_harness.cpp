#include "plugin_harness.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace ck::test {
namespace {

constexpr const char* kModulePath = CK_TEST_PLUGIN_DIR "/cloisterkit_expansions.so";

// The ABI promises the module 8-byte aligned inputs; a builder's buffer
// need not be, so the bytes are copied into 64-bit words.
struct AlignedBytes {
    std::vector<uint64_t> words;
    size_t size = 0;

    AlignedBytes(const uint8_t* data, size_t n) : words((n + 7) / 8), size(n) { std::memcpy(words.data(), data, n); }
    ck_bytes bytes() const { return {reinterpret_cast<const uint8_t*>(words.data()), size}; }
};

void release(ck_buffer& buffer) {
    if (buffer.release) buffer.release(&buffer);
}

ck_error empty_error() {
    ck_error err{};
    err.struct_size = sizeof(err);
    return err;
}

}  // namespace

const ShippedModule& ShippedModule::get() {
    static const ShippedModule module;
    return module;
}

ShippedModule::ShippedModule() {
    handle_ = dlopen(kModulePath, RTLD_NOW | RTLD_LOCAL);
    if (!handle_) throw std::runtime_error(std::string("dlopen failed: ") + dlerror());
    auto negotiate = reinterpret_cast<ck_plugin_negotiate_v1_fn>(dlsym(handle_, CK_PLUGIN_ENTRY_SYMBOL));
    if (!negotiate) throw std::runtime_error("module exports no " CK_PLUGIN_ENTRY_SYMBOL);

    ck_negotiate_in in{sizeof(ck_negotiate_in), CK_ABI_MAJOR, 0, CK_ABI_MINOR, CK_SCHEMA_REVISION, CK_SCHEMA_REVISION};
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ck_error err = empty_error();
    if (negotiate(&in, &out, &err) != CK_OK) throw std::runtime_error(std::string("negotiate: ") + err.message);
    api_ = out.api;

    ck_host_info host{sizeof(ck_host_info), "plugin-tests", "0", nullptr, nullptr, CK_LOG_OFF};
    if (api_->create(&host, &ctx_, &err) != CK_OK) throw std::runtime_error(std::string("create: ") + err.message);
}

uint32_t ShippedModule::index_of(std::string_view expansion_id) const {
    const uint32_t count = api_->expansion_count(ctx_);
    for (uint32_t i = 0; i < count; ++i)
        if (expansion_id == api_->expansion_at(ctx_, i)->id) return i;
    throw std::runtime_error("the module has no expansion " + std::string(expansion_id));
}

void TestState::add_player(std::string name, int followers_in_supply) {
    setup.player_names.push_back(std::move(name));
    game.players.emplace_back(0, static_cast<uint8_t>(followers_in_supply));
}

fb::TurnInfo& TestState::turn() {
    if (!game.turn) {
        game.turn = std::make_unique<fb::TurnInfo>();
        game.turn->mutate_number(1);
        game.turn->mutate_phase(fb::Phase::TilePhase);
    }
    return *game.turn;
}

uint16_t TestState::token_kind(const std::string& kind) {
    for (size_t i = 0; i < setup.token_kinds.size(); ++i)
        if (setup.token_kinds[i] == kind) return static_cast<uint16_t>(i);
    setup.token_kinds.push_back(kind);
    return static_cast<uint16_t>(setup.token_kinds.size() - 1);
}

std::vector<uint8_t> TestState::pack() const {
    flatbuffers::FlatBufferBuilder setup_fbb;
    fb::FinishGameSetupBuffer(setup_fbb, fb::GameSetup::Pack(setup_fbb, &setup));
    game.setup.assign(setup_fbb.GetBufferPointer(), setup_fbb.GetBufferPointer() + setup_fbb.GetSize());
    flatbuffers::FlatBufferBuilder fbb;
    fb::FinishGameStateBuffer(fbb, fb::GameState::Pack(fbb, &game));
    return std::vector<uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
}

HookResult ShippedModule::call(uint32_t expansion, ck_hook_id hook, const TestState& state,
                               const fb::HookRequestT& request) const {
    const std::vector<uint8_t> packed = state.pack();
    flatbuffers::FlatBufferBuilder request_fbb;
    fb::FinishHookRequestBuffer(request_fbb, fb::HookRequest::Pack(request_fbb, &request));
    const AlignedBytes state_bytes(packed.data(), packed.size());
    const AlignedBytes request_bytes(request_fbb.GetBufferPointer(), request_fbb.GetSize());

    HookResult result;
    ck_buffer out{};
    out.struct_size = sizeof(out);
    ck_error err = empty_error();
    result.status = api_->call_hook(ctx_, expansion, hook, state_bytes.bytes(), request_bytes.bytes(), &out, &err);
    if (result.status == CK_OK) {
        flatbuffers::Verifier verifier(out.data, out.size);
        if (!verifier.VerifyBuffer<fb::HookResponse>("CKRS")) {
            release(out);
            throw std::runtime_error("the module answered a HookResponse that fails verification");
        }
        flatbuffers::GetRoot<fb::HookResponse>(out.data)->UnPackTo(&result.response);
    } else if (!CK_SUCCEEDED(result.status)) {
        result.error = err.message;
    }
    release(out);
    return result;
}

fb::ExpansionManifestT ShippedModule::manifest(uint32_t expansion) const {
    ck_buffer out{};
    out.struct_size = sizeof(out);
    ck_error err = empty_error();
    if (api_->get_manifest(ctx_, expansion, &out, &err) != CK_OK)
        throw std::runtime_error(std::string("get_manifest: ") + err.message);
    flatbuffers::Verifier verifier(out.data, out.size);
    if (!fb::VerifyExpansionManifestBuffer(verifier)) {
        release(out);
        throw std::runtime_error("the manifest fails verification");
    }
    fb::ExpansionManifestT manifest;
    fb::GetExpansionManifest(out.data)->UnPackTo(&manifest);
    release(out);
    return manifest;
}

void set_rule(TestState& state, const std::string& key, const std::string& value) {
    auto& rules = state.setup.rules;
    for (auto& kv : rules)
        if (kv->key == key) {
            kv->value = value;
            return;
        }
    auto kv = std::make_unique<fb::KeyValueT>();
    kv->key = key;
    kv->value = value;
    rules.push_back(std::move(kv));
    std::sort(rules.begin(), rules.end(), [](const auto& a, const auto& b) { return a->key < b->key; });
}

int count_effects(const HookResult& result, fb::Effect type) {
    return static_cast<int>(std::count_if(result.response.effects.begin(), result.response.effects.end(),
                                          [&](const auto& e) { return e->effect.type == type; }));
}

int feature_points_delta(const HookResult& result) {
    int delta = 0;
    for (const auto& entry : result.response.effects)
        if (const fb::AdjustFeaturePointsT* a = entry->effect.AsAdjustFeaturePoints()) delta += a->delta;
    return delta;
}

}  // namespace ck::test

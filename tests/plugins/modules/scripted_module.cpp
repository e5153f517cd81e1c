// A plugin module written straight against the C ABI (no SDK), so tests can
// make it misbehave in ways the SDK would never allow. Built in several
// variants, compiled once (module_variant.hpp):
//   1 "scripted": the expansions below, one behaviour each;
//   2 "refusing": negotiation refuses (it claims a future schema revision only);
//   3 "bad-manifest": get_manifest returns bytes that are not a manifest;
//   4 "short-api": the API table's struct_size is too small for its functions;
//   5 "short-descriptor": expansion descriptors' struct_size stops before `hooks`;
//   6 "future-placement": a token kind declares a TokenPlacement this host
//     does not know (a newer module's value);
//   7 "future-hand-play": test.good declares a HandPlay this host does not
//     know (a newer module's value), which leaves hand tiles to the hooks;
//   8 "hand-play-without-action": test.good declares HandPlay
//     InsteadOfDrawing without an action;
//   9 "hand-play-label-too-long": the same with a label of 1,025 bytes.
#include <cloisterkit/plugin.h>
#include <flatbuffers/flatbuffers.h>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>
#include <cloisterkit/schemas/manifest_generated.h>

#include "module_variant.hpp"

namespace {

using flatbuffers::FlatBufferBuilder;
using namespace ck::fb;

enum Behaviour {
    Good, Multiplier, Garbage, Disallowed, BadPlayer, Failing, WrongTile, VetoEast, TilePlaced, BadVeto,
    Truncated, Oversized, Unimplemented, Slow
};

// How long the Slow expansion's GAME_START takes before it answers.
constexpr auto kSlowHookTime = std::chrono::milliseconds(150);

struct TestExpansion {
    Behaviour behaviour;
    ck_expansion_desc desc;
};

constexpr uint64_t kGoodHooks = CK_HOOK_BIT(CK_HOOK_GAME_START) | CK_HOOK_BIT(CK_HOOK_FIGURE_OPTIONS) |
                                CK_HOOK_BIT(CK_HOOK_APPLY_FIGURE_ACTION) | CK_HOOK_BIT(CK_HOOK_BONUS_POINTS) |
                                CK_HOOK_BIT(CK_HOOK_FINAL_SCORING);
const char* const kRequiresGood[] = {"test.good", nullptr};

TestExpansion kExpansions[] = {
    {Good, {sizeof(ck_expansion_desc), "test.good", "Good", "1.0.0", kGoodHooks, nullptr}},
    {Multiplier,
     {sizeof(ck_expansion_desc), "test.multiplier", "Multiplier", "1.0.0", CK_HOOK_BIT(CK_HOOK_FEATURE_SCORING),
      kRequiresGood}},
    {Garbage, {sizeof(ck_expansion_desc), "test.garbage", "Garbage", "1.0.0", CK_HOOK_BIT(CK_HOOK_GAME_START), nullptr}},
    {Disallowed,
     {sizeof(ck_expansion_desc), "test.disallowed", "Disallowed", "1.0.0", CK_HOOK_BIT(CK_HOOK_GAME_START), nullptr}},
    {BadPlayer,
     {sizeof(ck_expansion_desc), "test.bad-player", "Bad player", "1.0.0", CK_HOOK_BIT(CK_HOOK_GAME_START), nullptr}},
    {Failing, {sizeof(ck_expansion_desc), "test.failing", "Failing", "1.0.0", CK_HOOK_BIT(CK_HOOK_GAME_START), nullptr}},
    {WrongTile,
     {sizeof(ck_expansion_desc), "test.wrong-tile", "Wrong tile", "1.0.0", CK_HOOK_BIT(CK_HOOK_APPLY_FIGURE_ACTION) |
                                                                                CK_HOOK_BIT(CK_HOOK_FIGURE_OPTIONS),
      nullptr}},
    // PLACEMENT_CHECK: vetoes every candidate east of x = 0.
    {VetoEast, {sizeof(ck_expansion_desc), "test.veto-east", "Veto east", "1.0.0", CK_HOOK_BIT(CK_HOOK_PLACEMENT_CHECK), nullptr}},
    // TILE_PLACED: 1 point to the player for every tile placed, 10 when it came from the hand.
    {TilePlaced,
     {sizeof(ck_expansion_desc), "test.tile-placed", "Tile placed", "1.0.0", CK_HOOK_BIT(CK_HOOK_TILE_PLACED), nullptr}},
    // PLACEMENT_CHECK: vetoes a candidate index that was never asked about.
    {BadVeto, {sizeof(ck_expansion_desc), "test.bad-veto", "Bad veto", "1.0.0", CK_HOOK_BIT(CK_HOOK_PLACEMENT_CHECK), nullptr}},
    // GAME_START: a valid response (AddPoints) cut to half its length.
    {Truncated, {sizeof(ck_expansion_desc), "test.truncated", "Truncated", "1.0.0", CK_HOOK_BIT(CK_HOOK_GAME_START), nullptr}},
    // GAME_START: a response claiming one byte more than CK_MAX_BUFFER_SIZE
    // (its data is 64 bytes: reading past them would be a host bug).
    {Oversized, {sizeof(ck_expansion_desc), "test.oversized", "Oversized", "1.0.0", CK_HOOK_BIT(CK_HOOK_GAME_START), nullptr}},
    // Claims GAME_START in its descriptor but answers CK_E_UNSUPPORTED_HOOK.
    {Unimplemented,
     {sizeof(ck_expansion_desc), "test.unimplemented", "Unimplemented", "1.0.0", CK_HOOK_BIT(CK_HOOK_GAME_START), nullptr}},
    // GAME_START: 3 points to player 0, after kSlowHookTime.
    {Slow, {sizeof(ck_expansion_desc), "test.slow", "Slow", "1.0.0", CK_HOOK_BIT(CK_HOOK_GAME_START), nullptr}},
};
constexpr uint32_t kCount = sizeof(kExpansions) / sizeof(kExpansions[0]);

struct Context {
    ck_host_info host;
};

ck_status fail(ck_error* err, ck_status code, const char* message) {
    if (err != nullptr) {
        err->code = code;
        std::snprintf(err->message, sizeof(err->message), "%s", message);
    }
    return code;
}

// Output buffers own a heap copy of the finished bytes.
void release_bytes(ck_buffer* b) {
    delete[] static_cast<uint8_t*>(b->private_data);
    b->data = nullptr;
    b->release = nullptr;
    b->private_data = nullptr;
}

void hand_over(const uint8_t* data, size_t size, ck_buffer* out) {
    auto* copy = new uint8_t[size];
    std::memcpy(copy, data, size);
    out->data = copy;
    out->size = size;
    out->release = &release_bytes;
    out->private_data = copy;
}

ck_status create(const ck_host_info* host, ck_plugin_ctx** out_ctx, ck_error*) {
    auto* ctx = new Context{*host};
    if (host->log != nullptr && host->max_log_level <= CK_LOG_INFO) {
        const char msg[] = "scripted module created";
        host->log(host->host_data, CK_LOG_INFO, msg, sizeof(msg) - 1);
    }
    *out_ctx = reinterpret_cast<ck_plugin_ctx*>(ctx);
    return CK_OK;
}

void destroy(ck_plugin_ctx* ctx) { delete reinterpret_cast<Context*>(ctx); }
uint32_t expansion_count(const ck_plugin_ctx*) { return kCount; }
const ck_expansion_desc* expansion_at(const ck_plugin_ctx*, uint32_t i) {
    if (i >= kCount) return nullptr;
    if (module_variant == 5) {
        static ck_expansion_desc short_desc;
        short_desc = kExpansions[i].desc;
        short_desc.struct_size = offsetof(ck_expansion_desc, hooks);
        return &short_desc;
    }
    return &kExpansions[i].desc;
}

ck_status get_manifest(const ck_plugin_ctx*, uint32_t index, ck_buffer* out, ck_error* err) {
    if (index >= kCount) return fail(err, CK_E_NO_SUCH_EXPANSION, "no such expansion");
    if (module_variant == 3) {
        static const uint8_t junk[32] = {12, 0, 0, 0, 'N', 'O', 'P', 'E'};
        hand_over(junk, sizeof(junk), out);
        return CK_OK;
    }
    const ck_expansion_desc& d = kExpansions[index].desc;
    FlatBufferBuilder b;
    std::vector<flatbuffers::Offset<RuleOptionDecl>> options;
    if (kExpansions[index].behaviour == Good)
        options.push_back(CreateRuleOptionDeclDirect(b, "test.bonus", "1", nullptr, "points added by BONUS_POINTS"));
    std::vector<flatbuffers::Offset<TokenKindDecl>> tokens;
    if (kExpansions[index].behaviour == Good)
        tokens.push_back(CreateTokenKindDeclDirect(
            b, "TEST_TOKEN", "test token", 2,
            module_variant == 6 ? static_cast<TokenPlacement>(7) : TokenPlacement::ByHooks));
    flatbuffers::Offset<HandPlayDecl> hand_play;
    if (kExpansions[index].behaviour == Good && module_variant == 7)
        hand_play = CreateHandPlayDeclDirect(b, static_cast<HandPlay>(9), "play-it", "play {tile}");
    if (kExpansions[index].behaviour == Good && module_variant == 8)
        hand_play = CreateHandPlayDeclDirect(b, HandPlay::InsteadOfDrawing, "", "play {tile}");
    if (kExpansions[index].behaviour == Good && module_variant == 9)
        hand_play = CreateHandPlayDeclDirect(b, HandPlay::InsteadOfDrawing, "play-it", std::string(1025, 'x').c_str());
    auto manifest = CreateExpansionManifestDirect(b, d.id, d.name, d.version, "a test expansion", d.hooks, nullptr,
                                                  &options, &tokens, nullptr, nullptr, nullptr, nullptr, nullptr,
                                                  nullptr, nullptr, hand_play);
    b.Finish(manifest, ExpansionManifestIdentifier());
    hand_over(b.GetBufferPointer(), b.GetSize(), out);
    return CK_OK;
}

int tokens_left(const GameState& gs, uint8_t player) {
    // The only token kind this module declares; a raw C-ABI module reads
    // the setup to find its index (the SDK's HookContext does this for
    // expansions built with it).
    const GameSetup* setup = gs.setup_nested_root();
    if (setup == nullptr || setup->token_kinds() == nullptr || gs.token_stocks() == nullptr) return 0;
    for (const TokenStock* t : *gs.token_stocks())
        if (t->player() == player && t->kind() < setup->token_kinds()->size() &&
            setup->token_kinds()->Get(t->kind())->str() == "TEST_TOKEN")
            return t->count();
    return 0;
}

flatbuffers::Offset<EffectEntry> entry(FlatBufferBuilder& b, Effect type, flatbuffers::Offset<void> value) {
    return CreateEffectEntry(b, type, value);
}

ck_status respond(FlatBufferBuilder& b, std::vector<flatbuffers::Offset<EffectEntry>>& effects, ck_buffer* out) {
    b.Finish(CreateHookResponse(b, b.CreateVector(effects)), "CKRS");
    hand_over(b.GetBufferPointer(), b.GetSize(), out);
    return CK_OK;
}

ck_status call_hook(const ck_plugin_ctx*, uint32_t index, ck_hook_id hook, ck_bytes state, ck_bytes request,
                    ck_buffer* out, ck_error* err) {
    if (index >= kCount) return fail(err, CK_E_NO_SUCH_EXPANSION, "no such expansion");
    {
        flatbuffers::Verifier vs(state.data, state.size), vr(request.data, request.size);
        if (!VerifyGameStateBuffer(vs) || !VerifyHookRequestBuffer(vr)) return fail(err, CK_E_BAD_BUFFER, "bad input");
    }
    const GameState* gs = GetGameState(state.data);
    const HookRequest* rq = GetHookRequest(request.data);
    FlatBufferBuilder b;
    std::vector<flatbuffers::Offset<EffectEntry>> fx;
    switch (kExpansions[index].behaviour) {
        case Good:
            if (hook == CK_HOOK_GAME_START) {
                const int players = rq->args_as_GameStartArgs()->player_count();
                for (int p = 0; p < players; ++p)
                    fx.push_back(entry(b, Effect::GiveTokens, CreateGiveTokensDirect(b, p, "TEST_TOKEN", 2).Union()));
                const std::vector<uint8_t> data{1, 2, 3};
                fx.push_back(entry(b, Effect::SetExpansionData, CreateSetExpansionDataDirect(b, &data).Union()));
            } else if (hook == CK_HOOK_FIGURE_OPTIONS) {
                const auto* args = rq->args_as_FigureOptionsArgs();
                if (tokens_left(*gs, args->player()) == 0) return respond(b, fx, out);
                auto option = CreateFigureOptionDirect(b, "place-token", "TEST_TOKEN", args->tile(), "test token");
                fx.push_back(entry(b, Effect::OfferFigureOption, CreateOfferFigureOption(b, option).Union()));
            } else if (hook == CK_HOOK_APPLY_FIGURE_ACTION) {
                const auto* args = rq->args_as_ApplyFigureActionArgs();
                fx.push_back(entry(b, Effect::PlaceToken,
                                   CreatePlaceTokenDirect(b, args->player(), "TEST_TOKEN", args->option()->at()).Union()));
                fx.push_back(entry(b, Effect::ConsumeFigureAction, CreateConsumeFigureAction(b).Union()));
            } else if (hook == CK_HOOK_BONUS_POINTS) {
                fx.push_back(entry(b, Effect::AdjustFeaturePoints, CreateAdjustFeaturePointsDirect(b, 1, "bonus").Union()));
            } else if (hook == CK_HOOK_FINAL_SCORING) {
                fx.push_back(entry(b, Effect::AddPoints, CreateAddPointsDirect(b, 0, 5, "test.final").Union()));
            }
            return respond(b, fx, out);
        case Multiplier: {
            // Doubles the feature's points so far.
            const int points = rq->args_as_FeatureScoringArgs()->feature()->points();
            fx.push_back(entry(b, Effect::AdjustFeaturePoints, CreateAdjustFeaturePointsDirect(b, points, "double").Union()));
            return respond(b, fx, out);
        }
        case Garbage: {
            static const uint8_t garbage[24] = {0xde, 0xad, 0xbe, 0xef, 'C', 'K', 'R', 'S', 0xff, 0xff, 0xff, 0x7f};
            hand_over(garbage, sizeof(garbage), out);
            return CK_OK;
        }
        case Disallowed:
            fx.push_back(entry(b, Effect::AddPoints, CreateAddPointsDirect(b, 0, 3, "fine").Union()));
            fx.push_back(entry(b, Effect::EndGame, CreateEndGameDirect(b, "not allowed at game start").Union()));
            return respond(b, fx, out);
        case BadPlayer:
            // A valid effect first: the host must still apply nothing.
            fx.push_back(entry(b, Effect::AddPoints, CreateAddPointsDirect(b, 0, 3, "fine").Union()));
            fx.push_back(entry(b, Effect::GiveTokens,
                               CreateGiveTokensDirect(b, static_cast<uint8_t>(gs->players()->size() + 5), "X", 1).Union()));
            return respond(b, fx, out);
        case Failing:
            return fail(err, CK_E_INTERNAL, "deliberate failure in test.failing");
        case VetoEast: {
            const auto* candidates = rq->args_as_PlacementCheckArgs()->candidates();
            for (uint32_t i = 0; i < candidates->size(); ++i)
                if (candidates->Get(i)->at().x() > 0)
                    fx.push_back(entry(b, Effect::VetoPlacement, CreateVetoPlacementDirect(b, i, "east of x = 0").Union()));
            return respond(b, fx, out);
        }
        case TilePlaced: {
            const auto* args = rq->args_as_TilePlacedArgs();
            fx.push_back(entry(b, Effect::AddPoints,
                               CreateAddPointsDirect(b, args->player(), args->from_hand() ? 10 : 1, "test.tile").Union()));
            return respond(b, fx, out);
        }
        case Truncated: {
            fx.push_back(entry(b, Effect::AddPoints, CreateAddPointsDirect(b, 0, 3, "cut short").Union()));
            b.Finish(CreateHookResponse(b, b.CreateVector(fx)), "CKRS");
            hand_over(b.GetBufferPointer(), b.GetSize() / 2, out);
            return CK_OK;
        }
        case Oversized: {
            static const uint8_t small[64] = {8, 0, 0, 0, 'C', 'K', 'R', 'S'};
            hand_over(small, sizeof(small), out);
            out->size = CK_MAX_BUFFER_SIZE + 1;
            return CK_OK;
        }
        case Unimplemented:
            return fail(err, CK_E_UNSUPPORTED_HOOK, "hook 0 is not implemented by test.unimplemented");
        case Slow:
            std::this_thread::sleep_for(kSlowHookTime);
            fx.push_back(entry(b, Effect::AddPoints, CreateAddPointsDirect(b, 0, 3, "slow").Union()));
            return respond(b, fx, out);
        case BadVeto: {
            const uint32_t n = rq->args_as_PlacementCheckArgs()->candidates()->size();
            fx.push_back(entry(b, Effect::VetoPlacement, CreateVetoPlacementDirect(b, n, "no such candidate").Union()));
            return respond(b, fx, out);
        }
        case WrongTile:
            if (hook == CK_HOOK_FIGURE_OPTIONS) {
                const auto* args = rq->args_as_FigureOptionsArgs();
                auto option = CreateFigureOptionDirect(b, "place-token", "TEST_TOKEN", args->tile(), "test token");
                fx.push_back(entry(b, Effect::OfferFigureOption, CreateOfferFigureOption(b, option).Union()));
            } else {
                const TileRef far_away(1000, 1000, Corner::None);
                fx.push_back(entry(b, Effect::PlaceToken,
                                   CreatePlaceTokenDirect(b, rq->args_as_ApplyFigureActionArgs()->player(), "TEST_TOKEN",
                                                          &far_away).Union()));
            }
            return respond(b, fx, out);
    }
    return fail(err, CK_E_INTERNAL, "unreachable");
}

const void* get_extension(const ck_plugin_ctx*, const char*) { return nullptr; }

const char* status_name(ck_status s) {
    switch (s) {
        case CK_E_INTERNAL: return "CK_E_INTERNAL";
        case CK_E_BAD_BUFFER: return "CK_E_BAD_BUFFER";
        case CK_E_UNSUPPORTED_HOOK: return "CK_E_UNSUPPORTED_HOOK";
        default: return s >= 0 ? "CK_OK" : "CK_E_OTHER";
    }
}

const ck_plugin_api kApi = {module_variant == 4 ? uint32_t{8} : uint32_t{sizeof(ck_plugin_api)}, &create,    &destroy,       &expansion_count, &expansion_at,
                            &get_manifest,         &call_hook, &get_extension, &status_name};

}  // namespace

extern "C" CK_PLUGIN_EXPORT ck_status ck_plugin_negotiate_v1(const ck_negotiate_in* in, ck_negotiate_out* out,
                                                             ck_error* err) {
    if (module_variant == 2 || in->schema_max < CK_SCHEMA_REVISION)
        return fail(err, CK_E_VERSION_MISMATCH, "schema revision: module 'refusing' provides 99..99 only");
    out->abi_minor = 0;
    out->schema_revision = CK_SCHEMA_REVISION;
    out->api = &kApi;
    out->module_name = module_variant == 3   ? "bad-manifest"
                       : module_variant == 4 ? "short-api"
                       : module_variant == 5 ? "short-descriptor"
                       : module_variant == 6 ? "future-placement"
                       : module_variant == 7 ? "future-hand-play"
                       : module_variant == 8 ? "hand-play-without-action"
                       : module_variant == 9 ? "hand-play-label-too-long"
                                                  : "scripted";
    out->module_version = "0.0.1";
    return CK_OK;
}

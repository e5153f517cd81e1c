// call_hook: verify both untrusted inputs, dispatch to the expansion's
// virtual, hand the effects back as a ck_buffer. This is the hot path (AI
// search calls it millions of times): no string is built unless a check
// fails, and the only allocation is the response builder's.
#include <string>

#include <cloisterkit/sdk/module.hpp>

#include "buffers.hpp"
#include "errors.hpp"
#include "plugin_context.hpp"
#include "state_verification.hpp"
#include "verified_state_cache.hpp"

namespace ck::sdk::detail {
namespace {

// The argument table each hook takes, indexed by hook id (plugin.h).
constexpr fb::HookArgs kArgsOfHook[] = {
    fb::HookArgs::GameStartArgs,       fb::HookArgs::TileStepOptionsArgs, fb::HookArgs::PlacementCheckArgs,
    fb::HookArgs::TilePlacedArgs,      fb::HookArgs::FigureOptionsArgs,   fb::HookArgs::ApplyFigureActionArgs,
    fb::HookArgs::FeatureScoringArgs,  fb::HookArgs::BonusPointsArgs,     fb::HookArgs::TurnEndArgs,
    fb::HookArgs::GameEndCheckArgs,    fb::HookArgs::FinalScoringArgs,    fb::HookArgs::ApplyTileStepOptionArgs,
    fb::HookArgs::TurnStartArgs,       fb::HookArgs::FigureStepEndArgs,   fb::HookArgs::MovementStepArgs,
    fb::HookArgs::ApplyDecisionArgs,   fb::HookArgs::FeatureCompletedArgs, fb::HookArgs::FigureStrengthArgs,
};
static_assert(sizeof(kArgsOfHook) / sizeof(kArgsOfHook[0]) == CK_HOOK_COUNT,
              "every hook in plugin.h needs its argument table here");

// Size, pointer and identifier checks shared by both inputs; the
// FlatBuffers verifier runs only after them (its constructor asserts on
// sizes of 2^31 - 1 and more).
ck_status check_bytes(ck_bytes bytes, const char* what, const char* identifier, ck_error* err) {
    if (bytes.size > CK_MAX_BUFFER_SIZE)
        return fail(err, CK_E_BUFFER_TOO_LARGE,
                    std::string(what) + ": " + std::to_string(bytes.size) + " bytes, more than CK_MAX_BUFFER_SIZE");
    if (bytes.data == nullptr && bytes.size != 0)
        return fail(err, CK_E_INVALID_ARGUMENT, std::string(what) + ": data is NULL but size is " +
                                                    std::to_string(bytes.size));
    if (bytes.size < sizeof(flatbuffers::uoffset_t) + flatbuffers::kFileIdentifierLength ||
        !flatbuffers::BufferHasIdentifier(bytes.data, identifier))
        return fail(err, CK_E_BAD_BUFFER,
                    std::string(what) + ": not a FlatBuffers buffer with identifier \"" + identifier + "\" (" +
                        std::to_string(bytes.size) + " bytes)");
    return CK_OK;
}

ck_status verification_failed(const char* what, size_t size, ck_error* err) {
    return fail(err, CK_E_BAD_BUFFER,
                std::string(what) + ": failed FlatBuffers verification (" + std::to_string(size) + " bytes)");
}

// FlatBuffers fields are optional on the wire; a verified request can lack
// any of them. These are the ones a hook cannot work without; the SDK
// refuses a request missing one, so expansion code may dereference them.
// Returns the missing field's name, or nullptr. (docs/abi.md lists them.)
const char* missing_field(const fb::ScoredFeature* f) {
    if (f == nullptr) return "feature";
    if (f->parts() == nullptr) return "feature.parts";
    if (f->scorers() == nullptr) return "feature.scorers";
    return nullptr;
}

const char* missing_field(const fb::HookRequest& r, ck_hook_id hook) {
    switch (hook) {
        case CK_HOOK_PLACEMENT_CHECK:
            return r.args_as_PlacementCheckArgs()->candidates() == nullptr ? "candidates" : nullptr;
        case CK_HOOK_TILE_PLACED:
            return r.args_as_TilePlacedArgs()->placement() == nullptr ? "placement" : nullptr;
        case CK_HOOK_FIGURE_OPTIONS: return r.args_as_FigureOptionsArgs()->tile() == nullptr ? "tile" : nullptr;
        case CK_HOOK_APPLY_FIGURE_ACTION: {
            const fb::FigureOption* o = r.args_as_ApplyFigureActionArgs()->option();
            if (o == nullptr) return "option";
            if (o->action() == nullptr) return "option.action";
            return o->at() == nullptr ? "option.at" : nullptr;
        }
        case CK_HOOK_APPLY_TILE_STEP_OPTION:
            return r.args_as_ApplyTileStepOptionArgs()->action() == nullptr ? "action" : nullptr;
        case CK_HOOK_FIGURE_STEP_END: return r.args_as_FigureStepEndArgs()->tile() == nullptr ? "tile" : nullptr;
        case CK_HOOK_APPLY_MOVEMENT_STEP: {
            const fb::MovementStepArgs* a = r.args_as_MovementStepArgs();
            if (a->figure() == nullptr) return "figure";
            return a->target() == nullptr ? "target" : nullptr;
        }
        case CK_HOOK_APPLY_DECISION: {
            const fb::ApplyDecisionArgs* a = r.args_as_ApplyDecisionArgs();
            if (a->key() == nullptr) return "key";
            return !a->passed() && a->option() == nullptr ? "option" : nullptr;
        }
        case CK_HOOK_FEATURE_SCORING: return missing_field(r.args_as_FeatureScoringArgs()->feature());
        case CK_HOOK_BONUS_POINTS: return missing_field(r.args_as_BonusPointsArgs()->feature());
        case CK_HOOK_FEATURE_COMPLETED: return missing_field(r.args_as_FeatureCompletedArgs()->feature());
        case CK_HOOK_FIGURE_STRENGTH: {
            const fb::FigureStrengthArgs* a = r.args_as_FigureStrengthArgs();
            if (const char* m = missing_field(a->feature())) return m;
            return a->figures() == nullptr ? "figures" : nullptr;
        }
        default: return nullptr;
    }
}

void dispatch(const Expansion& e, ck_hook_id hook, const HookContext& c, const fb::HookRequest& r, Effects& fx) {
    switch (hook) {
        case CK_HOOK_GAME_START: return e.on_game_start(c, *r.args_as_GameStartArgs(), fx);
        case CK_HOOK_TILE_STEP_OPTIONS: return e.tile_step_options(c, *r.args_as_TileStepOptionsArgs(), fx);
        case CK_HOOK_PLACEMENT_CHECK: return e.check_placements(c, *r.args_as_PlacementCheckArgs(), fx);
        case CK_HOOK_TILE_PLACED: return e.on_tile_placed(c, *r.args_as_TilePlacedArgs(), fx);
        case CK_HOOK_FIGURE_OPTIONS: return e.figure_options(c, *r.args_as_FigureOptionsArgs(), fx);
        case CK_HOOK_APPLY_FIGURE_ACTION: return e.apply_figure_action(c, *r.args_as_ApplyFigureActionArgs(), fx);
        case CK_HOOK_FEATURE_SCORING: return e.score_feature(c, *r.args_as_FeatureScoringArgs(), fx);
        case CK_HOOK_BONUS_POINTS: return e.bonus_points(c, *r.args_as_BonusPointsArgs(), fx);
        case CK_HOOK_TURN_END: return e.on_turn_end(c, *r.args_as_TurnEndArgs(), fx);
        case CK_HOOK_GAME_END_CHECK: return e.check_game_end(c, *r.args_as_GameEndCheckArgs(), fx);
        case CK_HOOK_FINAL_SCORING: return e.final_scoring(c, *r.args_as_FinalScoringArgs(), fx);
        case CK_HOOK_APPLY_TILE_STEP_OPTION:
            return e.apply_tile_step_option(c, *r.args_as_ApplyTileStepOptionArgs(), fx);
        case CK_HOOK_TURN_START: return e.on_turn_start(c, *r.args_as_TurnStartArgs(), fx);
        case CK_HOOK_FIGURE_STEP_END: return e.on_figure_step_end(c, *r.args_as_FigureStepEndArgs(), fx);
        case CK_HOOK_APPLY_MOVEMENT_STEP: return e.apply_movement_step(c, *r.args_as_MovementStepArgs(), fx);
        case CK_HOOK_APPLY_DECISION: return e.apply_decision(c, *r.args_as_ApplyDecisionArgs(), fx);
        case CK_HOOK_FEATURE_COMPLETED: return e.on_feature_completed(c, *r.args_as_FeatureCompletedArgs(), fx);
        case CK_HOOK_FIGURE_STRENGTH: return e.figure_strength(c, *r.args_as_FigureStrengthArgs(), fx);
        default: throw StatusError(CK_E_UNSUPPORTED_HOOK, "hook " + std::to_string(hook) + " has no dispatch");
    }
}

ck_status run_hook(const ck_plugin_ctx* ctx, uint32_t expansion_index, ck_hook_id hook, ck_bytes state,
                   ck_bytes request, ck_buffer* out, ck_error* err) {
    if (out == nullptr) return fail(err, CK_E_INVALID_ARGUMENT, "call_hook: out must not be NULL");
    reset_buffer(out);
    if (ctx == nullptr) return fail(err, CK_E_INVALID_ARGUMENT, "call_hook: ctx must not be NULL");
    if (expansion_index >= ctx->expansions.size())
        return fail(err, CK_E_NO_SUCH_EXPANSION,
                    "call_hook: expansion index " + std::to_string(expansion_index) + " out of range (module has " +
                        std::to_string(ctx->expansions.size()) + ")");
    const LoadedExpansion& loaded = *ctx->expansions[expansion_index];
    if (hook >= CK_HOOK_COUNT || (loaded.desc.hooks & CK_HOOK_BIT(hook)) == 0)
        return fail(err, CK_E_UNSUPPORTED_HOOK,
                    "call_hook: expansion '" + loaded.info.id + "' does not implement hook " + std::to_string(hook));

    if (ck_status s = check_bytes(state, "state", fb::GameStateIdentifier(), err); s != CK_OK) return s;
    if (ck_status s = check_bytes(request, "request", fb::HookRequestIdentifier(), err); s != CK_OK) return s;
    const fb::GameSetup* setup = nullptr;
    if (ck_status s = verify_state(state, &setup, err); s != CK_OK) return s;
    if (!request_already_verified(request)) {
        flatbuffers::Verifier request_verifier(request.data, request.size);
        if (!fb::VerifyHookRequestBuffer(request_verifier)) return verification_failed("request", request.size, err);
        remember_verified_request(request);
    }

    const fb::HookRequest& req = *fb::GetHookRequest(request.data);
    if (req.hook() != hook)
        return fail(err, CK_E_BAD_BUFFER,
                    "request: hook field is " + std::to_string(req.hook()) + " but call_hook was asked for hook " +
                        std::to_string(hook));
    if (req.args_type() != kArgsOfHook[hook] || req.args() == nullptr)
        return fail(err, CK_E_BAD_BUFFER,
                    std::string("request: hook ") + std::to_string(hook) + " takes " +
                        fb::EnumNameHookArgs(kArgsOfHook[hook]) + " but the request carries " +
                        (req.args() == nullptr ? "no arguments" : fb::EnumNameHookArgs(req.args_type())));

    if (const char* missing = missing_field(req, hook))
        return fail(err, CK_E_BAD_BUFFER,
                    std::string("request: ") + fb::EnumNameHookArgs(kArgsOfHook[hook]) + "." + missing +
                        " is missing (required for hook " + std::to_string(hook) + ")");

    const HookContext context(*fb::GetGameState(state.data), *setup, Logger(loaded.log), loaded.info.id,
                              current_setup_id());
    Effects effects;
    dispatch(*loaded.expansion, hook, context, req, effects);
    if (effects.empty()) {
        // Documented choice: no effects = CK_NOTHING_TO_DO with an empty,
        // releasable buffer; building an empty response would cost an
        // allocation on the most frequent outcome.
        make_empty(out);
        clear_error(err);
        return CK_NOTHING_TO_DO;
    }
    flatbuffers::FlatBufferBuilder response = effects.finish();
    hand_over(response, out);
    clear_error(err);
    return CK_OK;
}

}  // namespace

ck_status call_hook(const ck_plugin_ctx* ctx, uint32_t expansion_index, ck_hook_id hook, ck_bytes state,
                    ck_bytes request, ck_buffer* out, ck_error* err) noexcept {
    const ck_status status = exception_barrier(
        err, [&] { return run_hook(ctx, expansion_index, hook, state, request, out, err); });
    // A hook that threw after building part of a response must not leak it
    // nor hand it out: on failure `out` is always empty.
    if (!CK_SUCCEEDED(status) && out != nullptr && out->release != nullptr) out->release(out);
    return status;
}

}  // namespace ck::sdk::detail

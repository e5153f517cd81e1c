// Writes seed inputs for the module hook targets (module_hook_fuzzer.cpp):
// for a few scenarios of tests/scenarios, the GameState bytes the host's
// bridge builds for the replayed game, and one plausible request per hook;
// for the effect applier target (effect_applier_fuzzer.cpp), what the
// shipped module answers to those calls plus a few hand-made responses; and
// for the shortcut target (state_cache_differential_fuzzer.cpp) the same
// states and requests with edits, one of them 1.2.0's defect (issue #23).
// Run by tests/fuzz/make-corpus.sh; not part of CI (the seeds are committed).
//
// usage: make_fuzz_seeds CORPUS_DIR
#include <cloisterkit/plugin.h>
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "core/game.hpp"
#include <cloisterkit/schemas/hooks_generated.h>
#include "jcz/replayer.hpp"
#include "jcz/saved_game.hpp"
#include "plugins/module_loader.hpp"
#include "plugins/plugin_hooks.hpp"

namespace fs = std::filesystem;
using namespace ck;

namespace {

const char* const kHookNames[CK_HOOK_COUNT] = {
    "game_start",      "tile_step_options", "placement_check", "tile_placed",
    "figure_options",  "apply_figure_action", "feature_scoring", "bonus_points",
    "turn_end",        "game_end_check",    "final_scoring",   "apply_tile_step_option",
    "turn_start",      "figure_step_end",   "apply_movement_step", "apply_decision",
    "feature_completed", "figure_strength"};

fb::HookRequestT request_for(ck_hook_id hook, const host::Game& g) {
    const uint8_t player = g.active_player();
    const host::PlacedTile& last = g.placed_tiles().back();
    const fb::TileRef at(last.at.pos.x, last.at.pos.y, static_cast<fb::Corner>(last.at.corner));
    const fb::Placement placement(at, last.rotation, last.type);
    fb::HookRequestT r;
    r.hook = hook;
    switch (hook) {
        case CK_HOOK_GAME_START: {
            fb::GameStartArgsT a;
            a.player_count = static_cast<uint8_t>(g.player_count());
            a.seed = 12345;
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_TILE_STEP_OPTIONS: {
            fb::TileStepOptionsArgsT a;
            a.player = player;
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_PLACEMENT_CHECK: {
            fb::PlacementCheckArgsT a;
            a.player = player;
            for (uint8_t rot = 0; rot < 4; ++rot)
                a.candidates.emplace_back(fb::TileRef(int16_t(last.at.pos.x + 1), last.at.pos.y, fb::Corner::None),
                                          rot, last.type);
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_TILE_PLACED: {
            fb::TilePlacedArgsT a;
            a.player = player;
            a.placement = std::make_unique<fb::Placement>(placement);
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_FIGURE_OPTIONS: {
            fb::FigureOptionsArgsT a;
            a.player = player;
            a.tile = std::make_unique<fb::TileRef>(at);
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_APPLY_FIGURE_ACTION: {
            fb::ApplyFigureActionArgsT a;
            a.player = player;
            a.option = std::make_unique<fb::FigureOptionT>();
            a.option->action = "place-token";
            a.option->token_kind = "LB_TOWER";
            a.option->at = std::make_unique<fb::TileRef>(at);
            a.option->label = "tower";
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_FEATURE_SCORING:
        case CK_HOOK_BONUS_POINTS: {
            auto f = std::make_unique<fb::ScoredFeatureT>();
            f->id = 1;
            f->kind = fb::FeatureKind::City;
            f->completed = true;
            f->parts = {at};
            f->base_points = 4;
            f->points = 4;
            f->scorers = {player};
            f->name = "city";
            f->spaces = 2;
            f->tiles = 2;
            if (hook == CK_HOOK_FEATURE_SCORING) {
                fb::FeatureScoringArgsT a;
                a.feature = std::move(f);
                r.args.Set(std::move(a));
            } else {
                fb::BonusPointsArgsT a;
                a.feature = std::move(f);
                r.args.Set(std::move(a));
            }
            break;
        }
        case CK_HOOK_TURN_END: {
            fb::TurnEndArgsT a;
            a.player = player;
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_GAME_END_CHECK: {
            fb::GameEndCheckArgsT a;
            a.player = player;
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_FINAL_SCORING: {
            fb::FinalScoringArgsT a;
            a.player_count = static_cast<uint8_t>(g.player_count());
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_APPLY_TILE_STEP_OPTION: {
            fb::ApplyTileStepOptionArgsT a;
            a.player = player;
            a.action = "play-halfling";
            a.tile_type = last.type;
            a.label = "play from hand";
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_TURN_START: {
            fb::TurnStartArgsT a;
            a.player = player;
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_FIGURE_STEP_END: {
            fb::FigureStepEndArgsT a;
            a.player = player;
            a.tile = std::make_unique<fb::TileRef>(at);
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_APPLY_MOVEMENT_STEP: {
            fb::MovementStepArgsT a;
            a.player = player;
            a.figure = "dragon";
            a.step = 1;
            a.target = std::make_unique<fb::MoveTarget>(at, 0u);
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_FEATURE_COMPLETED: {
            fb::FeatureCompletedArgsT a;
            a.player = player;
            a.feature = std::make_unique<fb::ScoredFeatureT>();
            a.feature->kind = fb::FeatureKind::Road;
            a.feature->completed = true;
            a.feature->parts.push_back(at);
            a.feature->name = "road";
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_FIGURE_STRENGTH: {
            fb::FigureStrengthArgsT a;
            a.feature = std::make_unique<fb::ScoredFeatureT>();
            a.feature->kind = fb::FeatureKind::City;
            a.feature->parts.push_back(at);
            a.feature->name = "city";
            a.feature->pennants = 2;
            if (!g.figures().empty()) a.figures.push_back(0);
            r.args.Set(std::move(a));
            break;
        }
        case CK_HOOK_APPLY_DECISION: {
            fb::ApplyDecisionArgsT a;
            a.player = player;
            a.key = "tribute";
            a.step = 1;
            a.option = std::make_unique<fb::DecisionOptionT>();
            a.option->label = "take 2 points";
            a.option->target = fb::DecisionTarget::Tile;
            a.option->at = std::make_unique<fb::TileRef>(at);
            a.option->value = 2;
            r.args.Set(std::move(a));
            break;
        }
    }
    return r;
}

void write_file(const fs::path& path, const std::vector<uint8_t>& bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// An effect_applier_fuzzer input: hook, candidate count, response bytes.
std::vector<uint8_t> applier_input(ck_hook_id hook, const uint8_t* data, size_t size) {
    std::vector<uint8_t> in{static_cast<uint8_t>(hook), 4};
    in.insert(in.end(), data, data + size);
    return in;
}

template <class Effect>
void add_effect(fb::HookResponseT& r, Effect e) {
    auto entry = std::make_unique<fb::EffectEntryT>();
    entry->effect.Set(std::move(e));
    r.effects.push_back(std::move(entry));
}

// Hand-made responses the module never gives: hooks that end the game, veto,
// take tiles from a hand.
void write_hand_made(const fs::path& dir) {
    auto write = [&](ck_hook_id hook, const fb::HookResponseT& r, const std::string& name) {
        flatbuffers::FlatBufferBuilder b;
        b.Finish(fb::HookResponse::Pack(b, &r), "CKRS");
        write_file(dir / (name + ".bin"), applier_input(hook, b.GetBufferPointer(), b.GetSize()));
    };
    fb::HookResponseT end;
    fb::EndGameT e;
    e.reason = "enough";
    add_effect(end, e);
    fb::AddPointsT points;
    points.player = 1;
    points.points = 7;
    points.name = "turn end";
    add_effect(end, points);
    write(CK_HOOK_TURN_END, end, "turn_end-end-game");
    fb::HookResponseT veto;
    fb::VetoPlacementT v;
    v.candidate = 2;
    v.reason = "no";
    add_effect(veto, v);
    write(CK_HOOK_PLACEMENT_CHECK, veto, "placement_check-veto");
    fb::HookResponseT hand;
    fb::AddHandTileT add;
    add.player = 0;
    add.tile_type = 3;
    add_effect(hand, add);
    fb::RemoveHandTileT remove;
    remove.player = 0;
    remove.tile_type = 3;
    add_effect(hand, remove);
    write(CK_HOOK_TILE_PLACED, hand, "tile_placed-hand");
    // A decision with one option of each target (schema revision 8), as
    // TILE_PLACED and as the next of a chain.
    fb::HookResponseT decision;
    fb::OfferDecisionT d;
    d.player = 1;
    d.key = "shepherd";
    d.label = "expand or score";
    d.may_pass = true;
    for (const fb::DecisionTarget target : {fb::DecisionTarget::None, fb::DecisionTarget::Tile,
                                            fb::DecisionTarget::Location, fb::DecisionTarget::Figure,
                                            fb::DecisionTarget::Space}) {
        auto o = std::make_unique<fb::DecisionOptionT>();
        o->label = "option " + std::to_string(static_cast<int>(target));
        o->target = target;
        o->at = std::make_unique<fb::TileRef>(0, 0, fb::Corner::None);
        o->location = target == fb::DecisionTarget::Location ? 1u : 0u;
        o->value = 3;
        o->payload = {1, 2};
        if (target == fb::DecisionTarget::Space) {
            o->jcz_type = "FLOCK_EXPAND_OR_SCORE";
            o->jcz_payload = R"({"flock": "EXPAND"})";
        }
        d.options.push_back(std::move(o));
    }
    add_effect(decision, d);
    write(CK_HOOK_TILE_PLACED, decision, "tile_placed-decision");
    write(CK_HOOK_APPLY_DECISION, decision, "apply_decision-decision");
    // The figure primitives (schema revision 8): a follower placed, figure 0 moved.
    fb::HookResponseT figures;
    fb::PlaceFigureT place;
    place.player = 0;
    place.at = std::make_unique<fb::TileRef>(0, 0, fb::Corner::None);
    place.location = 3u << 8;  // N
    place.allow_occupied = true;
    add_effect(figures, place);
    fb::MoveFigureT move;
    move.figure = 0;
    move.at = std::make_unique<fb::TileRef>(0, 0, fb::Corner::None);
    move.location = 3u << 12;  // S
    add_effect(figures, move);
    write(CK_HOOK_TURN_END, figures, "turn_end-figures");
    // A second tile step (schema revision 10).
    fb::HookResponseT extra;
    add_effect(extra, fb::ExtraTurnT{});
    write(CK_HOOK_TILE_PLACED, extra, "tile_placed-extra_turn");
}

// A GameState with one more ExpansionData table (expansion 0, 4 bytes).
std::vector<uint8_t> with_expansion_data(ck_bytes state) {
    fb::GameStateT unpacked;
    fb::GetGameState(state.data)->UnPackTo(&unpacked);
    auto data = std::make_unique<fb::ExpansionDataT>();
    data->expansion = 0;
    data->data = {1, 2, 3, 4};
    unpacked.expansion_data.push_back(std::move(data));
    flatbuffers::FlatBufferBuilder b;
    fb::FinishGameStateBuffer(b, fb::GameState::Pack(b, &unpacked));
    return {b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize()};
}

// A state_cache_differential_fuzzer input (see its header for the edits).
struct Edit {
    uint8_t what;
    int16_t offset;
    uint8_t value;
};
std::vector<uint8_t> differential_input(const std::vector<uint8_t>& state, ck_bytes request, ck_hook_id hook,
                                        std::initializer_list<Edit> edits) {
    std::vector<uint8_t> in;
    const auto u32 = [&](size_t n) {
        for (int shift = 0; shift < 32; shift += 8) in.push_back(uint8_t(n >> shift));
    };
    u32(state.size());
    in.insert(in.end(), state.begin(), state.end());
    u32(request.size);
    in.insert(in.end(), request.data, request.data + request.size);
    in.push_back(static_cast<uint8_t>(hook));
    for (const Edit& e : edits)
        in.insert(in.end(), {e.what, uint8_t(uint16_t(e.offset)), uint8_t(uint16_t(e.offset) >> 8), e.value});
    return in;
}

void write_differential_seeds(const fs::path& dir, const std::string& scenario, ck_bytes state, ck_bytes request,
                              ck_hook_id hook) {
    const std::string name = scenario + "-" + kHookNames[hook];
    // The scores of the second state changed (as in the final scoring).
    write_file(dir / (name + "-scores.bin"),
               differential_input({state.data, state.data + state.size}, request, hook,
                                  {{7, 3, 5}, {7 | 16, -2, 9}}));
    // 1.2.0's defect: with players[0].score 0 in both, expansion_data[0]'s
    // vtable laid on it (size 0); then only the second's score bytes make
    // a vtable {8, 8, 4, 0} whose expansion field reads the table's data.
    write_file(dir / (name + "-vtable-on-scores.bin"),
               differential_input(with_expansion_data(state), request, hook,
                                  {{7 | 8, 0, 0}, {4 | 8, 0, 0}, {1, 16, 8}, {1, 18, 8}, {1, 20, 4}}));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_fuzz_seeds CORPUS_DIR\n");
        return 2;
    }
    const fs::path out_dir = argv[1];
    host::jcz::ReplayOptions options;
    options.plugin_dirs = {CK_FUZZ_PLUGIN_DIR};
    options.default_plugin_path = false;
    for (const char* scenario : {"lb-ex-1", "hf-ex-3", "hf-legal-token-corner"}) {
        const std::string path = std::string(CK_FUZZ_SOURCE_DIR) + "/tests/scenarios/" + scenario + ".jcz";
        host::jcz::Replay replay(host::jcz::load_saved_game(path), options);
        const host::Game& game = replay.game();
        auto* bridge = dynamic_cast<host::PluginHooks*>(game.hooks());
        if (bridge == nullptr) return 1;
        const ck_bytes state = bridge->state_bytes(game);
        for (ck_hook_id hook = 0; hook < CK_HOOK_COUNT; ++hook) {
            flatbuffers::FlatBufferBuilder b;
            const fb::HookRequestT request = request_for(hook, game);
            b.Finish(fb::HookRequest::Pack(b, &request), fb::HookRequestIdentifier());
            const fs::path dir = out_dir / (std::string("module_hook_") + kHookNames[hook]);
            fs::create_directories(dir);
            const uint32_t n = static_cast<uint32_t>(state.size);
            std::vector<uint8_t> input{uint8_t(n), uint8_t(n >> 8), uint8_t(n >> 16), uint8_t(n >> 24)};
            input.insert(input.end(), state.data, state.data + state.size);
            input.insert(input.end(), b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize());
            write_file(dir / (std::string(scenario) + ".bin"), input);
            write_differential_seeds(out_dir / "state_cache_differential", scenario, state,
                                     {b.GetBufferPointer(), b.GetSize()}, hook);
            // What the module answers, for the effect applier target.
            const ck_bytes request_bytes{b.GetBufferPointer(), b.GetSize()};
            for (const host::PluginExpansion* e : bridge->expansions()) {
                if (!e->has_hook(hook)) continue;
                ck_buffer out{};
                out.struct_size = sizeof out;
                ck_error err{};
                err.struct_size = sizeof err;
                const ck_status status =
                    e->module->api().call_hook(e->module->context(), e->index, hook, state, request_bytes, &out, &err);
                if (status == CK_OK && out.size != 0)
                    write_file(out_dir / "effect_applier" /
                                   (std::string(kHookNames[hook]) + "-" + scenario + "-" + e->id + ".bin"),
                               applier_input(hook, out.data, out.size));
                if (out.release != nullptr) out.release(&out);
            }
        }
    }
    write_hand_made(out_dir / "effect_applier");
    return 0;
}

// Host-side FlatBuffers for the ABI tests and the benchmark: a mid-game
// GameState and one valid HookRequest per hook, built the way a host
// would build them (generated code only, no SDK).
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <cloisterkit/schemas/game_setup_generated.h>
#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>

namespace ck::abi_test {

using Bytes = std::vector<uint8_t>;  // operator new aligns data() to 16

inline Bytes finished_bytes(const flatbuffers::FlatBufferBuilder& b) {
    return Bytes(b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize());
}

struct StateShape {
    int tiles = 40;
    int figures = 10;
    int players = 3;
    uint32_t tiles_left = 30;
    int tile_types = 5;       // the setup's list; tiles use types 0..4, so fewer is a bad index
    bool with_setup = true;   // false: a state without its nested setup
    // GameState.expansion_data: (expansion index, bytes) per table.
    std::vector<std::pair<uint16_t, std::vector<uint8_t>>> expansion_data = {};
    std::vector<std::pair<std::string, std::string>> rules = {{"test.bonus", "2"}, {"test.closed-west", "true"}};
};

// The per-game constants of build_state's game: a "CKSU" GameSetup buffer.
inline Bytes build_setup(const StateShape& shape = {}) {
    flatbuffers::FlatBufferBuilder b(1024);
    std::vector<flatbuffers::Offset<fb::KeyValue>> rules;
    for (const auto& [k, v] : shape.rules) rules.push_back(fb::CreateKeyValue(b, b.CreateString(k), b.CreateString(v)));
    std::vector<std::string> names;
    for (int p = 0; p < shape.players; ++p) names.push_back("player " + std::to_string(p));
    std::vector<std::string> types{"BA/RCr", "BA/C", "BA/R", "BA/CRr", "BA/L"};
    types.resize(static_cast<size_t>(shape.tile_types), "BA/X");
    const std::vector<std::string> expansions{"cloisterkit.test.alpha", "cloisterkit.test.beta"};
    const std::vector<std::string> token_kinds{"T_TOKEN"}, figure_kinds{"small"};
    auto setup = fb::CreateGameSetup(b, b.CreateVectorOfStrings(types), b.CreateVector(rules),
                                     b.CreateVectorOfStrings(expansions), b.CreateVectorOfStrings(names),
                                     b.CreateVectorOfStrings(token_kinds), b.CreateVectorOfStrings(figure_kinds));
    fb::FinishGameSetupBuffer(b, setup);
    return finished_bytes(b);
}

// Tiles on a square spiral around (0,0); figures on the first tiles.
inline Bytes build_state(const StateShape& shape = {}) {
    flatbuffers::FlatBufferBuilder b(4096);
    std::vector<fb::PlacedTile> tiles;
    int x = 0, y = 0, dx = 1, dy = 0, run = 1, step = 0, turns = 0;
    for (int i = 0; i < shape.tiles; ++i) {
        tiles.emplace_back(fb::TileRef(int16_t(x), int16_t(y), fb::Corner::None), uint8_t(i % 4), uint16_t(i % 5));
        x += dx, y += dy;
        if (++step == run) {
            step = 0, std::swap(dx, dy), dx = -dx;
            if (++turns % 2 == 0) ++run;
        }
    }
    std::vector<fb::PlacedFigure> figures;
    for (int i = 0; i < shape.figures; ++i)
        figures.emplace_back(tiles[size_t(i) % tiles.size()].at(), 1u << (i % 8), uint32_t(i), fb::FeatureKind::City,
                             uint8_t{0}, uint8_t(i % shape.players));
    std::vector<fb::PlayerState> players;
    std::vector<fb::TokenStock> stocks;
    for (int p = 0; p < shape.players; ++p) {
        players.emplace_back(10 * p, uint8_t(7 - p));
        stocks.emplace_back(uint8_t(p), uint16_t{0}, 2 + p);
    }
    std::vector<fb::PlacedToken> tokens{fb::PlacedToken(tiles[1].at(), 0, 0, 2)};
    const fb::TileRef last = tiles.empty() ? fb::TileRef() : tiles.back().at();
    const fb::TurnInfo turn(uint32_t(shape.tiles), 1, fb::Phase::ActionPhase, true, false, last, false, false, 0);
    const Bytes setup_bytes = build_setup(shape);
    const auto setup = shape.with_setup ? b.CreateVector(setup_bytes) : flatbuffers::Offset<flatbuffers::Vector<uint8_t>>();
    std::vector<flatbuffers::Offset<fb::ExpansionData>> data;
    for (const auto& [expansion, bytes] : shape.expansion_data)
        data.push_back(fb::CreateExpansionData(b, expansion, b.CreateVector(bytes)));
    flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fb::ExpansionData>>> expansion_data;
    if (!data.empty()) expansion_data = b.CreateVector(data);
    auto state = fb::CreateGameState(b, CK_SCHEMA_REVISION, setup, b.CreateVectorOfStructs(tiles),
                                     b.CreateVectorOfStructs(figures), b.CreateVectorOfStructs(tokens),
                                     b.CreateVectorOfStructs(players), b.CreateVectorOfStructs(stocks), 0, 0,
                                     expansion_data, &turn, shape.tiles_left);
    fb::FinishGameStateBuffer(b, state);
    return finished_bytes(b);
}

inline flatbuffers::Offset<fb::ScoredFeature> scored_city(flatbuffers::FlatBufferBuilder& b) {
    std::vector<fb::TileRef> parts{fb::TileRef(0, 0, fb::Corner::None), fb::TileRef(1, 0, fb::Corner::None)};
    std::vector<uint8_t> scorers{0, 2};
    return fb::CreateScoredFeature(b, 7, fb::FeatureKind::City, true, false, b.CreateVectorOfStructs(parts), 0, 4, 4,
                                   b.CreateVector(scorers), b.CreateString("city"));
}

// The argument table for `hook`, as its union type and offset.
inline std::pair<fb::HookArgs, flatbuffers::Offset<void>> hook_args(flatbuffers::FlatBufferBuilder& b,
                                                                   ck_hook_id hook) {
    const fb::TileRef east(1, 0, fb::Corner::None), west(-5, 0, fb::Corner::None);
    switch (hook) {
        case CK_HOOK_GAME_START: return {fb::HookArgs::GameStartArgs, fb::CreateGameStartArgs(b, 3, 42).Union()};
        case CK_HOOK_TILE_STEP_OPTIONS:
            return {fb::HookArgs::TileStepOptionsArgs, fb::CreateTileStepOptionsArgs(b, 1).Union()};
        case CK_HOOK_PLACEMENT_CHECK: {
            std::vector<fb::Placement> c{fb::Placement(east, 0, 1), fb::Placement(west, 1, 2),
                                         fb::Placement(east, 2, 1)};
            return {fb::HookArgs::PlacementCheckArgs,
                    fb::CreatePlacementCheckArgs(b, 1, b.CreateVectorOfStructs(c)).Union()};
        }
        case CK_HOOK_TILE_PLACED: {
            const fb::Placement p(east, 1, 3);
            return {fb::HookArgs::TilePlacedArgs, fb::CreateTilePlacedArgs(b, 1, &p).Union()};
        }
        case CK_HOOK_FIGURE_OPTIONS:
            return {fb::HookArgs::FigureOptionsArgs, fb::CreateFigureOptionsArgs(b, 1, &east).Union()};
        case CK_HOOK_APPLY_FIGURE_ACTION: {
            auto option = fb::CreateFigureOption(b, b.CreateString("place-token"), b.CreateString("T_TOKEN"), &east,
                                                 b.CreateString("place a test token"));
            return {fb::HookArgs::ApplyFigureActionArgs, fb::CreateApplyFigureActionArgs(b, 1, option).Union()};
        }
        case CK_HOOK_FEATURE_SCORING:
            return {fb::HookArgs::FeatureScoringArgs, fb::CreateFeatureScoringArgs(b, scored_city(b)).Union()};
        case CK_HOOK_BONUS_POINTS:
            return {fb::HookArgs::BonusPointsArgs, fb::CreateBonusPointsArgs(b, scored_city(b)).Union()};
        case CK_HOOK_TURN_END: return {fb::HookArgs::TurnEndArgs, fb::CreateTurnEndArgs(b, 2).Union()};
        case CK_HOOK_GAME_END_CHECK:
            return {fb::HookArgs::GameEndCheckArgs, fb::CreateGameEndCheckArgs(b, 1).Union()};
        case CK_HOOK_FINAL_SCORING:
            return {fb::HookArgs::FinalScoringArgs, fb::CreateFinalScoringArgs(b, 3).Union()};
        default: return {fb::HookArgs::NONE, 0};
    }
}

// A valid request for `hook` finished in `b`; `hook_field` lets a test lie
// in the header.
inline void finish_request(flatbuffers::FlatBufferBuilder& b, ck_hook_id hook, uint32_t hook_field) {
    auto [type, args] = hook_args(b, hook);
    fb::FinishHookRequestBuffer(b, fb::CreateHookRequest(b, hook_field, type, args));
}
inline Bytes build_request(ck_hook_id hook, uint32_t hook_field) {
    flatbuffers::FlatBufferBuilder b(256);
    finish_request(b, hook, hook_field);
    return finished_bytes(b);
}
inline Bytes build_request(ck_hook_id hook) { return build_request(hook, hook); }

inline ck_bytes view(const Bytes& bytes) { return ck_bytes{bytes.data(), bytes.size()}; }

}  // namespace ck::abi_test

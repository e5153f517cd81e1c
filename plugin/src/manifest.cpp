#include "manifest.hpp"

#include "errors.hpp"

namespace ck::sdk::detail {
namespace {

using flatbuffers::FlatBufferBuilder;
using flatbuffers::Offset;

template <class T, class Make>
auto build_vector(FlatBufferBuilder& b, const std::vector<T>& items, Make make) {
    std::vector<decltype(make(items.front()))> offsets;
    offsets.reserve(items.size());
    for (const auto& item : items) offsets.push_back(make(item));
    return b.CreateVector(offsets);
}

}  // namespace

std::vector<uint8_t> build_manifest(const ExpansionInfo& info) {
    FlatBufferBuilder b(1024);
    auto rule_options = build_vector(b, info.rule_options, [&](const RuleOption& o) {
        return fb::CreateRuleOptionDecl(b, b.CreateString(o.key), b.CreateString(o.default_value),
                                        b.CreateVectorOfStrings(o.allowed), b.CreateString(o.description), o.value_type,
                                        o.int_min, o.int_max, b.CreateString(o.jcz_element));
    });
    auto token_kinds = build_vector(b, info.token_kinds, [&](const TokenKind& t) {
        return fb::CreateTokenKindDecl(b, b.CreateString(t.kind), b.CreateString(t.name), t.count, t.placement);
    });
    auto aliases = build_vector(b, info.jcz_rule_aliases, [&](const RuleAlias& a) {
        return fb::CreateRuleAlias(b, b.CreateString(a.jcz_key), b.CreateString(a.jcz_value),
                                   b.CreateString(a.key), b.CreateString(a.value));
    });
    auto presets = build_vector(b, info.rule_presets, [&](const RulePreset& p) {
        auto sets = build_vector(b, p.sets, [&](const std::pair<std::string, std::string>& kv) {
            return fb::CreateKeyValue(b, b.CreateString(kv.first), b.CreateString(kv.second));
        });
        return fb::CreateRulePreset(b, b.CreateString(p.key), b.CreateString(p.value), sets);
    });
    auto figure_kinds = build_vector(b, info.figure_kinds, [&](const FigureKind& k) {
        return fb::CreateFigureKindDecl(b, b.CreateString(k.id), b.CreateString(k.name), k.count,
                                        b.CreateVector(k.stands_on), k.strength, b.CreateString(k.jcz_meeple_type),
                                        b.CreateString(k.jcz_return_source), k.tile_just_placed, k.returnable,
                                        k.joins_own_follower, b.CreateString(k.count_rule));
    });
    auto filters = build_vector(b, info.hook_filters, [&](const HookFilter& f) {
        return fb::CreateHookFilterDecl(b, f.hook, f.filter, b.CreateString(f.rule_key),
                                        b.CreateVectorOfStrings(f.rule_values), f.feature,
                                        f.name.empty() ? 0 : b.CreateString(f.name));
    });
    flatbuffers::Offset<fb::HandPlayDecl> hand_play;  // absent for ByHooks, the default
    if (info.hand_play.mode != fb::HandPlay::ByHooks)
        hand_play = fb::CreateHandPlayDecl(b, info.hand_play.mode, b.CreateString(info.hand_play.action),
                                           b.CreateString(info.hand_play.label));
    auto attributes = build_vector(b, info.segment_attributes, [&](const SegmentAttribute& a) {
        return fb::CreateSegmentAttributeDecl(b, a.kind, b.CreateString(a.name), b.CreateString(a.label));
    });
    auto deck_sets = build_vector(b, info.deck_tile_sets, [&](const DeckTileSet& d) {
        return fb::CreateDeckTileSetDecl(b, b.CreateString(d.tile_set), d.count, b.CreateString(d.with_expansion),
                                         b.CreateString(d.without_expansion), d.enabled_by_save,
                                         b.CreateString(d.rule_key), b.CreateVectorOfStrings(d.rule_values));
    });
    auto neutral_figures = build_vector(b, info.neutral_figures, [&](const NeutralFigure& n) {
        return fb::CreateNeutralFigureDecl(b, b.CreateString(n.name), b.CreateString(n.label),
                                           b.CreateString(n.jcz_id), n.blocks_figures);
    });
    auto markers = build_vector(b, info.tile_markers, [&](const TileMarker& m) {
        return fb::CreateTileMarkerDecl(b, b.CreateString(m.name), b.CreateString(m.label), m.wild_edges);
    });
    auto held_back = build_vector(b, info.held_back_tiles, [&](const HeldBackTiles& h) {
        return fb::CreateHeldBackTilesDecl(b, b.CreateString(h.held), b.CreateString(h.until_placed),
                                           h.rule_key.empty() ? 0 : b.CreateString(h.rule_key),
                                           h.rule_values.empty() ? 0 : b.CreateVectorOfStrings(h.rule_values));
    });
    auto start_tiles = build_vector(b, info.start_tiles, [&](const StartTile& t) {
        // The schema's fields are narrower than int: refuse, never wrap.
        if (t.x < -1000 || t.x > 1000 || t.y < -1000 || t.y > 1000 || t.rotation < 0 || t.rotation > 3)
            throw StatusError(CK_E_INTERNAL, "'" + info.id + "': start tile \"" + t.tile_id + "\" at (" +
                                                 std::to_string(t.x) + ", " + std::to_string(t.y) + ") rotation " +
                                                 std::to_string(t.rotation) +
                                                 ": x and y must be -1000..1000, the rotation 0..3 quarter turns");
        return fb::CreateStartTileDecl(b, b.CreateString(t.tile_id), static_cast<int16_t>(t.x),
                                       static_cast<int16_t>(t.y), static_cast<uint8_t>(t.rotation),
                                       b.CreateString(t.with_expansion), b.CreateString(t.without_expansion));
    });
    auto tile_values = build_vector(b, info.tile_values, [&](const TileValue& v) {
        return fb::CreateTileValueDeclDirect(b, v.element.c_str(), v.attribute.c_str());
    });
    auto tile_groups = build_vector(b, info.tile_groups, [&](const TileGroup& g) {
        return fb::CreateTileGroupDeclDirect(b, g.group.c_str(), g.successor.c_str(), g.leaves_pack);
    });
    auto edge_kinds = build_vector(b, info.edge_kinds, [&](const EdgeKind& k) {
        return fb::CreateEdgeKindDeclDirect(b, k.element.c_str(), k.label.c_str());
    });
    auto root = fb::CreateExpansionManifest(
        b, b.CreateString(info.id), b.CreateString(info.name), b.CreateString(info.version),
        b.CreateString(info.description), info.hooks, b.CreateVectorOfStrings(info.requires_ids), rule_options,
        token_kinds, b.CreateString(info.tile_definitions_xml), b.CreateString(info.jcz_element), aliases,
        presets, figure_kinds, b.CreateVectorOfStrings(info.jcz_extra_elements), filters, hand_play, attributes,
        deck_sets, neutral_figures, markers, held_back, start_tiles, tile_values, tile_groups, edge_kinds);
    fb::FinishExpansionManifestBuffer(b, root);
    return {b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize()};
}

}  // namespace ck::sdk::detail

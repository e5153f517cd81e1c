#include "plugin_expansion.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/tile_xml.hpp"

namespace ck::host {

std::string PluginExpansion::short_name() const {
    if (!jcz_element.empty()) return jcz_element;
    const auto dot = id.rfind('.');
    return dot == std::string::npos ? id : id.substr(dot + 1);
}


std::vector<std::string> jcz_elements_of(const PluginExpansion& e) {
    std::vector<std::string> elements;
    // An expansion whose elements all carry options (Traders & Builders')
    // has no element of its own name: JCloisterZone would not know it.
    const bool option_elements = std::any_of(e.rule_options.begin(), e.rule_options.end(),
                                             [](const RuleOptionInfo& o) { return !o.jcz_element.empty(); });
    if (!e.jcz_element.empty() || (e.jcz_extra_elements.empty() && !option_elements))
        elements.push_back(e.short_name());
    elements.insert(elements.end(), e.jcz_extra_elements.begin(), e.jcz_extra_elements.end());
    return elements;
}

const RuleOptionInfo* option_of_element(const PluginExpansion& e, std::string_view element) {
    for (const RuleOptionInfo& o : e.rule_options)
        if (!o.jcz_element.empty() && o.jcz_element == element) return &o;
    return nullptr;
}

std::vector<TileValueKey> tile_values_of(const std::vector<const PluginExpansion*>& expansions) {
    std::vector<TileValueKey> out;
    for (const PluginExpansion* e : expansions)
        for (const TileValueKey& k : e->tile_values)
            if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    return out;
}

std::vector<FigureKind> figure_kinds_of(const std::vector<const PluginExpansion*>& expansions) {
    std::vector<FigureKind> kinds;
    for (const PluginExpansion* e : expansions) kinds.insert(kinds.end(), e->figure_kinds.begin(), e->figure_kinds.end());
    return kinds;
}

std::vector<SegmentAttribute> segment_attributes_of(const std::vector<const PluginExpansion*>& expansions) {
    std::vector<SegmentAttribute> out;
    for (const PluginExpansion* e : expansions)
        for (const SegmentAttribute& a : e->segment_attributes) {
            const bool known = std::any_of(out.begin(), out.end(), [&](const SegmentAttribute& o) {
                return o.kind == a.kind && o.name == a.name;
            });
            if (!known) out.push_back(a);
        }
    if (out.size() > 32)
        throw HostError("the enabled expansions declare " + std::to_string(out.size()) +
                        " segment attributes together (32 at most)");
    return out;
}

void add_movement_declarations(const std::vector<const PluginExpansion*>& expansions, GameSetup& setup) {
    for (const PluginExpansion* e : expansions) {
        for (const NeutralFigureKind& n : e->neutral_figures) {
            for (const NeutralFigureKind& other : setup.neutral_figures)
                if (other.name == n.name)
                    throw HostError("expansions " + other.expansion + " and " + e->id +
                                    " both declare a neutral figure named \"" + n.name + "\"");
            setup.neutral_figures.push_back(n);
        }
        for (const TileMarker& m : e->tile_markers)
            if (std::none_of(setup.tile_markers.begin(), setup.tile_markers.end(),
                             [&](const TileMarker& o) { return o.name == m.name; }))
                setup.tile_markers.push_back(m);
        setup.held_back_tiles.insert(setup.held_back_tiles.end(), e->held_back_tiles.begin(), e->held_back_tiles.end());
    }
}

namespace {
// Whether a declaration's with/without conditions hold for these expansions.
bool conditions_hold(const std::string& with_expansion, const std::string& without_expansion,
                     const std::vector<const PluginExpansion*>& expansions) {
    auto enabled = [&](const std::string& id) {
        return std::any_of(expansions.begin(), expansions.end(), [&](const PluginExpansion* e) { return e->id == id; });
    };
    return (with_expansion.empty() || enabled(with_expansion)) &&
           (without_expansion.empty() || !enabled(without_expansion));
}
}  // namespace

std::vector<StartTile> start_tiles_of(const std::vector<const PluginExpansion*>& expansions) {
    const PluginExpansion* chosen_by = nullptr;
    const StartTileInfo* chosen = nullptr;
    for (const PluginExpansion* e : expansions)
        for (const StartTileInfo& t : e->start_tiles) {
            if (!conditions_hold(t.with_expansion, t.without_expansion, expansions)) continue;
            if (chosen != nullptr)
                throw HostError(chosen_by == e
                                    ? e->id + " declares two start tiles for this game (" + chosen->tile_id + " and " +
                                          t.tile_id + "); its conditions must choose one"
                                    : "expansions " + chosen_by->id + " and " + e->id +
                                          " both choose the start tile (" + chosen->tile_id + " and " + t.tile_id +
                                          "); they cannot be played together unless one's declaration names the other");
            chosen_by = e, chosen = &t;
        }
    if (chosen == nullptr) return {StartTile{}};
    return {StartTile{chosen->tile_id, chosen->x, chosen->y, chosen->rotation}};
}

std::map<std::string, int> deck_tile_sets_of(const std::string& game_set,
                                             const std::vector<const PluginExpansion*>& expansions) {
    std::map<std::string, int> sets{{game_set, 1}};
    for (const PluginExpansion* e : expansions)
        for (const DeckTileSetInfo& d : e->deck_tile_sets)
            if (conditions_hold(d.with_expansion, d.without_expansion, expansions)) sets[d.tile_set] += d.count;
    return sets;
}

void load_game_tiles(bool default_tiles, const std::vector<std::string>& tile_files,
                     const std::vector<const PluginExpansion*>& expansions, TileCatalog& catalog,
                     std::string_view replace_default_hint) {
    if (default_tiles) load_tile_xml_file(default_tile_file(), catalog);
    for (const auto& f : tile_files) {
        try {
            load_tile_xml_file(f, catalog);
        } catch (const HostError& e) {
            const std::string what = e.what();
            if (replace_default_hint.empty() || !default_tiles ||
                what.find("duplicate tile id") == std::string::npos)
                throw;
            throw HostError(e.category(), what + " (to use this file instead of the host's basic.xml, " +
                                              std::string(replace_default_hint) + ")");
        }
    }
    for (const auto* e : expansions)
        if (!e->tile_definitions_xml.empty())
            load_tile_xml_string_after_files(e->tile_definitions_xml, e->id + " (tile definitions)", catalog);
}

}  // namespace ck::host

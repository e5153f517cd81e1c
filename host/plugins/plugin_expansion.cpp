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

void add_deck_and_edge_declarations(const std::vector<const PluginExpansion*>& expansions, GameSetup& setup) {
    const PluginExpansion* edge_kind_by = nullptr;
    for (const PluginExpansion* e : expansions) {
        setup.tile_groups.insert(setup.tile_groups.end(), e->tile_groups.begin(), e->tile_groups.end());
        for (const EdgeKindInfo& k : e->edge_kinds) {
            if (edge_kind_by != nullptr && setup.edge_kind != k.element)
                throw HostError("expansions " + edge_kind_by->id + " and " + e->id + " declare two edge kinds (<" +
                                setup.edge_kind + "> and <" + k.element + ">); a game holds one at most");
            edge_kind_by = e;
            setup.edge_kind = k.element;
            setup.edge_kind_label = k.label.empty() ? k.element : k.label;
        }
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
    // The declarations that apply, by expansion: one each at most.
    std::vector<std::pair<const PluginExpansion*, const StartTileInfo*>> chosen;
    for (const PluginExpansion* e : expansions)
        for (const StartTileInfo& t : e->start_tiles) {
            if (!conditions_hold(t.with_expansion, t.without_expansion, expansions)) continue;
            for (const auto& [by, other] : chosen)
                if (by == e)
                    throw HostError(e->id + " declares two start tiles for this game (" + other->tile_id + " and " +
                                    t.tile_id + "); its conditions must choose one");
            chosen.emplace_back(e, &t);
        }
    if (chosen.empty()) return {StartTile{}};
    // Two expansions lay both tiles only when one's declaration names the
    // other (the river's spring beside the wind roses' start): the named
    // one's tile first, as JCloisterZone lays them.
    const auto names_another = [&](const StartTileInfo* t) {
        return std::any_of(chosen.begin(), chosen.end(), [&](const auto& c) { return t->with_expansion == c.first->id; });
    };
    std::stable_sort(chosen.begin(), chosen.end(), [&](const auto& a, const auto& b) {
        return !names_another(a.second) && names_another(b.second);
    });
    for (size_t i = 1; i < chosen.size(); ++i) {
        const PluginExpansion* by = chosen[i].first;
        const StartTileInfo* t = chosen[i].second;
        const bool names_earlier = std::any_of(chosen.begin(), chosen.begin() + static_cast<std::ptrdiff_t>(i),
                                               [&](const auto& c) { return t->with_expansion == c.first->id; });
        if (!names_earlier)
            throw HostError("expansions " + chosen[i - 1].first->id + " and " + by->id +
                            " both choose the start tile (" + chosen[i - 1].second->tile_id + " and " + t->tile_id +
                            "); they cannot be played together unless one's declaration names the other");
    }
    std::vector<StartTile> tiles;
    for (const auto& [by, t] : chosen) tiles.push_back(StartTile{t->tile_id, t->x, t->y, t->rotation});
    return tiles;
}

std::map<std::string, int> deck_tile_sets_of(const std::string& game_set,
                                             const std::vector<const PluginExpansion*>& expansions,
                                             const std::map<std::string, std::string>& rules) {
    std::map<std::string, int> sets{{game_set, 1}};
    // An option's value in the game: as given, else its default.
    const auto value_of = [&](const PluginExpansion& e, const std::string& key) -> std::string {
        if (const auto it = rules.find(key); it != rules.end()) return it->second;
        for (const RuleOptionInfo& o : e.rule_options)
            if (o.key == key) return o.default_value;
        return {};
    };
    for (const PluginExpansion* e : expansions)
        for (const DeckTileSetInfo& d : e->deck_tile_sets) {
            if (!conditions_hold(d.with_expansion, d.without_expansion, expansions)) continue;
            if (!d.rule_key.empty() &&
                std::find(d.rule_values.begin(), d.rule_values.end(), value_of(*e, d.rule_key)) == d.rule_values.end())
                continue;
            sets[d.tile_set] += d.count;
        }
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

// Abbey & Mayor as a cloisterkit plugin module, written against the
// installed SDK alone (no include of host/ or of another expansion), on the
// turn protocol of ABI 1.4 (docs/expansions/abbey-and-mayor.md, rules AM-n):
//  - its twelve land tiles (its own tile file, embedded; AM-1);
//  - the mayor (AM-3, AM-4): a follower for cities only, whose strength
//    FIGURE_STRENGTH sets to its city's pennants;
//  - the wagon (AM-5): FEATURE_COMPLETED notes the wagons on the features
//    the tile step completed and, at the last of them, offers the first
//    wagon's owner its move (a decision whose targets the host works out);
//    APPLY_DECISION moves it and offers the next.
// JCloisterZone's elements mayor and wagon are options of their own (AM-9).
// The abbey and the barn are not played yet: the document says what each
// waits for, and a save that enables them is refused by the host as an
// element no module plays.
#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/module.hpp>
#include <cloisterkit/sdk/setup_refused.hpp>
#include <cloisterkit/sdk/tile_contents.hpp>

#include <algorithm>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::abbey_mayor {
namespace {

constexpr const char* kExpansionId = "cloisterkit.abbey-and-mayor";
constexpr std::string_view kMayorsOption = "abbeyAndMayor.mayors";
constexpr std::string_view kMayor = "mayor";
constexpr std::string_view kWagonsOption = "abbeyAndMayor.wagons";
constexpr std::string_view kWagon = "wagon";
constexpr std::string_view kWagonDecision = "wagon";
constexpr std::string_view kWagonMoveOption = "abbeyAndMayor.wagonMove";
constexpr std::string_view kJczWagonMoveRule = "wagon-move";
constexpr std::string_view kWagonMoveValue = "wagon-move";  // <road wagon-move="a">

// AM-5: JCloisterZone's rule wagon-move. C2: the tiles around the wagon;
// C1: the features its tile files link to the scored one.
bool links_rule(const sdk::HookContext& c) {
    const std::string_view v = c.rule_or(kWagonMoveOption, "C2");
    if (v != "C1" && v != "C2")
        throw sdk::SetupRefused("abbey-and-mayor: " + std::string(kWagonMoveOption) + "=" + std::string(v) +
                                " is neither C1 nor C2");
    return v == "C1";
}

const char* element_of(fb::FeatureKind k) {
    switch (k) {
        case fb::FeatureKind::Road: return "road";
        case fb::FeatureKind::City: return "city";
        case fb::FeatureKind::Monastery: return "monastery";
        default: return nullptr;
    }
}

// AM-5, C1: every segment the tile files link to a segment of `feature`
// (on the same tile, sharing a wagon-move label).
std::vector<SegmentAt> linked_to(const sdk::HookContext& c, const fb::ScoredFeature& feature) {
    std::vector<SegmentAt> out;
    if (feature.segments() == nullptr || feature.parts() == nullptr) return out;
    for (const fb::FeatureSegment* seg : *feature.segments()) {
        if (seg->part() >= feature.parts()->size()) continue;
        const fb::TileRef& at = *feature.parts()->Get(seg->part());
        const fb::PlacedTile* tile = sdk::find_tile(c.state(), at);
        if (tile == nullptr) continue;
        const sdk::TileContents contents = sdk::tile_contents(c.setup(), *tile);
        std::vector<std::string_view> labels;
        for (size_t k = 0; k < contents.size(); ++k) {
            const char* element = element_of(contents.begin()[k].kind());
            labels.push_back(element ? c.tile_value(tile->tile_type(), element, kWagonMoveValue, k).value_or("")
                                     : std::string_view());
        }
        for (const size_t k : linked_segments(labels, seg->segment())) {
            const SegmentAt s{at.x(), at.y(), static_cast<int>(at.corner()), contents.board_location(contents.begin()[k])};
            if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
        }
    }
    return out;
}

FeatureKind kind_of(fb::FeatureKind k) {
    switch (k) {
        case fb::FeatureKind::Road: return FeatureKind::Road;
        case fb::FeatureKind::City: return FeatureKind::City;
        case fb::FeatureKind::Monastery: return FeatureKind::Monastery;
        case fb::FeatureKind::Field: return FeatureKind::Field;
        default: return FeatureKind::Other;
    }
}

sdk::FigureKind follower_kind(std::string_view id, std::vector<fb::FeatureKind> stands_on, std::string_view count_rule) {
    sdk::FigureKind k;
    k.id = std::string(id);
    k.name = std::string(id);
    k.count = 1;
    k.stands_on = std::move(stands_on);
    k.strength = 1;  // a follower: the fairy may stand beside it, a builder join it
    k.jcz_meeple_type = std::string(id);  // "0.mayor.1", "0.wagon.1"
    k.count_rule = std::string(count_rule);
    return k;
}

std::vector<WaitingWagon> waiting_wagons(const sdk::HookContext& c) {
    const std::string_view data = c.expansion_data();
    const auto wagons = decode(std::span(reinterpret_cast<const uint8_t*>(data.data()), data.size()));
    if (!wagons)
        throw std::runtime_error("abbey-and-mayor: the state's expansion data (" + std::to_string(data.size()) +
                                 " bytes) is not this module's record of the wagons");
    return *wagons;
}

void keep(const std::vector<WaitingWagon>& wagons, sdk::Effects& out) {
    const std::vector<uint8_t> bytes = encode(wagons);
    out.set_expansion_data(bytes.data(), bytes.size());
}

// The index in the state's figures of the wagon that stands where `w`
// says, or -1 when it is gone (another expansion sent it home).
int figure_of(const sdk::HookContext& c, const WaitingWagon& w, int wagon_kind) {
    const auto* figures = c.state().figures();
    if (figures == nullptr) return -1;
    for (uint32_t i = 0; i < figures->size(); ++i) {
        const fb::PlacedFigure* f = figures->Get(i);
        if (f->kind() == wagon_kind && f->owner() == w.owner && f->at().x() == w.x && f->at().y() == w.y &&
            static_cast<int>(f->at().corner()) == w.corner && f->location() == w.location)
            return static_cast<int>(i);
    }
    return -1;
}

// AM-5: offers the first waiting wagon whose figure is still there its
// move: every free segment of an unfinished road, city or monastery on its
// tile and the eight around it (JCloisterZone's rule C2), worked out by the
// host; or to go home. The wagons offered leave the list.
void offer_next_wagon(const sdk::HookContext& c, std::vector<WaitingWagon>& wagons, sdk::Effects& out) {
    const int wagon_kind = sdk::figure_kind_index(c.setup(), kWagon);
    while (!wagons.empty()) {
        const int figure = figure_of(c, wagons.front(), wagon_kind);
        if (figure < 0) {
            wagons.erase(wagons.begin());
            continue;
        }
        const WaitingWagon& w = wagons.front();
        sdk::DecisionExtras extras;
        extras.figure = static_cast<uint32_t>(figure);
        if (links_rule(c)) {
            for (const SegmentAt& s : w.linked)
                extras.segments.emplace_back(fb::TileRef(static_cast<int16_t>(s.x), static_cast<int16_t>(s.y),
                                                         static_cast<fb::Corner>(s.corner)),
                                             s.location);
        } else if (const auto* tiles = c.state().tiles()) {
            for (const fb::PlacedTile* t : *tiles)
                if (std::abs(t->at().x() - w.x) <= 1 && std::abs(t->at().y() - w.y) <= 1) extras.tiles.push_back(t->at());
        }
        extras.unfinished_only = true;
        extras.jcz_pass_type = "PASS";
        extras.jcz_commit = last_of_its_owner(wagons);
        out.offer_decision(static_cast<uint8_t>(w.owner), kWagonDecision,
                           "your wagon: move it on to an unfinished road, city or monastery nearby, or take it back",
                           {}, true, extras);
        return;
    }
}

class AbbeyAndMayor final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions abbey-and-mayor
        i.name = "Abbey & Mayor";
        i.version = "0.1.0";
        i.description =
            "Twelve tiles join the draw pile, many with pennants. Each player has a mayor, placed in a city as a "
            "follower is: it weighs as many followers as the city shows pennants, and nothing in a city without "
            "one. Each player has a wagon, placed on a road, city or monastery: when its feature is scored, it may "
            "move on to an unfinished, free road, city or monastery on its tile or one next to it. (The abbey "
            "and the barn of the box are not played yet.)";
        i.hooks = sdk::hooks_overridden_by<AbbeyAndMayor>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // AM-1: the 1st edition's tiles; the 2nd's (a garden on AM/RG) when the abbot plays.
        i.deck_tile_sets = {{"abbey-and-mayor:1", 1, "", "cloisterkit.abbot"},
                            {"abbey-and-mayor:2", 1, "cloisterkit.abbot", ""}};
        // AM-3 (FIGURE_STRENGTH weighs the mayor), AM-5.
        i.figure_kinds = {follower_kind(kMayor, {fb::FeatureKind::City}, kMayorsOption),
                          follower_kind(kWagon, {fb::FeatureKind::Road, fb::FeatureKind::City, fb::FeatureKind::Monastery},
                                        kWagonsOption)};
        // AM-9: JCloisterZone's elements mayor and wagon, each a count per player.
        auto mayors = sdk::integer_option(std::string(kMayorsOption), 1, 0, 4, "mayors per player (AM-3)");
        mayors.jcz_element = std::string(kMayor);
        auto wagons = sdk::integer_option(std::string(kWagonsOption), 1, 0, 4, "wagons per player (AM-5)");
        wagons.jcz_element = std::string(kWagon);
        sdk::RuleOption wagon_move;
        wagon_move.key = std::string(kWagonMoveOption);
        wagon_move.default_value = "C2";
        wagon_move.allowed = {"C1", "C2"};
        wagon_move.description =
            "where a wagon may move (AM-5): C2, to its tile and the eight around it (JCloisterZone's default); "
            "C1, the 1st edition's, to the features the tile files link to the one scored";
        i.rule_options = {mayors, wagons, wagon_move};
        for (const char* v : {"C1", "C2"})
            i.jcz_rule_aliases.push_back({std::string(kJczWagonMoveRule), v, std::string(kWagonMoveOption), v});
        // AM-5, C1: the links of the tile files.
        i.tile_values = {{"road", std::string(kWagonMoveValue)},
                         {"city", std::string(kWagonMoveValue)},
                         {"monastery", std::string(kWagonMoveValue)}};
        i.host_capabilities = {CK_CAPABILITY_FIGURE_STRENGTH, CK_CAPABILITY_FEATURE_COMPLETED,
                               CK_CAPABILITY_DECISION, CK_CAPABILITY_FIGURE_PRIMITIVES};
        // AM-4: asked only about features where a mayor stands.
        i.hook_filters = {sdk::only_when(CK_HOOK_FIGURE_STRENGTH, fb::HookFilter::FeatureHoldsFigureOfKind,
                                         std::string(kMayor))};
        return i;
    }

    // AM-5: the wagons on each completed feature wait; once every feature
    // of the tile step was reported, the first moves.
    void on_feature_completed(const sdk::HookContext& c, const fb::FeatureCompletedArgs& args,
                              sdk::Effects& out) const override {
        const int wagon_kind = sdk::figure_kind_index(c.setup(), kWagon);
        const auto* figures = c.state().figures();
        std::vector<WaitingWagon> wagons = waiting_wagons(c);
        const size_t before = wagons.size();
        if (wagon_kind >= 0 && figures != nullptr)
            for (const fb::PlacedFigure* f : *figures)
                if (f->kind() == wagon_kind && f->feature() == args.feature()->id())
                    wagons.push_back({f->owner(), f->at().x(), f->at().y(), static_cast<int>(f->at().corner()),
                                      f->location(), links_rule(c) ? linked_to(c, *args.feature()) : std::vector<SegmentAt>{}});
        if (args.remaining() == 0 && !wagons.empty()) {
            // Each player's in the order they were placed (the state's
            // figures are in that order), as JCloisterZone moves them.
            std::stable_sort(wagons.begin(), wagons.end(), [&](const WaitingWagon& a, const WaitingWagon& b) {
                return figure_of(c, a, wagon_kind) < figure_of(c, b, wagon_kind);
            });
            const auto* players = c.state().players();
            order_wagons(wagons, args.player(), players ? static_cast<int>(players->size()) : 0);
            offer_next_wagon(c, wagons, out);
        }
        if (wagons.size() != before || args.remaining() == 0) keep(wagons, out);
    }

    // AM-5: the wagon offered moves where its owner chose (or goes home
    // with the others); the next one is offered.
    void apply_decision(const sdk::HookContext& c, const fb::ApplyDecisionArgs& args, sdk::Effects& out) const override {
        if (sdk::as_view(args.key()) != kWagonDecision) return;
        std::vector<WaitingWagon> wagons = waiting_wagons(c);
        if (wagons.empty()) throw std::runtime_error("abbey-and-mayor: a wagon's move answered, but no wagon waits");
        const int figure = figure_of(c, wagons.front(), sdk::figure_kind_index(c.setup(), kWagon));
        wagons.erase(wagons.begin());
        if (!args.passed() && figure >= 0 && args.option()->at() != nullptr)
            out.move_figure(static_cast<uint32_t>(figure), *args.option()->at(), args.option()->location());
        offer_next_wagon(c, wagons, out);
        keep(wagons, out);
    }

    // AM-4: each mayor on the feature weighs its pennants.
    void figure_strength(const sdk::HookContext& c, const fb::FigureStrengthArgs& args,
                         sdk::Effects& out) const override {
        const int mayor = sdk::figure_kind_index(c.setup(), kMayor);
        const auto* figures = c.state().figures();
        if (mayor < 0 || figures == nullptr) return;
        const int strength =
            mayor_strength(kind_of(args.feature()->kind()), static_cast<int>(args.feature()->pennants()));
        for (const uint32_t i : *args.figures()) {
            if (i >= figures->size()) continue;
            if (figures->Get(i)->kind() == mayor) out.set_figure_strength(i, strength);
        }
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<AbbeyAndMayor>());
    return list;
}

}  // namespace
}  // namespace ck::abbey_mayor

// Schema revision 12 at least: FIGURE_STRENGTH and its filter, decisions
// from FEATURE_COMPLETED with figure targets.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-abbey-and-mayor", "0.1.0", ck::abbey_mayor::make_expansions, 12,
                                 CK_SCHEMA_REVISION)

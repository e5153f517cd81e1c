// The Cult as a cloisterkit plugin module, written against the installed
// SDK alone (no include of host/ or of another expansion): the six shrine
// tiles (its own tile file, embedded), the shrine (a declared segment
// attribute of monasteries: the host plays a shrine as the monastery it
// is) and three hooks for the rivalry between shrines and monasteries
// (docs/expansions/cult.md, rules CU-n): where a shrine or a monastery may
// be laid (PLACEMENT_CHECK), and the challenge, found when the figure step
// ends (FIGURE_STEP_END) and carried out after the turn's scoring
// (TURN_END).
#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/module.hpp>

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::cult {
namespace {

constexpr const char* kExpansionId = "cloisterkit.cult";
constexpr std::string_view kShrine = "shrine";  // segment attribute and JCloisterZone's element

[[noreturn]] void reject(const std::string& why) { throw std::runtime_error("cult: " + why); }

Space space_of(const fb::TileRef& at) { return Space{at.x(), at.y()}; }

// The board as the rules see it, with the tile of each monastic feature
// (the same index as board.monastics) to find and send home its figures.
struct BoardView {
    Board board;
    std::vector<fb::TileRef> tiles;
};

// The kind of the monastic feature tile type `tile_type` holds, if any.
std::optional<Kind> monastic_kind_of_contents(const sdk::HookContext& ctx, uint16_t tile_type) {
    const sdk::TileContents contents = ctx.tile_contents(tile_type);
    size_t segment = 0;
    for (const fb::TileSegmentInfo& seg : contents) {
        const size_t i = segment++;
        if (seg.kind() == fb::FeatureKind::Monastery)
            return ctx.segment_has_attribute(tile_type, i, kShrine) ? Kind::Shrine : Kind::Monastery;
    }
    return std::nullopt;
}

// The same, remembered per tile type for the game's setup on this thread
// (HookContext::setup_id): the hooks read every tile of the board, most of
// which hold no monastic feature, and looking their contents up each time
// was most of the module's cost. Trivially destructible, so no thread pins
// the module after dlclose.
std::optional<Kind> monastic_kind(const sdk::HookContext& ctx, uint16_t tile_type) {
    struct Remembered {
        uint64_t setup = 0;
        std::array<uint8_t, 4096> kind{};  // 0 not yet known, 1 none, 2 monastery, 3 shrine
    };
    thread_local Remembered r;
    if (ctx.setup_id() == 0 || tile_type >= r.kind.size()) return monastic_kind_of_contents(ctx, tile_type);
    if (r.setup != ctx.setup_id()) {
        r.kind.fill(0);
        r.setup = ctx.setup_id();
    }
    uint8_t& known = r.kind[tile_type];
    if (known == 0) {
        const std::optional<Kind> k = monastic_kind_of_contents(ctx, tile_type);
        known = !k ? 1 : *k == Kind::Monastery ? 2 : 3;
    }
    if (known == 1) return std::nullopt;
    return known == 2 ? Kind::Monastery : Kind::Shrine;
}

// Every placed tile's space, and every monastic feature: a monastery
// segment is a shrine when it carries the attribute (CU-2, CU-14).
BoardView board_of(const sdk::HookContext& ctx, bool with_filled_spaces) {
    BoardView view;
    const auto* tiles = ctx.state().tiles();
    if (tiles == nullptr) return view;
    if (with_filled_spaces) view.board.filled.reserve(tiles->size());
    for (const fb::PlacedTile* t : *tiles) {
        if (with_filled_spaces) view.board.filled.push_back(space_of(t->at()));
        if (!monastic_kind(ctx, t->tile_type())) continue;  // most tiles: no contents to read
        const sdk::TileContents contents = ctx.tile_contents(t->tile_type());
        size_t segment = 0;
        for (const fb::TileSegmentInfo& seg : contents) {
            const size_t i = segment++;
            if (seg.kind() != fb::FeatureKind::Monastery) continue;
            const bool shrine = ctx.segment_has_attribute(t->tile_type(), i, kShrine);
            view.board.monastics.push_back(Monastic{space_of(t->at()), shrine ? Kind::Shrine : Kind::Monastery});
            view.tiles.push_back(t->at());
        }
    }
    return view;
}

// Whether a monastic feature lies on `space` or next to it (sides or
// corners): the only ones a tile laid there can complete (CU-4).
bool monastic_near(const sdk::HookContext& ctx, Space space) {
    if (const auto* tiles = ctx.state().tiles())
        for (const fb::PlacedTile* t : *tiles) {
            const Space at = space_of(t->at());
            if ((at == space || next_to(at, space)) && monastic_kind(ctx, t->tile_type())) return true;
        }
    return false;
}

// The figures standing on the monastic feature of the tile at `at`, in the
// state's order.
std::vector<const fb::PlacedFigure*> figures_on(const fb::GameState& state, const fb::TileRef& at) {
    std::vector<const fb::PlacedFigure*> out;
    if (const auto* figures = state.figures())
        for (const fb::PlacedFigure* f : *figures)
            if (f->feature_kind() == fb::FeatureKind::Monastery && sdk::same_tile(f->at(), at)) out.push_back(f);
    return out;
}

std::string_view kind_name(Kind kind) { return kind == Kind::Shrine ? "shrine" : "monastery"; }

void keep_challengers(const std::vector<Monastic>& challengers, sdk::Effects& out) {
    const std::vector<uint8_t> bytes = encode_challengers(challengers);
    out.set_expansion_data(bytes.data(), bytes.size());
}

class Cult final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions cult
        i.name = "The Cult";
        i.version = "1.0.0";
        i.description =
            "Six shrine tiles join the draw pile (Cult Places). A shrine is a monastery in every way, but it "
            "races the monasteries around it: when a shrine or a monastery with a follower on it is completed, "
            "the followers on every unfinished rival of the other kind next to it (sides or corners) go home "
            "without scoring. A shrine or a monastery may not be laid next to two rivals, nor next to one that "
            "already has a rival.";
        i.hooks = sdk::hooks_overridden_by<Cult>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // CU-9: JCloisterZone has no element `cult`; its saves enable `shrine`.
        i.jcz_extra_elements = {std::string(kShrine)};
        i.segment_attributes = {{fb::FeatureKind::Monastery, std::string(kShrine), "shrine"}};
        // CU-3 only ever vetoes a monastic tile: the host need not ask
        // about the others (a host before revision 9 always asks).
        sdk::HookFilter monastic_only;
        monastic_only.hook = CK_HOOK_PLACEMENT_CHECK;
        monastic_only.filter = fb::HookFilter::TileHasFeature;
        monastic_only.feature = fb::FeatureKind::Monastery;
        // CU-4: a challenge needs a monastic feature beside the tile placed,
        // completed by it, so FIGURE_STEP_END has nothing to say elsewhere
        // and TURN_END nothing in a step that completed no feature.
        i.hook_filters = {monastic_only,
                          sdk::only_when(CK_HOOK_FIGURE_STEP_END, fb::HookFilter::MonasticNearTile),
                          sdk::only_when(CK_HOOK_TURN_END, fb::HookFilter::FeatureCompletedThisStep)};
        // CU-1: Cult Places (six tiles). Heretics and Shrines (cult/5) only
        // in replays: a deck set cannot be chosen by a rule on ABI 1.2.
        i.deck_tile_sets = {{"cult/6", 1, "", ""}};
        return i;
    }

    // CU-3: a tile with a shrine or a monastery may not race two rivals,
    // nor a rival that already races one.
    void check_placements(const sdk::HookContext& ctx, const fb::PlacementCheckArgs& args,
                          sdk::Effects& out) const override {
        const auto* candidates = args.candidates();
        if (candidates == nullptr || candidates->size() == 0) return;
        std::optional<BoardView> view;  // read once, and only for a monastic tile
        // The candidates are the placements of one tile (or of a hand's
        // few): its kind is looked up once per run of one tile type.
        std::optional<uint16_t> last_type;
        std::optional<Kind> kind;
        for (flatbuffers::uoffset_t c = 0; c < candidates->size(); ++c) {
            const fb::Placement* p = candidates->Get(c);
            if (p->tile_type() != last_type) {
                last_type = p->tile_type();
                kind = monastic_kind(ctx, p->tile_type());
            }
            if (!kind) continue;
            if (!view) view = board_of(ctx, false);
            if (const auto why = placement_veto(view->board, space_of(p->at()), *kind)) out.veto_placement(c, *why);
        }
    }

    // CU-4, CU-12: the monastic features this turn's tile completes that
    // have a figure on them now, before the turn's scoring sends it home.
    // A completed feature keeps no figure past its scoring, so a complete
    // one with a figure was completed this turn.
    void on_figure_step_end(const sdk::HookContext& ctx, const fb::FigureStepEndArgs& args,
                            sdk::Effects& out) const override {
        const fb::TileRef& placed = *args.tile();
        if (sdk::find_tile(ctx.state(), placed) == nullptr)
            reject("FIGURE_STEP_END names the tile at " + sdk::tile_ref_text(placed) + ", which is not on the board");
        // Most turns lay no tile next to a monastic feature: look for one
        // before reading the whole board (every turn, with every expansion).
        if (!monastic_near(ctx, space_of(placed))) {
            if (!ctx.expansion_data().empty()) out.set_expansion_data(nullptr, 0);
            return;
        }
        const BoardView view = board_of(ctx, true);
        std::vector<Monastic> challengers;
        for (size_t i = 0; i < view.board.monastics.size(); ++i) {
            const Monastic& m = view.board.monastics[i];
            if (!next_to(m.space, space_of(placed)) && m.space != space_of(placed)) continue;
            if (view.board.complete(m) && !figures_on(ctx.state(), view.tiles[i]).empty()) challengers.push_back(m);
        }
        if (!challengers.empty())
            keep_challengers(challengers, out);
        else if (!ctx.expansion_data().empty())
            out.set_expansion_data(nullptr, 0);
    }

    // CU-4 to CU-7: after the turn's scoring, every still open rival of a
    // recorded challenger loses all its figures, unscored.
    void on_turn_end(const sdk::HookContext& ctx, const fb::TurnEndArgs&, sdk::Effects& out) const override {
        const std::vector<Monastic> challengers = decode_challengers(ctx.expansion_data());
        if (challengers.empty()) return;
        const BoardView view = board_of(ctx, true);
        for (const size_t i : challenged(view.board, challengers)) {
            const std::vector<const fb::PlacedFigure*> figures = figures_on(ctx.state(), view.tiles[i]);
            if (figures.empty()) continue;  // CU-6: nothing to lose
            const Kind lost = view.board.monastics[i].kind;
            // JCloisterZone's 0-point entry goes to the owner of the first figure.
            out.add_points(figures.front()->owner(), 0, challenged_entry(lost));
            out.return_figures(view.tiles[i], figures.front()->location(),
                               "challenged by the " + std::string(kind_name(opposite(lost))));
        }
        out.set_expansion_data(nullptr, 0);
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<Cult>());
    return list;
}

}  // namespace
}  // namespace ck::cult

// Schema revision 6 at least: older hosts send neither tile contents nor
// segment attributes, so a shrine could not be told from a monastery.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-cult", "1.0.0", ck::cult::make_expansions, 6, CK_SCHEMA_REVISION)

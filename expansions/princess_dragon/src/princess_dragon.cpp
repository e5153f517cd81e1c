// The Princess & the Dragon as a cloisterkit plugin module, written against
// the installed SDK alone (no include of host/ or of another expansion):
// the tiles (its own tile file, embedded), the dragon and the fairy
// (declared neutral figures: the host keeps where they stand), the
// volcanoes, dragon tiles and magic portals (declared tile markers), the
// princess (a declared segment attribute of cities), the dragon tiles held
// back until a volcano is out, and seven hooks that play the rules
// (docs/expansions/princess-and-dragon.md, rules PD-n).
#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/module.hpp>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::princess_dragon {
namespace {

constexpr const char* kExpansionId = "cloisterkit.princess-and-dragon";

// Names the manifest declares and the hooks read.
constexpr std::string_view kDragon = "dragon";      // neutral figure and tile marker
constexpr std::string_view kFairy = "fairy";        // neutral figure
constexpr std::string_view kVolcano = "volcano";    // tile marker
constexpr std::string_view kPortal = "portal";      // tile marker
constexpr std::string_view kPrincess = "princess";  // segment attribute of cities

// PD-18: JCloisterZone's four elements, each switched on and off alone
// (its engine tests play the fairy without the rest): an option each,
// carried by the element of its name in saves.
constexpr std::string_view kDragonOption = "princessAndDragon.dragon";
constexpr std::string_view kFairyOption = "princessAndDragon.fairy";
constexpr std::string_view kPrincessOption = "princessAndDragon.princess";
constexpr std::string_view kPortalOption = "princessAndDragon.portal";

// Actions of the figure options this expansion offers.
constexpr std::string_view kMoveFairyAction = "move-fairy";
constexpr std::string_view kPrincessAction = "princess";
constexpr std::string_view kPrincessReturnSource = "PRINCESS";  // JCloisterZone's RETURN_MEEPLE source

// JCloisterZone's rules of the expansion: its key, ours, the value played.
struct JczRule {
    std::string_view jcz_key, key, value, what;
};
constexpr JczRule kJczRules[] = {
    {"princess-action", "princessAndDragon.princessAction", "may", "the princess may send a follower home"},
    {"fairy-placement", "princessAndDragon.fairyPlacement", "next-follower", "the fairy stands next to a follower"},
    {"dragon-move", "princessAndDragon.dragonMove", "before-scoring", "the dragon moves before the turn's scoring"},
};

// Every bad input below is the host's mistake; the SDK reports the exception
// as CK_E_INTERNAL with this message, and the host must not apply anything.
[[noreturn]] void reject(const std::string& why) { throw std::runtime_error("princess & dragon: " + why); }

Space space_of(const fb::TileRef& at) { return Space{at.x(), at.y()}; }

fb::TileRef tile_ref(const BoardTile& t) {
    return fb::TileRef(static_cast<int16_t>(t.space.x), static_cast<int16_t>(t.space.y),
                       static_cast<fb::Corner>(t.corner));
}

// Every placed tile, as the SDK-free rules see the board.
std::vector<BoardTile> board_of(const fb::GameState& state) {
    std::vector<BoardTile> board;
    if (const auto* tiles = state.tiles()) {
        board.reserve(tiles->size());
        for (const fb::PlacedTile* t : *tiles)
            board.push_back(BoardTile{space_of(t->at()), static_cast<uint8_t>(t->at().corner())});
    }
    return board;
}

// Whether any figure stands on the tile at `at` (its own triangle only).
bool has_figure_on(const fb::GameState& state, const fb::TileRef& at) {
    if (const auto* figures = state.figures())
        for (const fb::PlacedFigure* f : *figures)
            if (sdk::same_tile(f->at(), at)) return true;
    return false;
}

// The figure the fairy stands next to, or NULL when the fairy is off the
// board or next to nobody (its figure left: PD-12).
const fb::PlacedFigure* fairys_figure(const sdk::HookContext& ctx) {
    const fb::NeutralFigurePosition* fairy = ctx.neutral_figure(kFairy);
    if (fairy == nullptr || fairy->next_to_number() == 0) return nullptr;
    if (const auto* figures = ctx.state().figures())
        for (const fb::PlacedFigure* f : *figures)
            if (sdk::same_tile(f->at(), fairy->at()) && f->location() == fairy->location() &&
                f->owner() == fairy->next_to_owner() && f->kind() == fairy->next_to_kind())
                return f;
    return nullptr;
}

// PD-6, PD-14: the fairy's space, when the fairy is on the board (attached
// or not).
std::optional<Space> fairy_space(const sdk::HookContext& ctx) {
    const fb::NeutralFigurePosition* fairy = ctx.neutral_figure(kFairy);
    if (fairy == nullptr) return std::nullopt;
    return space_of(fairy->at());
}

std::string_view figure_kind_name(const sdk::HookContext& ctx, uint8_t kind) {
    const auto* kinds = ctx.setup().figure_kinds();
    return kinds != nullptr && kind < kinds->size() ? sdk::as_view(kinds->Get(kind)) : std::string_view("figure");
}

std::string player_name(const sdk::HookContext& ctx, uint8_t player) {
    const auto* names = ctx.setup().player_names();
    if (names != nullptr && player < names->size()) return std::string(sdk::as_view(names->Get(player)));
    return "player " + std::to_string(player);
}

const fb::PlacedTile& placed_tile(const sdk::HookContext& ctx, const fb::TileRef& at, const char* hook) {
    const fb::PlacedTile* tile = sdk::find_tile(ctx.state(), at);
    if (tile == nullptr) reject(std::string(hook) + " names the tile at " + sdk::tile_ref_text(at) + ", which is not on the board");
    return *tile;
}

uint8_t checked_player_count(const sdk::HookContext& ctx) {
    const int count = ctx.player_count();
    if (count < 1 || count > 255) reject("the state lists " + std::to_string(count) + " players");
    return static_cast<uint8_t>(count);
}

void keep_movement(const Movement& movement, sdk::Effects& out) {
    const std::vector<uint8_t> bytes = encode_movement(movement);
    out.set_expansion_data(bytes.data(), bytes.size());
}

void end_movement(sdk::Effects& out) { out.set_expansion_data(nullptr, 0); }

std::vector<fb::MoveTarget> move_targets(const std::vector<BoardTile>& targets) {
    std::vector<fb::MoveTarget> out;
    out.reserve(targets.size());
    for (const BoardTile& t : targets) out.emplace_back(tile_ref(t), 0u);
    return out;
}

class PrincessAndDragon final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions princess-and-dragon
        i.name = "The Princess & the Dragon";
        i.version = "1.1.0";  // 1.1.0: the elements switch one by one (PD-18)
        i.description =
            "The third big expansion (1st edition rules, as JCloisterZone plays them): 30 tiles join the draw "
            "pile. A volcano calls the dragon onto it; no figure may be placed where the dragon stands; each "
            "dragon tile, once a volcano is out, makes the dragon walk up to six spaces, the players taking "
            "turns to steer it, and it eats every figure on its way. The fairy, moved next to one of your "
            "followers instead of placing one, keeps the dragon away from its space, gives you a point at the "
            "start of each of your turns and 3 when that follower's feature is scored. A princess sends a "
            "knight of her city home; a magic portal lets you place a follower on any unoccupied, unfinished "
            "feature of the board.";
        i.hooks = sdk::hooks_overridden_by<PrincessAndDragon>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // PD-17, PD-18: JCloisterZone has no element of the expansion's
        // name; each of its four elements carries one of these options, and
        // any of them enables the module (docs/abi.md, "JCloisterZone elements").
        const auto element = [&](std::string_view key, std::string_view name, const char* what) {
            sdk::RuleOption o = sdk::boolean_option(std::string(key), true, what);
            o.jcz_element = std::string(name);
            i.rule_options.push_back(std::move(o));
        };
        element(kDragonOption, kDragon, "the dragon: volcanoes call it, dragon tiles move it (PD-1–6)");
        element(kFairyOption, kFairy, "the fairy, moved next to a follower instead of placing one (PD-9–12)");
        element(kPrincessOption, kPrincess, "the princess sends a knight of her city home (PD-8)");
        element(kPortalOption, kPortal, "the magic portal: a follower anywhere on the board (PD-7)");
        // JCloisterZone's three rule options of the expansion, each with the
        // one value this module plays (its default): a save asking for
        // another (dragon-move: after-scoring) is refused by name instead
        // of replayed under the wrong rule.
        for (const auto& [jcz_key, key, value, what] : kJczRules) {
            i.rule_options.push_back({std::string(key), std::string(value), {std::string(value)},
                                      std::string(what) + " (JCloisterZone's " + std::string(jcz_key) +
                                          "; only its default is played)"});
            i.jcz_rule_aliases.push_back({std::string(jcz_key), std::string(value), std::string(key), std::string(value)});
        }
        // PD-3: no figure on the dragon's space, whoever puts it there (a
        // wagon's move too); FIGURE_OPTIONS still forbids it for hosts
        // before schema revision 12.
        i.neutral_figures = {{std::string(kDragon), "the dragon", "dragon.1", true},
                             {std::string(kFairy), "the fairy", "fairy.1"}};
        i.tile_markers = {{std::string(kVolcano), "volcano"},
                          {std::string(kDragon), "dragon"},
                          {std::string(kPortal), "magic portal"}};
        i.segment_attributes = {{fb::FeatureKind::City, std::string(kPrincess), "princess"}};
        // PD-2: the dragon tiles wait in the pack until a volcano is placed,
        // while the dragon plays (without it they are tiles like the others).
        // (A condition lists values as written: every word a Boolean takes for true.)
        i.held_back_tiles = {{std::string(kDragon), std::string(kVolcano), std::string(kDragonOption),
                              {"true", "yes", "on", "1"}}};
        // PD-16: the 1st edition's tiles; the 2nd's (with gardens) when the abbot plays.
        i.deck_tile_sets = {{"princess-and-dragon:1", 1, "", "cloisterkit.abbot"},
                            {"princess-and-dragon:2", 1, "cloisterkit.abbot", ""}};
        // Three hooks have something to say on a few turns only: a volcano
        // placed (PD-1), a dragon tile's figure step over (PD-4), the turn
        // of the fairy's owner (PD-10). Hosts that do not know a filter call
        // every turn, as before.
        i.hook_filters = {
            sdk::only_when(CK_HOOK_TILE_PLACED, fb::HookFilter::TileHasMarker, std::string(kVolcano)),
            sdk::only_when(CK_HOOK_FIGURE_STEP_END, fb::HookFilter::TileHasMarker, std::string(kDragon)),
            sdk::only_when(CK_HOOK_TURN_START, fb::HookFilter::NeutralFigureBesideActivePlayer, std::string(kFairy))};
        return i;
    }

    // PD-1: a volcano calls the dragon onto it (it eats nothing there).
    void on_tile_placed(const sdk::HookContext& ctx, const fb::TilePlacedArgs& args, sdk::Effects& out) const override {
        const fb::Placement& placement = *args.placement();
        if (ctx.tile_has_marker(placement.tile_type(), kVolcano) && ctx.rule_bool_or(kDragonOption, true))
            out.move_neutral_figure(kDragon, placement.at());
    }

    // PD-3, PD-7, PD-9, PD-8 (and PD-13's whole space under the dragon).
    void figure_options(const sdk::HookContext& ctx, const fb::FigureOptionsArgs& args,
                        sdk::Effects& out) const override {
        const fb::GameState& state = ctx.state();
        const fb::TileRef& placed_at = *args.tile();
        const fb::PlacedTile& placed = placed_tile(ctx, placed_at, "FIGURE_OPTIONS");
        const uint8_t player = args.player();

        // PD-3: no figure on the dragon's tile, nor (PD-13) on the other
        // triangle of its space.
        if (const fb::NeutralFigurePosition* dragon = ctx.neutral_figure(kDragon)) {
            out.forbid_figure_placement(dragon->at(), "the dragon is there");
            if (const auto* tiles = state.tiles())
                for (const fb::PlacedTile* t : *tiles)
                    if (sdk::same_space(t->at(), dragon->at()) && !sdk::same_tile(t->at(), dragon->at()))
                        out.forbid_figure_placement(t->at(), "the dragon is there");
        }

        // PD-7: from a magic portal, a figure may go on any other tile too
        // (the host keeps to unfinished, unoccupied features and leaves out
        // forbidden tiles).
        if (ctx.tile_has_marker(placed.tile_type(), kPortal) && ctx.rule_bool_or(kPortalOption, true)) {
            std::vector<fb::TileRef> elsewhere;
            if (const auto* tiles = state.tiles())
                for (const fb::PlacedTile* t : *tiles)
                    if (!sdk::same_tile(t->at(), placed_at)) elsewhere.push_back(t->at());
            if (!elsewhere.empty()) out.offer_figure_placements(elsewhere, "magic portal");
        }

        // PD-9: the fairy next to any of the player's followers but the one
        // it is next to already; not next to a figure that only joins a
        // follower (the builder, the pig: strength 0).
        const fb::PlacedFigure* beside_fairy = fairys_figure(ctx);
        if (const auto* figures = ctx.rule_bool_or(kFairyOption, true) ? state.figures() : nullptr)
            for (const fb::PlacedFigure* f : *figures) {
                if (f->owner() != player || f == beside_fairy || ctx.figure_strength(f->kind()) == 0) continue;
                out.offer_neutral_figure_move(kMoveFairyAction, kFairy, f->at(), f->location(),
                                              "move the fairy next to " + std::string(figure_kind_name(ctx, f->kind())) +
                                                  " at " + sdk::tile_ref_text(f->at()));
            }

        // PD-8: a princess on this tile's own city segment may send home any
        // figure of the whole city, the player's own included.
        if (!ctx.rule_bool_or(kPrincessOption, true)) return;
        const sdk::TileContents contents = ctx.tile_contents(placed.tile_type());
        const auto* segment_features = args.segment_features();
        std::vector<const fb::PlacedFigure*> offered;
        size_t segment = 0;
        for (const fb::TileSegmentInfo& seg : contents) {
            const size_t i = segment++;
            if (seg.kind() != fb::FeatureKind::City || !ctx.segment_has_attribute(placed.tile_type(), i, kPrincess))
                continue;
            if (segment_features == nullptr || i >= segment_features->size())
                reject("FIGURE_OPTIONS gives " +
                       std::to_string(segment_features == nullptr ? 0 : segment_features->size()) +
                       " segment features for the tile at " + sdk::tile_ref_text(placed_at) + ", whose segment " +
                       std::to_string(i) + " has a princess");
            const uint32_t city = segment_features->Get(static_cast<flatbuffers::uoffset_t>(i));
            const auto* figures = state.figures();
            if (figures == nullptr) continue;
            for (const fb::PlacedFigure* f : *figures) {
                if (f->feature() != city) continue;
                if (std::find(offered.begin(), offered.end(), f) != offered.end()) continue;
                offered.push_back(f);
                out.offer_figure_return(kPrincessAction, kPrincessReturnSource, f->at(), f->location(),
                                        "the princess sends " + player_name(ctx, f->owner()) + "'s follower home");
            }
        }
    }

    // PD-9, PD-8: the option chosen, as offered.
    void apply_figure_action(const sdk::HookContext& ctx, const fb::ApplyFigureActionArgs& args,
                             sdk::Effects& out) const override {
        const fb::FigureOption& option = *args.option();
        const std::string_view action = sdk::as_view(option.action());
        const fb::TileRef& at = *option.at();
        const auto figure_there = [&](bool players_own) {
            if (const auto* figures = ctx.state().figures())
                for (const fb::PlacedFigure* f : *figures)
                    if (sdk::same_tile(f->at(), at) && f->location() == option.location() &&
                        (!players_own || f->owner() == args.player()))
                        return true;
            return false;
        };
        if (option.location() == 0)
            reject("APPLY_FIGURE_ACTION " + std::string(action) + " at " + sdk::tile_ref_text(at) +
                   " names no segment");
        if (action == kMoveFairyAction) {
            if (!figure_there(true))
                reject("the fairy cannot move next to a figure of player " + std::to_string(args.player()) + " at " +
                       sdk::tile_ref_text(at) + ": none stands there");
            out.move_neutral_figure(kFairy, at, option.location());
        } else if (action == kPrincessAction) {
            if (!figure_there(false))
                reject("the princess cannot send home a figure at " + sdk::tile_ref_text(at) + ": none stands there");
            out.return_figures(at, option.location(), "sent home by the princess");
        } else {
            reject("APPLY_FIGURE_ACTION with action '" + std::string(action) + "', which this expansion never offers");
        }
    }

    // PD-10: the turn player whose follower has the fairy scores 1.
    void on_turn_start(const sdk::HookContext& ctx, const fb::TurnStartArgs& args, sdk::Effects& out) const override {
        const fb::NeutralFigurePosition* fairy = ctx.neutral_figure(kFairy);
        if (fairy != nullptr && fairy->next_to_number() != 0 && fairy->next_to_owner() == args.player())
            out.add_points(args.player(), 1, "fairy.turn");
    }

    // PD-11: 3 to the owner of the follower next to the fairy whenever its
    // feature is scored, majority or not, during the game or at the end.
    void bonus_points(const sdk::HookContext& ctx, const fb::BonusPointsArgs& args, sdk::Effects& out) const override {
        const fb::PlacedFigure* f = fairys_figure(ctx);
        if (f != nullptr && f->feature() == args.feature()->id()) out.add_points(f->owner(), 3, "fairy.completed");
    }

    // PD-4: a dragon tile, with the dragon on the board, opens its movement.
    void on_figure_step_end(const sdk::HookContext& ctx, const fb::FigureStepEndArgs& args,
                            sdk::Effects& out) const override {
        const fb::PlacedTile& placed = placed_tile(ctx, *args.tile(), "FIGURE_STEP_END");
        if (!ctx.tile_has_marker(placed.tile_type(), kDragon)) return;
        const fb::NeutralFigurePosition* dragon = ctx.neutral_figure(kDragon);
        if (dragon == nullptr) return;  // no volcano yet: nothing happens
        checked_player_count(ctx);
        const Movement movement{args.player(), {}};
        const std::vector<BoardTile> board = board_of(ctx.state());
        const std::vector<BoardTile> targets =
            dragon_targets(board, space_of(dragon->at()), movement.visited, fairy_space(ctx));
        if (targets.empty()) return;  // PD-6: blocked from the start
        keep_movement(movement, out);
        out.offer_movement(kDragon, args.player(), move_targets(targets), step_label(1));
    }

    // PD-4, PD-5, PD-6: one step of the dragon, then the next one's offer.
    void apply_movement_step(const sdk::HookContext& ctx, const fb::MovementStepArgs& args,
                             sdk::Effects& out) const override {
        if (sdk::as_view(args.figure()) != kDragon)
            reject("APPLY_MOVEMENT_STEP for '" + std::string(sdk::as_view(args.figure())) +
                   "', which this expansion never moves");
        std::optional<Movement> movement = decode_movement(ctx.expansion_data());
        if (!movement) reject("APPLY_MOVEMENT_STEP while no dragon movement is in progress");
        const fb::NeutralFigurePosition* dragon = ctx.neutral_figure(kDragon);
        if (dragon == nullptr) reject("APPLY_MOVEMENT_STEP while the dragon is not on the board");
        const uint8_t players = checked_player_count(ctx);
        const size_t taken = movement->visited.size();
        if (args.step() != taken + 1)
            reject("APPLY_MOVEMENT_STEP says step " + std::to_string(args.step()) + " but " + std::to_string(taken) +
                   " steps were taken");
        const uint8_t chooser = step_chooser(movement->turn_player, taken, players);
        if (args.player() != chooser)
            reject("player " + std::to_string(args.player()) + " chose step " + std::to_string(taken + 1) +
                   " of the dragon, which is player " + std::to_string(chooser) + "'s");

        const std::vector<BoardTile> board = board_of(ctx.state());
        const std::optional<Space> fairy = fairy_space(ctx);
        const fb::MoveTarget& chosen = *args.target();
        const std::vector<BoardTile> allowed = dragon_targets(board, space_of(dragon->at()), movement->visited, fairy);
        const BoardTile target{space_of(chosen.at()), static_cast<uint8_t>(chosen.at().corner())};
        if (chosen.location() != 0 || std::find(allowed.begin(), allowed.end(), target) == allowed.end())
            reject("the dragon cannot move from " + sdk::tile_ref_text(dragon->at()) + " to " +
                   sdk::tile_ref_text(chosen.at()) + " (not one of the " + std::to_string(allowed.size()) +
                   " places it may go)");

        movement->visited.push_back(space_of(dragon->at()));
        out.move_neutral_figure(kDragon, chosen.at());
        // PD-5, PD-13: it eats every figure on every tile of its new space.
        if (const auto* tiles = ctx.state().tiles())
            for (const fb::PlacedTile* t : *tiles)
                if (sdk::same_space(t->at(), chosen.at()) && has_figure_on(ctx.state(), t->at()))
                    out.return_figures(t->at(), 0, "eaten by the dragon");

        if (movement->visited.size() < kDragonSteps) {
            const std::vector<BoardTile> next = dragon_targets(board, target.space, movement->visited, fairy);
            if (!next.empty()) {
                keep_movement(*movement, out);
                out.offer_movement(kDragon, step_chooser(movement->turn_player, movement->visited.size(), players),
                                   move_targets(next), step_label(movement->visited.size() + 1));
                return;
            }
        }
        end_movement(out);  // six steps, or nowhere left to go
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<PrincessAndDragon>());
    return list;
}

}  // namespace
}  // namespace ck::princess_dragon

// Schema revision 6 at least: older hosts have neither neutral figures, tile
// markers, held-back tiles nor the movement stage, so they could not play it.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-princess-and-dragon", "1.0.0", ck::princess_dragon::make_expansions, 6,
                                 CK_SCHEMA_REVISION)

#include "action_keys.hpp"

#include <string_view>

namespace ck::host::ai {
namespace {

// FNV-1a over the fields of a choice, tagged with what kind of choice it is.
class KeyHash {
public:
    explicit KeyHash(uint8_t tag) { add(tag); }
    KeyHash& add(uint64_t v) {
        for (int i = 0; i < 8; ++i, v >>= 8) h_ = (h_ ^ (v & 0xFF)) * 0x100000001B3ull;
        return *this;
    }
    KeyHash& add(std::string_view s) {
        add(s.size());
        for (const char c : s) h_ = (h_ ^ static_cast<uint8_t>(c)) * 0x100000001B3ull;
        return *this;
    }
    KeyHash& add(TileRef r) {
        return add(static_cast<uint64_t>(static_cast<uint16_t>(r.pos.x)) |
                   static_cast<uint64_t>(static_cast<uint16_t>(r.pos.y)) << 16 |
                   static_cast<uint64_t>(r.corner) << 32);
    }
    ActionKey value() const { return h_; }

private:
    uint64_t h_ = 0xCBF29CE484222325ull;
};

enum Tag : uint8_t { kDraw = 1, kHand, kDrawn, kPlacement, kNoFigure, kPass, kMeeple, kOption, kReturn };

ActionKey meeple_key(const FeaturePointer& p, uint8_t kind) {
    return KeyHash(kMeeple).add(p.at).add(static_cast<uint64_t>(p.kind)).add(p.location).add(kind).value();
}
ActionKey option_key(const ExpansionOption& o) {
    return KeyHash(kOption).add(o.expansion).add(o.action).add(o.token_kind).add(o.at).add(o.label).value();
}
ActionKey return_key(const MeepleId& m) {
    return KeyHash(kReturn).add(m.player).add(m.number).add(m.kind).value();
}

}  // namespace

ActionKey draw_key() { return KeyHash(kDraw).value(); }
ActionKey hand_key(TileTypeId tile) { return KeyHash(kHand).add(tile).value(); }
ActionKey drawn_key(TileTypeId tile) { return KeyHash(kDrawn).add(tile).value(); }
ActionKey placement_key(const Placement& p) { return KeyHash(kPlacement).add(p.at).add(p.rotation).value(); }
ActionKey no_figure_key() { return KeyHash(kNoFigure).value(); }

ActionKey figure_key(const Game& game, const FigureChoice& c) {
    switch (c.kind) {
        case FigureChoice::Kind::None: return KeyHash(kPass).value();
        case FigureChoice::Kind::Meeple: {
            const MeepleOption& o = game.meeple_options()[c.index];
            return meeple_key(o.pointer, o.kind);
        }
        case FigureChoice::Kind::Expansion: return option_key(game.expansion_options()[c.index]);
        case FigureChoice::Kind::Return: return return_key(game.return_options()[c.index].meeple);
    }
    return 0;
}

ActionKey figure_move_key(const Move& m) {
    switch (m.type) {
        case MoveType::DeployMeeple: return meeple_key(m.pointer, m.meeple.kind);
        case MoveType::PlaceToken: return option_key(m.option);
        case MoveType::ReturnFigure: return return_key(m.meeple);
        default: return KeyHash(kPass).value();
    }
}

void tile_step_choices(const Game& game, std::vector<Choice>& out) {
    out.clear();
    out.push_back({draw_key(), 0, {}});
    if (!game.awaiting_tile_choice()) return;  // the tile is drawn: "draw" is all there is
    const auto& options = game.tile_step_options();
    for (size_t i = 0; i < options.size(); ++i) out.push_back({hand_key(options[i].tile_type), i + 1, {}});
}

void placement_choices(const Game& game, std::vector<Choice>& out) {
    out.clear();
    const auto& legal = game.legal_placements();
    for (size_t i = 0; i < legal.size(); ++i) out.push_back({placement_key(legal[i]), i, {}});
}

void figure_choices(const Game& game, std::vector<Choice>& out) {
    out.clear();
    if (game.phase() != Phase::ActionPhase) {
        out.push_back({no_figure_key(), 0, {}});
        return;
    }
    const auto add = [&](FigureChoice c) { out.push_back({figure_key(game, c), 0, c}); };
    add({});
    for (size_t i = 0; i < game.meeple_options().size(); ++i) add({FigureChoice::Kind::Meeple, i});
    for (size_t i = 0; i < game.expansion_options().size(); ++i) add({FigureChoice::Kind::Expansion, i});
    for (size_t i = 0; i < game.return_options().size(); ++i) add({FigureChoice::Kind::Return, i});
}

GamePath path_of(const Game& game) {
    GamePath path;
    auto& keys = path.keys;
    keys.reserve(game.moves().size() + 8);
    // Each recorded turn: PlaceTile, maybe a figure move, Commit.
    bool figure_recorded = false;
    for (const Move& m : game.moves()) {
        switch (m.type) {
            case MoveType::PlaceTile:
                if (m.from_hand) {
                    keys.push_back(hand_key(m.tile));
                } else {
                    keys.push_back(draw_key());
                    keys.push_back(drawn_key(m.tile));
                }
                keys.push_back(placement_key(m.placement));
                figure_recorded = false;
                break;
            case MoveType::Commit:
                if (!figure_recorded) keys.push_back(no_figure_key());
                break;
            default:
                keys.push_back(figure_move_key(m));
                figure_recorded = true;
                break;
        }
    }
    // The turn in progress, up to where it is.
    if (game.phase() == Phase::TilePhase && game.drawn_tile()) {
        if (game.tile_from_hand()) {
            keys.push_back(hand_key(*game.drawn_tile()));
        } else {
            keys.push_back(draw_key());
            keys.push_back(drawn_key(*game.drawn_tile()));
        }
        path.step = Step::Placement;
    } else if (game.phase() == Phase::ActionPhase) {
        path.step = Step::Figure;
    } else {
        path.step = Step::TileStep;
    }
    return path;
}

}  // namespace ck::host::ai

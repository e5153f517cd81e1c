#include "timeline.hpp"

#include <string>

#include "core/errors.hpp"

namespace ck::host::render {

void Timeline::capture(const Game& game) {
    const auto& moves = game.moves();
    if (!frames_.empty() && moves.size() == frames_.back().moves_end) return;
    Frame f;
    if (!moves.empty()) {
        f.kind = Frame::Kind::Turn;
        f.turn = moves.back().turn;
        f.player = moves.back().player;
        f.in_progress = moves.back().type != MoveType::Commit;
    }
    f.tiles = game.placed_tiles().size();
    f.moves_end = moves.size();
    // Final scoring comes last in the log; it gets a frame of its own.
    const auto& log = game.score_log();
    f.entries_end = frames_.empty() ? 0 : frames_.back().entries_end;
    while (f.entries_end < log.size() && !log[f.entries_end].final_scoring) ++f.entries_end;
    f.discarded_end = game.discarded_tiles().size();
    f.figures = game.figures();
    f.tokens = game.tokens();
    f.neutral = game.neutral_figures();
    frames_.push_back(std::move(f));
}

void Timeline::finish(const Game& game) {
    if (!game.is_over()) return;
    Frame f;
    f.kind = Frame::Kind::Final;
    if (!game.moves().empty()) {
        f.turn = game.moves().back().turn;
        f.player = game.moves().back().player;
    }
    f.tiles = game.placed_tiles().size();
    f.moves_end = game.moves().size();
    f.entries_end = game.score_log().size();
    f.discarded_end = game.discarded_tiles().size();
    f.figures = game.figures();
    f.tokens = game.tokens();
    f.neutral = game.neutral_figures();
    frames_.push_back(std::move(f));
}

std::vector<int> Timeline::scores(const Game& game, size_t i) const {
    std::vector<int> out(game.player_count(), 0);
    const auto& log = game.score_log();
    for (size_t e = 0; e < frames_.at(i).entries_end && e < log.size(); ++e)
        if (log[e].player < out.size()) out[log[e].player] += log[e].points;
    return out;
}

int Timeline::frame_after_turn(uint32_t turn) const {
    int found = -1;
    for (size_t i = 0; i < frames_.size(); ++i) {
        const Frame& f = frames_[i];
        if (turn == 0 ? f.kind == Frame::Kind::Start : f.kind == Frame::Kind::Turn && f.turn == turn)
            found = static_cast<int>(i);
    }
    return found;
}

uint32_t Timeline::last_turn() const {
    uint32_t t = 0;
    for (const Frame& f : frames_)
        if (f.kind == Frame::Kind::Turn) t = f.turn;
    return t;
}

namespace {

[[noreturn]] void not_reproduced(const std::string& why) {
    throw HostError("drawing the game turn by turn: playing its moves again " + why);
}


}  // namespace

Timeline replay_timeline(const GameSetup& original, const Game& game) {
    GameSetup setup = original;
    bool dealt = false;
    for (const auto& hand : game.dealt_hands()) dealt = dealt || !hand.empty();
    if (dealt) {
        setup.preset_hands.clear();
        for (const auto& hand : game.dealt_hands()) {
            auto& ids = setup.preset_hands.emplace_back();
            for (TileTypeId t : hand) ids.push_back(game.tile_def(t).id);
        }
    }
    Game again(setup);
    Timeline timeline;
    timeline.capture(again);
    const auto& moves = game.moves();
    for (size_t i = 0; i < moves.size(); ++i) {
        try {
            apply_move(again, moves[i]);
        } catch (const HostError& e) {
            not_reproduced("failed at move " + std::to_string(i + 1) + " (turn " + std::to_string(moves[i].turn) +
                           "): " + e.what());
        }
        if (moves[i].type == MoveType::Commit) timeline.capture(again);
    }
    timeline.capture(again);  // a saved game may stop inside a turn
    timeline.finish(again);

    if (again.placed_tiles().size() != game.placed_tiles().size())
        not_reproduced("placed " + std::to_string(again.placed_tiles().size()) + " tiles, the game has " +
                       std::to_string(game.placed_tiles().size()));
    if (again.score_log().size() != game.score_log().size() || again.is_over() != game.is_over())
        not_reproduced("gave a different score log or end");
    for (uint8_t p = 0; p < game.player_count(); ++p)
        if (again.score(p) != game.score(p))
            not_reproduced("gave player " + std::to_string(p) + " " + std::to_string(again.score(p)) +
                           " points, the game has " + std::to_string(game.score(p)));
    return timeline;
}

}  // namespace ck::host::render

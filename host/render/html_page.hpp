// The step-through page of a game (docs/rendering.md, "The page"): one
// self-contained HTML file, with no network access, no external file and
// no build step. It holds the whole game as one SVG whose elements carry
// the frames they are shown in (svg_writer.hpp, timeline_svg) and, as JSON,
// what each frame says: whose turn it is, the move, the points scored with
// their breakdown, and the scores. Buttons and the left/right arrow keys
// (Home/End: first/last) step through the frames.
//
// What tests read: #ck-frame (the frame index), #ck-turn (the turn number),
// #ck-player, #ck-moves, #ck-points (one li.entry per score entry), and the
// score table's td.ck-total[data-player] cells.
#pragma once

#include <string>

#include "core/game.hpp"
#include "timeline.hpp"

namespace ck::host::render {

struct HtmlOptions {
    std::string title = "cloisterkit game";
};

std::string html_page(const Game& game, const Timeline& timeline, const HtmlOptions& options = {});

// What a frame's moves were, one line each: "placed BA/CRr at (2,-1) R90",
// "meeple 0.small.1 on City N", "placed a tower (LB_TOWER) on (2,-1)".
std::vector<std::string> frame_moves(const Game& game, const Timeline& timeline, size_t frame);

}  // namespace ck::host::render

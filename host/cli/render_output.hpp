// The picture options that `play`, `replay` and `render` share: --svg FILE
// (the board at the end, or after --turn N where the command has it) and
// --html FILE (the step-through page), and writing them (host/render/).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "render/timeline.hpp"

namespace ck::cli {

struct RenderOutputs {
    std::string svg;   // --svg FILE
    std::string html;  // --html FILE
    bool any() const { return !svg.empty() || !html.empty(); }
};

// Help lines for --svg and --html (two-space indented).
extern const char* const kRenderOptionsHelp;

// Reads --svg FILE or --html FILE at args[i] (advancing i past the file);
// false if args[i] is neither. Throws HostError when the file is missing.
bool parse_render_option(const std::vector<std::string>& args, size_t& i, RenderOutputs& out);

// Writes the SVG of frame `frame` (titled `title` and which frame it is) and
// the page of the whole game (titled `title`), as asked.
// Throws HostError (Io) naming the file when one cannot be written.
void write_render_outputs(const RenderOutputs& out, const host::Game& game, const host::render::Timeline& timeline,
                          size_t frame, const std::string& title);

}  // namespace ck::cli

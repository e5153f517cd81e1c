#include "render_output.hpp"

#include <filesystem>
#include <fstream>
#include <system_error>

#include "core/errors.hpp"
#include "render/html_page.hpp"
#include "render/svg_writer.hpp"

namespace ck::cli {

const char* const kRenderOptionsHelp =
    "  --svg FILE.svg         draw the board at the end as an SVG picture, with\n"
    "                         a score table (docs/rendering.md)\n"
    "  --html FILE.html       write a self-contained page that steps through the\n"
    "                         game turn by turn (buttons, left/right arrow keys)\n";

bool parse_render_option(const std::vector<std::string>& args, size_t& i, RenderOutputs& out) {
    std::string* target = args[i] == "--svg" ? &out.svg : args[i] == "--html" ? &out.html : nullptr;
    if (!target) return false;
    if (i + 1 >= args.size() || args[i + 1].empty())
        throw host::HostError(args[i] + " needs a file name");
    *target = args[++i];
    // Checked before a game is played or replayed, not after.
    std::error_code ec;
    if (std::filesystem::is_directory(*target, ec))
        throw host::HostError(args[i - 1] + " " + *target + ": is a directory, not a file name");
    const std::filesystem::path parent = std::filesystem::path(*target).parent_path();
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
        throw host::HostError(args[i - 1] + " " + *target + ": directory " + parent.string() + " does not exist");
    return true;
}

namespace {
std::string frame_title(const std::string& title, const host::render::Frame& f) {
    using Kind = host::render::Frame::Kind;
    const std::string when = f.kind == Kind::Start   ? "before the first turn"
                             : f.kind == Kind::Final ? "final scores after " + std::to_string(f.turn) + " turns"
                                                     : "after turn " + std::to_string(f.turn) +
                                                           (f.in_progress ? " (the file stops inside it)" : "");
    return title.empty() ? when : title + " · " + when;
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    if (f) f.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!f) throw host::HostError(host::ErrorCategory::Io, path + ": cannot write the file");
}
}  // namespace

void write_render_outputs(const RenderOutputs& out, const host::Game& game, const host::render::Timeline& timeline,
                          size_t frame, const std::string& title) {
    if (!out.svg.empty()) {
        host::render::SvgOptions options;
        options.title = frame_title(title, timeline.frame(frame));
        write_file(out.svg, host::render::frame_svg(game, timeline, frame, options));
    }
    if (!out.html.empty()) {
        host::render::HtmlOptions options;
        options.title = title;
        write_file(out.html, host::render::html_page(game, timeline, options));
    }
}

}  // namespace ck::cli

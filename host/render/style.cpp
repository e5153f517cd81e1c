#include "style.hpp"

namespace ck::host::render {

namespace {
// Red, blue, yellow, black, purple, orange, pink, cyan: told apart on the
// green fields and brown cities, and from each other.
constexpr std::string_view kColours[8] = {"#d7263d", "#1f5fbf", "#f5c400", "#262626",
                                          "#8e44ad", "#f07f13", "#ff6fb5", "#00b3c7"};
}  // namespace

std::string_view player_colour(size_t player) { return kColours[player % 8]; }
std::string_view player_outline(size_t player) { return player % 8 == 3 ? "#f4f4f4" : "#141414"; }

std::string_view svg_style() {
    return "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;fill:#222}"
           ".background{fill:#f4f1ea}"
           ".tile-shape{fill:#a9cc7c;stroke:#4f6d33;stroke-width:1}"
           ".city{fill:#d8b173;stroke:#7b5522;stroke-width:1.5;stroke-linejoin:round}"
           ".river{fill:none;stroke:#4d8fc4;stroke-width:13;stroke-linecap:round}"
           ".river-pool{fill:#4d8fc4}"
           ".road-edge{fill:none;stroke:#5a4630;stroke-width:8}"
           ".road{fill:none;stroke:#f6f1e3;stroke-width:5}"
           ".junction{fill:#f6f1e3;stroke:#5a4630;stroke-width:1.5}"
           ".monastery-body{fill:#f3ead8;stroke:#3d2b1f;stroke-width:1.2}"
           ".monastery-roof{fill:#b8432f;stroke:#3d2b1f;stroke-width:1.2;stroke-linejoin:round}"
           ".garden{fill:#4f9a3a;stroke:#24481b;stroke-width:1.2}"
           ".pennant{fill:#2a5db0;stroke:#fff;stroke-width:1.2;stroke-linejoin:round}"
           ".attribute circle{fill:#f6e7b0;stroke:#6b4a1c;stroke-width:1.2}"
           ".attribute text{font:bold 9px sans-serif;fill:#6b4a1c;text-anchor:middle}"
           ".marker rect{fill:#fdf6e3;stroke:#5b3a29;stroke-width:1.2}"
           ".marker text{font:bold 9px sans-serif;fill:#5b3a29;text-anchor:middle}"
           ".neutral-disc{stroke:#ffffff;stroke-width:2}"
           ".neutral-letter{font:bold 12px sans-serif;fill:#ffffff;text-anchor:middle}"
           ".neutral-path{fill:none;stroke-width:3;stroke-dasharray:7 5;stroke-linecap:round;opacity:.8}"
           ".meeple.big .meeple-shape{stroke-width:2}"
           ".gap{fill:url(#ck-hatch);stroke:#7d7466;stroke-width:1;stroke-dasharray:3 2}"
           ".last-placed{fill:none;stroke:#ff7b00;stroke-width:3.5;stroke-linejoin:round}"
           ".scored-outline{fill:#fff27a;fill-opacity:.3;stroke:#d9a400;stroke-width:2;stroke-dasharray:5 3}"
           ".meeple-shape{stroke-width:1.6;stroke-linejoin:round}"
           ".lb{stroke:#2b2118;stroke-width:1.4;stroke-linejoin:round}"
           ".lb-tower{fill:#c9c9c9}.lb-house{fill:#e4733b}.lb-shed{fill:#a8753e}.lb-other{fill:#dddddd}"
           ".axis{font-size:11px;fill:#6b665c;text-anchor:middle}"
           ".title{font-size:17px;font-weight:bold}"
           ".table-head{font-size:13px;fill:#555}"
           ".table-cell{font-size:15px}"
           ".table-total{font-size:15px;font-weight:bold}"
           ".legend{font-size:12px;fill:#444}";
}

std::string_view meeple_path() {
    return "M0-9.5C2.7-9.5 3.9-7.3 3.6-5.3C6.3-4.7 9.2-3.4 9.8-1.6C10.2-.3 8.9.5 7-.1L4.6-.8"
           "C4.8 2.1 6.8 5.7 7.8 8.6C8 9.4 7.4 9.9 6.6 9.9H2.4C1.6 9.9 1.2 9.5.8 8.7L0 7.1L-.8 8.7"
           "C-1.2 9.5-1.6 9.9-2.4 9.9H-6.6C-7.4 9.9-8 9.4-7.8 8.6C-6.8 5.7-4.8 2.1-4.6-.8L-7-.1"
           "C-8.9.5-10.2-.3-9.8-1.6C-9.2-3.4-6.3-4.7-3.6-5.3C-3.9-7.3-2.7-9.5 0-9.5Z";
}

std::string_view building_path(std::string_view kind) {
    // Tower: tall, crenellated. House: walls and a pointed roof. Shed: low,
    // wide, with a sloping roof.
    if (kind == "LB_TOWER") return "M-4.5 10V-4.5H-6.5V-10H-3.8V-7.8H-1.3V-10H1.3V-7.8H3.8V-10H6.5V-4.5H4.5V10Z";
    if (kind == "LB_HOUSE") return "M-7.5 9V-1.5L0-8.5L7.5-1.5V9ZM-2 9V3H2V9";
    if (kind == "LB_SHED") return "M-9.5 8V0L9.5-5V8Z";
    return "M-6-6H6V6H-6Z";
}

std::string_view building_class(std::string_view kind) {
    if (kind == "LB_TOWER") return "lb lb-tower";
    if (kind == "LB_HOUSE") return "lb lb-house";
    if (kind == "LB_SHED") return "lb lb-shed";
    return "lb lb-other";
}

// A chapel with a steeple, bigger than any building token.
std::string_view monastery_body_path() { return "M-9 9V-1H3V9ZM3 9V-4H9V9ZM-4.5 9V4H-1.5V9"; }
std::string_view monastery_roof_path() { return "M-10-1L-3-6.5L4-1ZM2.5-4L6-10L9.5-4ZM6-10V-13M4.6-11.8H7.4"; }
std::string_view pennant_path() { return "M-6-7H6V0C6 4-0 7.5-0 7.5S-6 4-6 0Z"; }

}  // namespace ck::host::render

// How drawings look: the players' colours, the style sheet shared by the
// SVG pictures and the page, and the shapes of the small figures drawn on
// tiles (followers, Little Buildings, monasteries, pennants), each as an SVG
// path in a box from -10 to 10 around its centre.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ck::host::render {

// The players' colours, in player order, as "#rrggbb"; after 8 they repeat.
std::string_view player_colour(size_t player);
// The outline that keeps that colour visible on fields and cities.
std::string_view player_outline(size_t player);

// The <style> rules of a board picture (classes used by svg_writer.cpp).
std::string_view svg_style();

// Figure shapes in a box from -10 to 10 (y south), centred on their spot.
std::string_view meeple_path();
// LB_TOWER, LB_HOUSE, LB_SHED; any other kind gets a plain token.
std::string_view building_path(std::string_view kind);
std::string_view building_class(std::string_view kind);
std::string_view monastery_body_path();
std::string_view monastery_roof_path();
std::string_view pennant_path();

}  // namespace ck::host::render

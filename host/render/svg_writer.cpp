#include "svg_writer.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <array>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "core/location_names.hpp"
#include "last_turn.hpp"
#include "markup.hpp"
#include "score_breakdown.hpp"
#include "style.hpp"
#include "tile_geometry.hpp"

namespace ck::host::render {

namespace {

constexpr double kSpace = 64;   // pixels per board space
constexpr double kMargin = 12;
constexpr double kAxis = 22;    // the band of coordinates above and left of the board
constexpr double kTitle = 30;

// Frames [from, to): to = none means to the end.
struct Span {
    size_t from = 0;
    std::optional<size_t> to;
};

template <class T>
struct Appearance {
    T item;
    Span span;
};

bool same_figure(const PlacedFigure& a, const PlacedFigure& b) {
    return a.meeple == b.meeple && a.pointer == b.pointer && a.part == b.part;
}
// A neutral figure where it stood in a frame (Frame::neutral).
struct NeutralAt {
    size_t figure = 0;
    NeutralFigureSpot spot;
};
bool same_neutral(const NeutralAt& a, const NeutralAt& b) { return a.figure == b.figure && a.spot == b.spot; }

bool same_token(const PlacedToken& a, const PlacedToken& b) {
    return a.kind == b.kind && a.at == b.at && a.placed_by == b.placed_by && a.turn == b.turn;
}

// When each follower (or token) was on the board: one appearance per stay.
template <class T, class Items, class Same>
std::vector<Appearance<T>> appearances(const Timeline& timeline, Items items, Same same) {
    std::vector<Appearance<T>> out;
    std::vector<size_t> open;
    for (size_t k = 0; k < timeline.size(); ++k) {
        std::vector<size_t> still;
        for (const T& item : items(timeline.frame(k))) {
            auto it = std::find_if(open.begin(), open.end(), [&](size_t i) { return same(out[i].item, item); });
            if (it != open.end()) {
                still.push_back(*it);
                open.erase(it);
            } else {
                still.push_back(out.size());
                out.push_back({item, {k, std::nullopt}});
            }
        }
        for (size_t i : open) out[i].span.to = k;
        open = std::move(still);
    }
    return out;
}

std::string points_attr(const std::vector<Point>& pts, double scale) {
    std::string s;
    for (const Point& p : pts) s += (s.empty() ? "" : " ") + num(p.x * scale) + "," + num(p.y * scale);
    return s;
}

std::string path_data(const Path& path, double scale) {
    std::string d;
    for (const Path::Step& s : path.steps) {
        d += s.op;
        if (s.op == 'Q') d += num(s.control.x * scale) + " " + num(s.control.y * scale) + " ";
        d += num(s.to.x * scale) + " " + num(s.to.y * scale);
    }
    if (path.closed) d += "Z";
    return d;
}

std::vector<Point> outline_of(TileRef r) {
    if (r.corner == Corner::None) return {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    return triangle_outline(r.corner);
}

// A segment attribute the game declares (an inn, a cathedral): a badge by
// the segment's follower spot with the label's first letter, named in full
// in its title and data-attribute.
std::string attribute_badges(const SegmentDrawing& s, const std::vector<SegmentAttribute>& declared) {
    std::string out;
    int n = 0;
    for (size_t a = 0; a < declared.size() && a < 32; ++a) {
        if (!(s.attributes & (1u << a))) continue;
        const SegmentAttribute& attr = declared[a];
        const double x = (s.anchor.x * kSpace) + 11 + 13 * n++, y = s.anchor.y * kSpace - 10;
        const std::string initial(1, attr.label.empty() ? '?' : static_cast<char>(std::toupper(static_cast<unsigned char>(attr.label[0]))));
        out += "<g class=\"attribute\" data-attribute=\"" + xml_escape(attr.name) + "\"><title>" + xml_escape(attr.label) +
               "</title><circle cx=\"" + num(x) + "\" cy=\"" + num(y) + "\" r=\"6.5\"/><text x=\"" + num(x) + "\" y=\"" +
               num(y + 3.5) + "\">" + xml_escape(initial) + "</text></g>";
    }
    return out;
}

// A tile's drawing, in its space's coordinates; `declared`: the game's
// segment attributes, drawn as badges.
std::string tile_markup(const TileDrawing& d, const std::vector<SegmentAttribute>& declared = {}) {
    std::string out;
    out += "<polygon class=\"tile-shape\" points=\"" + points_attr(d.outline, kSpace) + "\"/>";
    for (const SegmentDrawing& s : d.segments)
        if (s.kind == FeatureKind::City && !s.shape.steps.empty())
            out += "<path class=\"city\" d=\"" + path_data(s.shape, kSpace) + "\"/>";
    if (!d.river.steps.empty()) {
        out += "<path class=\"river\" d=\"" + path_data(d.river, kSpace) + "\"/>";
        if (d.river_pool)
            out += "<circle class=\"river-pool\" cx=\"" + num(d.centre.x * kSpace) + "\" cy=\"" +
                   num(d.centre.y * kSpace) + "\" r=\"13\"/>";
    }
    for (const char* cls : {"road-edge", "road"})
        for (const SegmentDrawing& s : d.segments)
            if (s.kind == FeatureKind::Road && !s.shape.steps.empty())
                out += "<path class=\"" + std::string(cls) + "\" d=\"" + path_data(s.shape, kSpace) + "\"/>";
    if (d.junction)
        out += "<circle class=\"junction\" cx=\"" + num(d.junction->x * kSpace) + "\" cy=\"" +
                num(d.junction->y * kSpace) + "\" r=\"5\"/>";
    for (const SegmentDrawing& s : d.segments) {
        const std::string at = num(d.centre.x * kSpace) + "," + num(d.centre.y * kSpace);
        if (s.kind == FeatureKind::Monastery)
            out += "<g class=\"monastery\" transform=\"translate(" + at + ") scale(" +
                    (d.outline.size() == 3 ? "0.95" : "1.45") + ")\"><path class=\"monastery-body\" d=\"" +
                    std::string(monastery_body_path()) + "\"/><path class=\"monastery-roof\" d=\"" +
                    std::string(monastery_roof_path()) + "\"/></g>";
        if (s.kind == FeatureKind::Garden)
            out += "<circle class=\"garden\" cx=\"" + num(d.centre.x * kSpace) + "\" cy=\"" +
                    num(d.centre.y * kSpace) + "\" r=\"7\"/>";
        for (const Point& p : s.pennants)
            out += "<path class=\"pennant\" transform=\"translate(" + num(p.x * kSpace) + "," +
                    num(p.y * kSpace) + ") scale(.62)\" d=\"" + std::string(pennant_path()) + "\"/>";
        if (s.attributes != 0) out += attribute_badges(s, declared);
    }
    return out;
}

// A picture of one tile alone, in a space of its own.
std::string tile_picture(const TileDrawing& d, const std::string& id) {
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ck-tile\" data-tile=\"" + xml_escape(id) +
           "\" width=\"" + num(kSpace) + "\" height=\"" + num(kSpace) + "\" viewBox=\"0 0 " + num(kSpace) + " " + num(kSpace) +
           "\"><defs><style>" + std::string(svg_style()) + "</style></defs><g class=\"tile\">" + tile_markup(d) + "</g></svg>\n";
}

struct Category {
    std::string label;
    std::optional<FeatureKind> kind;  // none: points not tied to a feature
};

class Writer {
public:
    // `last`: the turn before the one going on, marked on a live board.
    Writer(const Game& game, const Timeline& timeline, std::optional<size_t> frame,
           const std::vector<BoardOption>* overlay = nullptr, std::optional<LastTurn> last = std::nullopt)
        : game_(game), timeline_(timeline), frame_(frame), overlay_(overlay), last_(last) {
        tile_from_.assign(game.placed_tiles().size(), 0);
        for (size_t k = 0; k < timeline.size(); ++k)
            for (size_t i = timeline.tiles_begin(k); i < timeline.frame(k).tiles && i < tile_from_.size(); ++i)
                tile_from_[i] = k;
        tile_turn_.assign(game.placed_tiles().size(), 0);
        for (const Move& m : game.moves())
            if (const int i = m.type == MoveType::PlaceTile ? game.board().tile_at(m.placement.at) : -1; i >= 0)
                tile_turn_[static_cast<size_t>(i)] = m.turn;
        shown_tiles_ = frame ? std::min(timeline.frame(*frame).tiles, game.placed_tiles().size())
                             : game.placed_tiles().size();
        for (size_t i = 0; i < game.placed_tiles().size(); ++i)
            drawings_.push_back(draw_tile(game.tile_table()[game.placed_tiles()[i].type], game.placed_tiles()[i]));
    }

    std::string write(const SvgOptions& options) {
        bounds();
        const double board_w = (max_x_ - min_x_ + 1) * kSpace, board_h = (max_y_ - min_y_ + 1) * kSpace;
        ox_ = kMargin + kAxis;
        oy_ = kMargin + (options.title.empty() ? 0 : kTitle) + kAxis;
        categories();
        const double table_w = options.score_table ? 230 + 100.0 * static_cast<double>(categories_.size()) : 0;
        const double table_h = options.score_table ? 34 + 24.0 * static_cast<double>(game_.player_count()) : 0;
        const double legend_y = oy_ + board_h + 18;
        table_y_ = legend_y + 30;
        // The title is about 10 pixels a character wide at its size.
        const double title_w = 10.0 * static_cast<double>(options.title.size());
        const double legend_w = build_legend();
        width_ = std::max({ox_ + board_w + kMargin, kMargin + table_w, kMargin + 700, 2 * kMargin + title_w,
                           2 * kMargin + legend_w});
        height_ = table_y_ + table_h + kMargin;

        out_ += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"ck-board\" width=\"" + num(width_) +
                "\" height=\"" + num(height_) + "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) + "\">\n";
        if (!options.title.empty()) out_ += "<title>" + xml_escape(options.title) + "</title>\n";
        out_ += "<defs><style>" + std::string(svg_style()) + "</style>"
                "<pattern id=\"ck-hatch\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\" "
                "patternTransform=\"rotate(45)\"><rect width=\"7\" height=\"7\" fill=\"#f1ede3\"/>"
                "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"7\" stroke=\"#b3ab9c\" stroke-width=\"2.5\"/></pattern></defs>\n";
        out_ += "<rect class=\"background\" width=\"" + num(width_) + "\" height=\"" + num(height_) + "\"/>\n";
        if (!options.title.empty())
            out_ += "<text class=\"title\" x=\"" + num(kMargin) + "\" y=\"" + num(kMargin + 18) + "\">" +
                    xml_escape(options.title) + "</text>\n";
        axes();
        tiles();
        gaps();
        highlights();
        buildings();
        meeples();
        neutral_paths();
        neutral_figures();
        if (overlay_) board_options();
        legend(legend_y);
        if (options.score_table) score_table();
        out_ += "</svg>\n";
        return std::move(out_);
    }

private:
    bool shown(const Span& s) const {
        if (!frame_) return true;
        return s.from <= *frame_ && (!s.to || *frame_ < *s.to);
    }
    // data-from / data-to for the page; nothing in a single frame, or for
    // what is there from the first frame to the last.
    std::string span_attrs(const Span& s) const {
        if (frame_ || (s.from == 0 && !s.to)) return "";
        std::string a = " data-from=\"" + std::to_string(s.from) + "\"";
        if (s.to) a += " data-to=\"" + std::to_string(*s.to) + "\"";
        return a;
    }
    double px(int x) const { return ox_ + (x - min_x_) * kSpace; }
    double py(int y) const { return oy_ + (y - min_y_) * kSpace; }
    std::string translate(Position p, Point offset = {}) const {
        return "translate(" + num(px(p.x) + offset.x * kSpace) + "," + num(py(p.y) + offset.y * kSpace) + ")";
    }

    void bounds() {
        const auto& placed = game_.placed_tiles();
        if (shown_tiles_ == 0) return;
        min_x_ = max_x_ = placed[0].at.pos.x;
        min_y_ = max_y_ = placed[0].at.pos.y;
        const auto include = [&](Position p) {
            min_x_ = std::min<int>(min_x_, p.x), max_x_ = std::max<int>(max_x_, p.x);
            min_y_ = std::min<int>(min_y_, p.y), max_y_ = std::max<int>(max_y_, p.y);
        };
        for (size_t i = 0; i < shown_tiles_; ++i) include(placed[i].at.pos);
        if (!overlay_) return;
        // A live board: a space of room around it, and every option on it.
        --min_x_, --min_y_, ++max_x_, ++max_y_;
        for (const BoardOption& o : *overlay_)
            if (o.kind == BoardOption::Kind::Placement) include(o.placement.at.pos);
    }

    void axes() {
        out_ += "<g class=\"axes\">";
        for (int x = min_x_; x <= max_x_; ++x)
            out_ += "<text class=\"axis\" x=\"" + num(px(x) + kSpace / 2) + "\" y=\"" + num(oy_ - 7) + "\">" +
                    std::to_string(x) + "</text>";
        for (int y = min_y_; y <= max_y_; ++y)
            out_ += "<text class=\"axis\" x=\"" + num(ox_ - 11) + "\" y=\"" + num(py(y) + kSpace / 2 + 4) + "\">" +
                    std::to_string(y) + "</text>";
        out_ += "</g>\n";
    }

    void tiles() {
        out_ += "<g class=\"tiles\">\n";
        const auto& placed = game_.placed_tiles();
        for (size_t i = 0; i < placed.size(); ++i) {
            const Span span{tile_from_[i], std::nullopt};
            if (!shown(span) || i >= shown_tiles_) continue;
            const PlacedTile& t = placed[i];
            const TileDrawing& d = drawings_[i];
            out_ += "<g class=\"tile\" data-tile=\"" + xml_escape(game_.tile_def(t.type).id) + "\" data-x=\"" +
                    std::to_string(t.at.pos.x) + "\" data-y=\"" + std::to_string(t.at.pos.y) + "\"";
            if (t.at.corner != Corner::None) out_ += " data-corner=\"" + std::string(corner_name(t.at.corner)) + "\"";
            out_ += " data-rotation=\"" + std::to_string(t.rotation * 90) + "\" data-turn=\"" +
                    std::to_string(turn_placed(t.at)) + "\"" + span_attrs(span) + last_move_attr(t.at) +
                    " transform=\"" + translate(t.at.pos) + "\">";
            tile_body(d, game_.tile_def(t.type));
            out_ += "</g>\n";
        }
        out_ += "</g>\n";
    }

    // The turn whose PLACE_TILE put the tile down; 0 for a start tile (every
    // other tile comes from one). Not the frame's turn: a live board is one
    // frame, drawn in the turn going on.
    uint32_t turn_placed(TileRef at) const {
        const int i = game_.board().tile_at(at);
        return i >= 0 && static_cast<size_t>(i) < tile_turn_.size() ? tile_turn_[static_cast<size_t>(i)] : 0;
    }

    // data-last-move="<seat>" on what the last turn put down (LastTurn).
    std::string last_move_attr(bool placed) const {
        return placed ? " data-last-move=\"" + std::to_string(last_->player) + "\"" : "";
    }
    std::string last_move_attr(TileRef at) const { return last_move_attr(last_ && placed_in(game_, *last_, at)); }

    void tile_body(const TileDrawing& d, const TileDef& def) {
        out_ += tile_markup(d, game_.segment_attributes());
        out_ += marker_badges(def);
        out_ += value_badges(d, def);
    }

    // Styled inline, not in svg_style(): only games with declared values
    // draw them, and every other picture stays byte for byte what it was.
    static constexpr const char* kValueDisc = "fill:#ffffff;stroke:#6b4a1c;stroke-width:1.2";
    static constexpr const char* kValueLetter = "font:bold 9px sans-serif;fill:#6b4a1c;text-anchor:middle";

    // The declared values a tile file gives its segments (a city's good,
    // `<city resource="wine">`): a badge left of the segment's follower
    // spot with the value's first letter, named in full in its title.
    std::string value_badges(const TileDrawing& d, const TileDef& def) const {
        std::string out;
        const auto& declared = game_.tile_value_keys();
        for (const TileAttributeValue& v : def.values) {
            if (v.segment >= d.segments.size() || v.value.empty()) continue;
            const bool shown = std::any_of(declared.begin(), declared.end(), [&](const TileValueKey& k) {
                return k.element == v.element && k.attribute == v.attribute;
            });
            if (!shown) continue;
            const Point at = d.segments[v.segment].anchor;
            const double x = at.x * kSpace - 13, y = at.y * kSpace - 10;
            const std::string initial(1, static_cast<char>(std::toupper(static_cast<unsigned char>(v.value[0]))));
            out += "<g class=\"value\" data-value=\"" + xml_escape(v.attribute + "=" + v.value) + "\"><title>" +
                   xml_escape(v.value) + "</title><circle cx=\"" + num(x) + "\" cy=\"" + num(y) +
                   "\" r=\"6.5\" style=\"" + kValueDisc + "\"/><text x=\"" + num(x) + "\" y=\"" + num(y + 3.5) +
                   "\" style=\"" + kValueLetter + "\">" + xml_escape(initial) + "</text></g>";
        }
        return out;
    }

    // The declared tile markers a tile carries (a volcano, a magic portal):
    // a square badge in its top left corner with the label's first letter.
    std::string marker_badges(const TileDef& def) const {
        std::string out;
        int n = 0;
        for (const TileMarker& m : game_.tile_markers()) {
            if (!def.has_marker(m.name)) continue;
            out += marker_badge(m, 12 + 15 * n++, 12);
        }
        return out;
    }
    static std::string marker_badge(const TileMarker& m, double x, double y) {
        const std::string initial(1, m.label.empty() ? '?' : static_cast<char>(std::toupper(static_cast<unsigned char>(m.label[0]))));
        return "<g class=\"marker\" data-marker=\"" + xml_escape(m.name) + "\"><title>" + xml_escape(m.label) +
               "</title><rect x=\"" + num(x - 6.5) + "\" y=\"" + num(y - 6.5) + "\" width=\"13\" height=\"13\"/><text x=\"" +
               num(x) + "\" y=\"" + num(y + 3.5) + "\">" + xml_escape(initial) + "</text></g>";
    }

    // Where a neutral figure is drawn in its space: beside the figure it
    // stands next to, else the tile's centre (a triangle's own middle).
    Point neutral_spot(const NeutralFigureSpot& s) const {
        const int tile = game_.board().tile_at(s.at);
        if (tile < 0) return {0.5, 0.5};
        const TileDrawing& d = drawings_[static_cast<size_t>(tile)];
        if (s.location != 0) {
            const int part = game_.part_at_location(s.at, s.location);
            if (part >= 0) {
                const size_t segment = game_.features().part(static_cast<uint32_t>(part)).segment;
                if (segment < d.segments.size()) return d.segments[segment].anchor + Point{0.16, -0.12};
            }
        }
        return d.token_spot + Point{0.0, -0.2};
    }

    // The neutral figures (the dragon, the fairy): a disc with the name's
    // first letter, in each frame where it stood.
    void neutral_figures() {
        out_ += "<g class=\"neutral-figures\">\n";
        const auto list = appearances<NeutralAt>(timeline_, neutral_of, same_neutral);
        for (const auto& a : list) {
            if (!shown(a.span)) continue;
            const NeutralFigureKind& k = game_.neutral_figure_kinds()[a.item.figure];
            out_ += "<g class=\"neutral\" data-figure=\"" + xml_escape(k.name) + "\" data-at=\"" +
                    xml_escape(format_tile_ref(a.item.spot.at)) + "\"" + span_attrs(a.span) + "><title>" +
                    xml_escape(k.label) + "</title>" + neutral_shape(a.item.figure, a.item.spot.at.pos, neutral_spot(a.item.spot)) +
                    "</g>\n";
        }
        out_ += "</g>\n";
    }
    std::string neutral_shape(size_t figure, Position pos, Point at) const {
        const NeutralFigureKind& k = game_.neutral_figure_kinds()[figure];
        const std::string initial(1, k.name.empty() ? '?' : static_cast<char>(std::toupper(static_cast<unsigned char>(k.name[0]))));
        return "<g transform=\"" + translate(pos, at) + "\"><circle class=\"neutral-disc\" r=\"11\" style=\"fill:" +
               std::string(neutral_colour(figure)) + "\"/><text class=\"neutral-letter\" y=\"4.5\">" + initial +
               "</text></g>";
    }
    static const char* neutral_colour(size_t figure) {
        static constexpr const char* kColours[] = {"#8c1c13", "#7b4fb5", "#1f6e5c", "#a0662a"};
        return kColours[figure % 4];
    }
    static std::vector<NeutralAt> neutral_of(const Frame& f) {
        std::vector<NeutralAt> out;
        for (size_t i = 0; i < f.neutral.size(); ++i)
            if (f.neutral[i]) out.push_back({i, *f.neutral[i]});
        return out;
    }

    // The path a neutral figure took in a turn (the dragon's), from where
    // it stood before the turn's first step: a dashed line through the
    // spaces' centres, shown with that turn.
    void neutral_paths() {
        out_ += "<g class=\"neutral-paths\">";
        const auto& moves = game_.moves();
        for (size_t k = 1; k < timeline_.size(); ++k) {
            const Span span{k, k + 1};
            if (!shown(span)) continue;
            const Frame& before = timeline_.frame(k - 1);
            for (size_t figure = 0; figure < game_.neutral_figure_kinds().size(); ++figure) {
                std::vector<Position> path;
                for (size_t m = timeline_.moves_begin(k); m < timeline_.frame(k).moves_end && m < moves.size(); ++m) {
                    if (moves[m].type != MoveType::MoveNeutralFigure || moves[m].neutral_figure != figure) continue;
                    if (path.empty()) {
                        if (figure >= before.neutral.size() || !before.neutral[figure]) break;
                        path.push_back(before.neutral[figure]->at.pos);
                    }
                    path.push_back(moves[m].target.at.pos);
                }
                if (path.size() < 2) continue;
                std::string points;
                for (const Position p : path)
                    points += (points.empty() ? "" : " ") + num(px(p.x) + kSpace / 2) + "," + num(py(p.y) + kSpace / 2);
                out_ += "<polyline class=\"neutral-path\" data-figure=\"" +
                        xml_escape(game_.neutral_figure_kinds()[figure].name) + "\"" + span_attrs(span) +
                        " style=\"stroke:" + neutral_colour(figure) + "\" points=\"" + points + "\"/>";
            }
        }
        out_ += "</g>\n";
    }

    // The empty half beside a lone triangle, until its complement arrives.
    void gaps() {
        out_ += "<g class=\"gaps\">";
        std::vector<std::pair<Position, std::vector<size_t>>> spaces;
        const auto& placed = game_.placed_tiles();
        for (size_t i = 0; i < placed.size(); ++i) {
            if (placed[i].at.corner == Corner::None) continue;
            auto it = std::find_if(spaces.begin(), spaces.end(), [&](const auto& s) { return s.first == placed[i].at.pos; });
            if (it == spaces.end()) spaces.push_back({placed[i].at.pos, {i}});
            else it->second.push_back(i);
        }
        for (const auto& [pos, tiles] : spaces) {
            const size_t first = tiles[0];
            if (first >= shown_tiles_) continue;
            Span span{tile_from_[first], std::nullopt};
            if (tiles.size() > 1) span.to = tile_from_[tiles[1]];
            if (frame_ && tiles.size() > 1 && tiles[1] < shown_tiles_) continue;
            if (!shown(span)) continue;
            out_ += "<polygon class=\"gap\" data-x=\"" + std::to_string(pos.x) + "\" data-y=\"" + std::to_string(pos.y) +
                    "\"" + span_attrs(span) + " transform=\"" + translate(pos) + "\" points=\"" +
                    points_attr(triangle_outline(complement(placed[first].at.corner)), kSpace) + "\"/>";
        }
        out_ += "</g>\n";
    }

    void highlights() {
        // A live board is one frame holding the whole game: it outlines only
        // the tile placed this turn (board_options), not every tile and
        // every feature ever scored.
        if (overlay_) return;
        out_ += "<g class=\"highlights\">";
        for (size_t k = 0; k < timeline_.size(); ++k) {
            const Frame& f = timeline_.frame(k);
            const Span span{k, k + 1};
            if (!shown(span)) continue;
            // The features scored in this frame (not the final scoring of a
            // single picture: that would cover the whole board).
            if (!(frame_ && f.kind == Frame::Kind::Final)) {
                std::vector<uint32_t> done;
                const auto& log = game_.score_log();
                for (size_t e = timeline_.entries_begin(k); e < f.entries_end && e < log.size(); ++e) {
                    if (!log[e].counts) continue;
                    const uint32_t id = log[e].counts->feature;
                    if (std::find(done.begin(), done.end(), id) != done.end()) continue;
                    done.push_back(id);
                    scored_outline(id, span, f.kind == Frame::Kind::Final);
                }
            }
            if (f.kind != Frame::Kind::Turn) continue;
            for (size_t i = timeline_.tiles_begin(k); i < f.tiles && i < game_.placed_tiles().size(); ++i) {
                const PlacedTile& t = game_.placed_tiles()[i];
                out_ += "<polygon class=\"last-placed\"" + span_attrs(span) + " transform=\"" + translate(t.at.pos) +
                        "\" points=\"" + points_attr(drawings_[i].outline, kSpace) + "\"/>";
            }
        }
        out_ += "</g>\n";
    }

    // `on_demand`: final scoring covers most of the board, so there the
    // page shows a feature only while its entry is pointed at.
    void scored_outline(uint32_t feature, const Span& span, bool on_demand) {
        FeatureView v;
        try {
            v = game_.feature_view(feature);
        } catch (const HostError&) {
            return;
        }
        out_ += std::string("<g class=\"scored") + (on_demand ? " on-demand" : "") + "\" data-feature=\"" +
                std::to_string(feature) + "\"" + span_attrs(span) + ">";
        for (const TileRef& r : v.parts)
            out_ += "<polygon class=\"scored-outline\" transform=\"" + translate(r.pos) + "\" points=\"" +
                    points_attr(outline_of(r), kSpace) + "\"/>";
        if ((v.kind == FeatureKind::Monastery || v.kind == FeatureKind::Garden) && !v.parts.empty()) {
            const Position c = v.parts.front().pos;
            out_ += "<rect class=\"scored-outline\" style=\"fill:none\" x=\"" + num(px(c.x - 1)) + "\" y=\"" +
                    num(py(c.y - 1)) + "\" width=\"" + num(3 * kSpace) + "\" height=\"" + num(3 * kSpace) + "\"/>";
        }
        out_ += "</g>";
    }

    void buildings() {
        out_ += "<g class=\"buildings\">\n";
        const auto list = appearances<PlacedToken>(
            timeline_, [](const Frame& f) -> const std::vector<PlacedToken>& { return f.tokens; }, same_token);
        std::map<int, int> on_tile;  // tokens drawn so far per tile, to set a second one apart
        for (const auto& a : list) {
            const int tile = game_.board().tile_at(a.item.at);
            const int nth = tile >= 0 ? on_tile[tile]++ : 0;
            if (!shown(a.span) || tile < 0) continue;
            const Point spot = drawings_[static_cast<size_t>(tile)].token_spot + Point{-0.24 * nth, 0};
            const bool last = last_ && placed_in(*last_, a.item);
            out_ += "<g class=\"building\" data-kind=\"" + xml_escape(a.item.kind) + "\" data-player=\"" +
                    std::to_string(a.item.placed_by) + "\" data-turn=\"" + std::to_string(a.item.turn) + "\"" +
                    span_attrs(a.span) + last_move_attr(last) + ">" + (last ? last_move_ring(a.item.at.pos, spot) : "") +
                    "<path class=\"" + std::string(building_class(a.item.kind)) +
                    "\" transform=\"" + translate(a.item.at.pos, spot) + " scale(.85)\" d=\"" +
                    std::string(building_path(a.item.kind)) + "\"/></g>\n";
        }
        out_ += "</g>\n";
    }

    void meeples() {
        out_ += "<g class=\"meeples\">\n";
        const auto list = appearances<PlacedFigure>(
            timeline_, [](const Frame& f) -> const std::vector<PlacedFigure>& { return f.figures; }, same_figure);
        for (const auto& a : list) {
            if (!shown(a.span)) continue;
            const PlacedFigure& fig = a.item;
            const int tile = game_.board().tile_at(fig.pointer.at);
            if (tile < 0 || fig.part >= game_.features().part_count()) continue;
            const size_t segment = game_.features().part(fig.part).segment;
            const auto& segs = drawings_[static_cast<size_t>(tile)].segments;
            if (segment >= segs.size()) continue;
            const Point at = segs[segment].anchor;
            const bool farmer = fig.pointer.kind == FeatureKind::Field;
            const uint8_t p = fig.meeple.player;
            // A figure counting twice in majorities (a big follower) is drawn larger.
            const FigureKind* kind =
                fig.meeple.kind < game_.figure_kinds().size() ? &game_.figure_kinds()[fig.meeple.kind] : nullptr;
            const bool big = kind != nullptr && kind->strength >= 2;
            const bool last = last_ && placed_in(game_, *last_, fig);
            // A figure of no strength (the builder, the pig) stands beside
            // the follower it joined, on the same spot: a disc with its
            // name's first letter, set off to the lower right.
            if (kind != nullptr && kind->strength == 0 && !kind->name.empty()) {
                const Point beside{at.x + 11 / kSpace, at.y + 9 / kSpace};
                out_ += "<g class=\"meeple joined\" data-player=\"" + std::to_string(p) + "\" data-meeple=\"" +
                        game_.meeple_text(fig.meeple) + "\" data-feature=\"" +
                        std::string(feature_kind_name(fig.pointer.kind)) + "\" data-at=\"" +
                        xml_escape(format_tile_ref(fig.pointer.at)) + "\"" + span_attrs(a.span) + last_move_attr(last) +
                        "><title>" + xml_escape(kind->name) + "</title>" +
                        (last ? last_move_ring(fig.pointer.at.pos, beside) : "") + "<g transform=\"" +
                        translate(fig.pointer.at.pos, beside) + "\"><circle r=\"7\" fill=\"" +
                        std::string(player_colour(p)) + "\" stroke=\"" + std::string(player_outline(p)) +
                        "\" stroke-width=\"1.4\"/><text class=\"neutral-letter\" y=\"4.5\">" +
                        xml_escape(kind->name.substr(0, 1)) + "</text></g></g>\n";
                continue;
            }
            out_ += std::string("<g class=\"meeple") + (big ? " big" : "") + "\" data-player=\"" + std::to_string(p) + "\" data-meeple=\"" +
                    game_.meeple_text(fig.meeple) + "\" data-feature=\"" +
                    std::string(feature_kind_name(fig.pointer.kind)) + "\" data-at=\"" +
                    xml_escape(format_tile_ref(fig.pointer.at)) + "\"" + span_attrs(a.span) + last_move_attr(last) + ">" +
                    (last ? last_move_ring(fig.pointer.at.pos, at) : "") +
                    "<path class=\"meeple-shape\" fill=\"" + std::string(player_colour(p)) + "\" stroke=\"" +
                    std::string(player_outline(p)) + "\" transform=\"" + translate(fig.pointer.at.pos, at) +
                    (farmer ? " rotate(90)" : "") + (big ? " scale(1.3)" : " scale(.95)") + "\" d=\"" +
                    std::string(meeple_path()) + "\"/></g>\n";
        }
        out_ += "</g>\n";
    }

    // The last turn's marks are styled inline, not in svg_style(): only a
    // live board has them, and the pictures of `render` and `play --svg`
    // stay byte for byte what they were. The player's colour over a white
    // line shows on any tile.
    std::string last_move_style(double width) const {
        return "fill:none;stroke:" + std::string(player_colour(last_->player)) + ";stroke-width:" + num(width) +
               ";stroke-dasharray:9 4;stroke-linejoin:round";
    }
    static constexpr const char* kLastMoveHalo = "fill:none;stroke:#ffffff;stroke-width:7;stroke-linejoin:round";

    // A ring round a figure or building the last turn put down.
    std::string last_move_ring(Position pos, Point at) const {
        const std::string centre = "transform=\"" + translate(pos, at) + "\" r=\"14\"";
        return "<circle class=\"last-move-halo\" style=\"" + std::string(kLastMoveHalo) + "\" " + centre +
               "/><circle class=\"last-move-line\" style=\"" + last_move_style(3) + "\" " + centre + "/>";
    }

    // The tiles the last turn placed, outlined, under this turn's options.
    void last_move_outlines() {
        if (!last_) return;
        out_ += "<g class=\"last-move\">";
        const auto& placed = game_.placed_tiles();
        for (size_t i = 0; i < placed.size() && i < shown_tiles_; ++i) {
            if (!placed_in(game_, *last_, placed[i].at)) continue;
            const std::string shape = "transform=\"" + translate(placed[i].at.pos) + "\" points=\"" +
                                      points_attr(drawings_[i].outline, kSpace) + "\"";
            out_ += "<g" + last_move_attr(true) + "><title>" + xml_escape(game_.player(last_->player).name) +
                    "'s last turn</title><polygon class=\"last-move-halo\" style=\"" + kLastMoveHalo + "\" " + shape +
                    "/><polygon class=\"last-move-line\" style=\"" + last_move_style(4) + "\" " + shape + "/></g>";
        }
        out_ += "</g>\n";
    }

    // The options of a live board (BoardOption).
    void board_options() {
        last_move_outlines();
        out_ += "<g class=\"options\">\n";
        if (const auto placed = game_.placed_this_turn()) {
            const int i = game_.board().tile_at(*placed);
            if (i >= 0)
                out_ += "<polygon class=\"last-placed\" transform=\"" + translate(placed->pos) + "\" points=\"" +
                        points_attr(drawings_[static_cast<size_t>(i)].outline, kSpace) + "\"/>";
        }
        const std::vector<std::optional<Point>> spots = target_spots();
        for (size_t n = 0; n < overlay_->size(); ++n) {
            const BoardOption& o = (*overlay_)[n];
            const std::string open = "<g class=\"option " + std::string(option_class(o.kind)) + "\" data-option-id=\"" +
                                     xml_escape(o.id) + "\" data-kind=\"" + option_kind(o.kind) + "\"";
            const std::string title = "<title>" + xml_escape(o.label) + "</title>";
            const std::string head = open + ">" + title;
            switch (o.kind) {
                case BoardOption::Kind::Placement: {
                    const PlacedTile ghost{o.placement.at, o.placement.rotation, o.tile};
                    const TileDrawing d = draw_tile(game_.tile_table()[o.tile], ghost);
                    out_ += open + " data-rotation=\"" + std::to_string(o.placement.rotation) + "\" data-x=\"" +
                            std::to_string(o.placement.at.pos.x) + "\" data-y=\"" + std::to_string(o.placement.at.pos.y) +
                            "\" transform=\"" + translate(o.placement.at.pos) + "\">" + title;
                    tile_body(d, game_.tile_def(o.tile));
                    out_ += "<polygon class=\"option-target\" points=\"" + points_attr(d.outline, kSpace) + "\"/></g>\n";
                    break;
                }
                case BoardOption::Kind::Figure:
                case BoardOption::Kind::Return: {
                    if (!spots[n]) continue;
                    const Point at = *spots[n];
                    const bool farmer = o.pointer.kind == FeatureKind::Field;
                    out_ += head + "<path class=\"meeple-shape\" fill=\"" + std::string(player_colour(o.player)) +
                            "\" stroke=\"" + std::string(player_outline(o.player)) + "\" transform=\"" +
                            translate(o.pointer.at.pos, at) + (farmer ? " rotate(90)" : "") + " scale(.95)\" d=\"" +
                            std::string(meeple_path()) + "\"/><circle class=\"option-target\" cx=\"" +
                            num(px(o.pointer.at.pos.x) + at.x * kSpace) + "\" cy=\"" +
                            num(py(o.pointer.at.pos.y) + at.y * kSpace) + "\" r=\"13\"/></g>\n";
                    break;
                }
                case BoardOption::Kind::Token: {
                    if (!spots[n]) continue;
                    const Point spot = *spots[n];
                    out_ += head + "<path class=\"" + std::string(building_class(o.token_kind)) + "\" transform=\"" +
                            translate(o.token_at.pos, spot) + " scale(.85)\" d=\"" +
                            std::string(building_path(o.token_kind)) + "\"/><circle class=\"option-target\" cx=\"" +
                            num(px(o.token_at.pos.x) + spot.x * kSpace) + "\" cy=\"" +
                            num(py(o.token_at.pos.y) + spot.y * kSpace) + "\" r=\"13\"/></g>\n";
                    break;
                }
            }
        }
        out_ += "</g>\n";
    }
    // Grid steps around an anchor, nearest first, sideways before up or down.
    static const std::vector<std::pair<int, int>>& grid_offsets() {
        static const std::vector<std::pair<int, int>> offsets = [] {
            std::vector<std::pair<int, int>> v;
            for (int dy = -4; dy <= 4; ++dy)
                for (int dx = -4; dx <= 4; ++dx) v.emplace_back(dx, dy);
            std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
                const int da = a.first * a.first + a.second * a.second, db = b.first * b.first + b.second * b.second;
                if (da != db) return da < db;
                return std::abs(a.second) < std::abs(b.second);
            });
            return v;
        }();
        return offsets;
    }

    // Where each figure, return and building target is drawn, in its tile's
    // units (nullopt: not drawn). Targets that would overlap (a small and a
    // big follower on one segment, the three buildings on one spot, two
    // anchors close together on a triangle) are moved apart, the first
    // keeping its anchor, each later one to the nearest free spot of a grid
    // around it, so every target takes its own click.
    std::vector<std::optional<Point>> target_spots() const {
        constexpr double kStep = 27.0 / kSpace;  // a target's diameter (26 px) and a pixel
        std::vector<std::optional<Point>> spots(overlay_->size());
        std::vector<std::pair<Position, Point>> taken;
        const auto free = [&](Position pos, Point p) {
            for (const auto& [q, t] : taken) {
                const double dx = (pos.x - q.x) + p.x - t.x, dy = (pos.y - q.y) + p.y - t.y;
                if (dx * dx + dy * dy < kStep * kStep) return false;
            }
            return true;
        };
        for (size_t n = 0; n < overlay_->size(); ++n) {
            const BoardOption& o = (*overlay_)[n];
            std::optional<Point> centre;
            Position pos{};
            if (o.kind == BoardOption::Kind::Figure || o.kind == BoardOption::Kind::Return) {
                centre = anchor(o.pointer), pos = o.pointer.at.pos;
            } else if (o.kind == BoardOption::Kind::Token) {
                const int tile = game_.board().tile_at(o.token_at);
                if (tile >= 0) centre = drawings_[static_cast<size_t>(tile)].token_spot, pos = o.token_at.pos;
            }
            if (!centre) continue;
            std::optional<Point> chosen;
            for (const auto& [dx, dy] : grid_offsets()) {
                const Point p{centre->x + dx * kStep, centre->y + dy * kStep};
                if (free(pos, p)) { chosen = p; break; }
            }
            spots[n] = chosen ? *chosen : *centre;
            taken.emplace_back(pos, *spots[n]);
        }
        return spots;
    }

    static const char* option_class(BoardOption::Kind k) {
        switch (k) {
            case BoardOption::Kind::Placement: return "placement";
            case BoardOption::Kind::Figure: return "figure";
            case BoardOption::Kind::Token: return "token";
            case BoardOption::Kind::Return: return "return";
        }
        return "";
    }
    // The option's kind as the served API names it (its "kind"), which the
    // page's test hooks promise on every clickable option (docs/serve.md).
    static const char* option_kind(BoardOption::Kind k) {
        switch (k) {
            case BoardOption::Kind::Placement: return "tile";
            case BoardOption::Kind::Figure: return "figure";
            case BoardOption::Kind::Token: return "building";
            case BoardOption::Kind::Return: return "return";
        }
        return "";
    }
    // Where a figure on `p` stands, in its space's coordinates.
    std::optional<Point> anchor(const FeaturePointer& p) const {
        const int tile = game_.board().tile_at(p.at);
        if (tile < 0) return std::nullopt;
        for (const SegmentDrawing& s : drawings_[static_cast<size_t>(tile)].segments)
            if (s.kind == p.kind && s.location == p.location) return s.anchor;
        return std::nullopt;
    }

    void legend(double y) {
        out_ += "<g class=\"legend\" transform=\"translate(" + num(kMargin) + "," + num(y) + ")\">" + legend_markup_ + "</g>\n";
    }

    // The legend's markup (legend_markup_), laid out in one row; returns its width.
    double build_legend() {
        std::string& out_ = legend_markup_;  // the items below append here
        bool buildings = false;
        for (const Frame& f : timeline_.frames()) buildings = buildings || !f.tokens.empty();
        for (const auto& e : game_.expansions()) buildings = buildings || e.find("little-buildings") != std::string::npos;
        double x = 8;
        auto label = [&](const std::string& text, double width) {
            out_ += "<text class=\"legend\" x=\"" + num(x + 14) + "\" y=\"5\">" + xml_escape(text) + "</text>";
            x += width;
        };
        out_ += "<path class=\"meeple-shape\" fill=\"#ffffff\" stroke=\"#141414\" transform=\"translate(" + num(x) +
                ",0) scale(.8)\" d=\"" + std::string(meeple_path()) + "\"/>";
        label("follower", 84);
        out_ += "<path class=\"meeple-shape\" fill=\"#ffffff\" stroke=\"#141414\" transform=\"translate(" + num(x) +
                ",0) rotate(90) scale(.8)\" d=\"" + std::string(meeple_path()) + "\"/>";
        label("farmer", 76);
        out_ += "<path class=\"pennant\" style=\"stroke:#2a5db0\" transform=\"translate(" + num(x) + ",0) scale(.8)\" d=\"" +
                std::string(pennant_path()) + "\"/>";
        label("pennant", 86);
        out_ += "<polygon class=\"gap\" transform=\"translate(" + num(x - 9) + ",-9)\" points=\"0,0 18,18 0,18\"/>";
        label("gap (empty half)", 138);
        out_ += "<rect class=\"last-placed\" x=\"" + num(x - 8) + "\" y=\"-8\" width=\"16\" height=\"16\"/>";
        label("placed this turn", 140);
        if (last_) {
            out_ += "<rect style=\"" + std::string(kLastMoveHalo) + "\" x=\"" + num(x - 8) +
                    "\" y=\"-8\" width=\"16\" height=\"16\"/><rect style=\"" + last_move_style(3) + "\" x=\"" +
                    num(x - 8) + "\" y=\"-8\" width=\"16\" height=\"16\"/>";
            label(game_.player(last_->player).name + "'s last turn", 8.0 * static_cast<double>(game_.player(last_->player).name.size()) + 110);
        }
        if (buildings)
            for (const char* kind : {"LB_TOWER", "LB_HOUSE", "LB_SHED"}) {
                out_ += "<path class=\"" + std::string(building_class(kind)) + "\" transform=\"translate(" + num(x) +
                        ",0) scale(.8)\" d=\"" + std::string(building_path(kind)) + "\"/>";
                label(token_name(game_, kind), 66);
            }
        // Declared figure kinds counting twice (a big follower), drawn larger.
        for (const FigureKind& k : game_.figure_kinds())
            if (k.strength >= 2) {
                out_ += "<path class=\"meeple-shape\" fill=\"#ffffff\" stroke=\"#141414\" style=\"stroke-width:2\" transform=\"translate(" +
                        num(x) + ",0) scale(1.1)\" d=\"" + std::string(meeple_path()) + "\"/>";
                label(k.name, 8.0 * static_cast<double>(k.name.size()) + 30);
            }
        // The game's neutral figures, tile markers and the paths of a turn.
        for (size_t i = 0; i < game_.neutral_figure_kinds().size(); ++i) {
            const NeutralFigureKind& k = game_.neutral_figure_kinds()[i];
            out_ += "<g transform=\"translate(" + num(x) + ",0) scale(.7)\"><circle class=\"neutral-disc\" r=\"11\" style=\"fill:" +
                    std::string(neutral_colour(i)) + "\"/></g>";
            label(k.label, 8.0 * static_cast<double>(k.label.size()) + 30);
        }
        if (!game_.neutral_figure_kinds().empty()) {
            out_ += "<line class=\"neutral-path\" style=\"stroke:" + std::string(neutral_colour(0)) + "\" x1=\"" +
                    num(x - 9) + "\" y1=\"0\" x2=\"" + num(x + 9) + "\" y2=\"0\"/>";
            label("path this turn", 120);
        }
        for (const TileMarker& m : game_.tile_markers()) {
            out_ += marker_badge(m, x, 0);
            label(m.label, 8.0 * static_cast<double>(m.label.size()) + 30);
        }
        // The game's segment attributes (an inn, a cathedral), as their badges.
        for (const SegmentAttribute& a : game_.segment_attributes()) {
            SegmentDrawing badge;
            badge.anchor = {(x - 11) / kSpace, 10 / kSpace};
            badge.attributes = 1u << (&a - game_.segment_attributes().data());
            out_ += attribute_badges(badge, game_.segment_attributes());
            label(a.label, 8.0 * static_cast<double>(a.label.size()) + 30);
        }
        return x;
    }

    void categories() {
        categories_ = {{"cities", FeatureKind::City}, {"roads", FeatureKind::Road},
                       {"monasteries", FeatureKind::Monastery}, {"fields", FeatureKind::Field}};
        bool gardens = false, other = false;
        for (const ScoreEntry& e : game_.score_log()) {
            gardens = gardens || e.kind == FeatureKind::Garden;
            other = other || !e.kind;
        }
        if (gardens) categories_.insert(categories_.begin() + 3, {"gardens", FeatureKind::Garden});
        if (other) categories_.push_back({"other", std::nullopt});
    }

    void score_table() {
        const size_t k = frame_.value_or(timeline_.size() ? timeline_.size() - 1 : 0);
        const size_t end = timeline_.size() ? timeline_.frame(k).entries_end : game_.score_log().size();
        const size_t players = game_.player_count();
        std::vector<int> total(players, 0);
        std::vector<std::vector<int>> by(players, std::vector<int>(categories_.size(), 0));
        const auto& log = game_.score_log();
        for (size_t e = 0; e < end && e < log.size(); ++e) {
            const ScoreEntry& s = log[e];
            if (s.player >= players) continue;
            total[s.player] += s.points;
            for (size_t c = 0; c < categories_.size(); ++c)
                if (categories_[c].kind == s.kind) by[s.player][c] += s.points;
        }
        const double x0 = kMargin;
        out_ += "<g class=\"score-table\" transform=\"translate(" + num(x0) + "," + num(table_y_) + ")\">";
        out_ += "<text class=\"table-head\" x=\"24\" y=\"16\">player</text>"
                "<text class=\"table-head\" x=\"210\" y=\"16\" text-anchor=\"end\">points</text>";
        for (size_t c = 0; c < categories_.size(); ++c)
            out_ += "<text class=\"table-head\" x=\"" + num(210 + 100.0 * static_cast<double>(c + 1)) +
                    "\" y=\"16\" text-anchor=\"end\">" + categories_[c].label + "</text>";
        for (size_t p = 0; p < players; ++p) {
            const double y = 40 + 24.0 * static_cast<double>(p);
            out_ += "<g class=\"score-row\" data-player=\"" + std::to_string(p) + "\" data-points=\"" +
                    std::to_string(total[p]) + "\">";
            out_ += "<path class=\"meeple-shape\" fill=\"" + std::string(player_colour(p)) + "\" stroke=\"" +
                    std::string(player_outline(p)) + "\" transform=\"translate(10," + num(y - 5) + ") scale(.75)\" d=\"" +
                    std::string(meeple_path()) + "\"/>";
            out_ += "<text class=\"table-cell\" x=\"24\" y=\"" + num(y) + "\">" + xml_escape(game_.player(static_cast<uint8_t>(p)).name) +
                    "</text><text class=\"table-total\" x=\"210\" y=\"" + num(y) + "\" text-anchor=\"end\">" +
                    std::to_string(total[p]) + "</text>";
            for (size_t c = 0; c < categories_.size(); ++c)
                out_ += "<text class=\"table-cell\" x=\"" + num(210 + 100.0 * static_cast<double>(c + 1)) + "\" y=\"" +
                        num(y) + "\" text-anchor=\"end\">" + std::to_string(by[p][c]) + "</text>";
            out_ += "</g>";
        }
        out_ += "</g>\n";
    }

    const Game& game_;
    const Timeline& timeline_;
    std::optional<size_t> frame_;
    const std::vector<BoardOption>* overlay_;
    std::optional<LastTurn> last_;
    std::vector<size_t> tile_from_;
    std::vector<uint32_t> tile_turn_;  // per placed tile: turn_placed()
    std::vector<TileDrawing> drawings_;
    size_t shown_tiles_ = 0;
    std::vector<Category> categories_;
    int min_x_ = 0, max_x_ = 0, min_y_ = 0, max_y_ = 0;
    double ox_ = 0, oy_ = 0, width_ = 0, height_ = 0, table_y_ = 0;
    std::string legend_markup_;
    std::string out_;
};

}  // namespace

std::string frame_svg(const Game& game, const Timeline& timeline, size_t frame, const SvgOptions& options) {
    if (frame >= timeline.size()) throw HostError("no frame " + std::to_string(frame) + " in this game");
    return Writer(game, timeline, frame).write(options);
}

std::string live_board_svg(const Game& game, const std::vector<BoardOption>& options) {
    Timeline now;
    now.capture(game);  // one frame: the board as it is
    SvgOptions svg;
    svg.score_table = false;
    return Writer(game, now, 0, &options, last_turn(game)).write(svg);
}

std::string tile_svg(const Game& game, TileTypeId type, uint8_t rotation) {
    const TileTypeInfo& info = game.tile_table()[type];
    const Corner corner = game.tile_def(type).is_triangle() ? corner_for_rotation(rotation) : Corner::None;
    const TileDrawing d = draw_tile(info, PlacedTile{TileRef{{0, 0}, corner}, rotation, type});
    return tile_picture(d, game.tile_def(type).id);
}

std::string timeline_svg(const Game& game, const Timeline& timeline) {
    SvgOptions options;
    options.score_table = false;
    return Writer(game, timeline, std::nullopt).write(options);
}

}  // namespace ck::host::render

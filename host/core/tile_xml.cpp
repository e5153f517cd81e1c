#include "tile_xml.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <unordered_map>

#include <pugixml.hpp>

#include "build_tree.hpp"
#include "install_layout.hpp"
#include "errors.hpp"
#include "file_input.hpp"
#include "limits.hpp"
#include "location_names.hpp"

namespace ck::host {
namespace {

std::string in_quotes(std::string_view s) { return "\"" + std::string(s) + "\""; }

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::vector<std::string_view> split_whitespace(std::string_view text) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        size_t end = i;
        while (end < text.size() && !is_space(text[end])) ++end;
        if (end > i) out.push_back(text.substr(i, end - i));
        i = end;
    }
    return out;
}

// A non-negative decimal integer with nothing else around it (spaces aside).
bool parse_count(std::string_view text, int& out) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    if (text.empty()) return false;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && out >= 0;
}

// The halves that lie on the sides in `sides` (a side's halves share its bit
// positions one byte lower; D's halves are DL, DR).
Location halves_on_sides(Location sides) {
    Location halves = (sides >> 8) & 0xFFu;
    if (sides & loc::D) halves |= loc::DL | loc::DR;
    return halves;
}

// Everything a tile of each shape may use (docs/halflings-geometry.md).
constexpr Location kSquareParts = 0xFFFFu | loc::I | loc::II;
constexpr Location kTriangleParts = loc::N | loc::E | loc::D | loc::NL | loc::NR | loc::EL | loc::ER | loc::DL |
                                    loc::DR | loc::I;

// Reads one XML document; every error names the source, line and tile.
class DocumentReader {
public:
    DocumentReader(std::string_view text, std::string_view source, bool skip_defined = false)
        : text_(text), source_(source), skip_defined_(skip_defined) {}

    void read(TileCatalog& catalog) {
        pugi::xml_document doc;
        const pugi::xml_parse_result parsed =
            doc.load_buffer(text_.data(), text_.size(), pugi::parse_default, pugi::encoding_utf8);
        if (!parsed)
            throw HostError(location_of(parsed.offset) + ": malformed XML: " + parsed.description());
        const pugi::xml_node root = doc.document_element();
        if (!root) throw HostError(std::string(source_) + ": no root element");

        std::vector<TileDef> tiles;
        std::vector<TileSet> sets;
        for_each_descendant(root, "tile", [&](pugi::xml_node n) {
            if (tiles.size() == limits::kMaxTilesPerFile)
                throw HostError(location_of(n) + ": more than " + std::to_string(limits::kMaxTilesPerFile) +
                                " <tile> elements in one file (the limit)");
            tiles.push_back(read_tile(n));
        });
        for_each_descendant(root, "tile-set", [&](pugi::xml_node n) {
            if (sets.size() == limits::kMaxTileSetsPerFile)
                throw HostError(location_of(n) + ": more than " + std::to_string(limits::kMaxTileSetsPerFile) +
                                " <tile-set> elements in one file (the limit)");
            sets.push_back(read_tile_set(n));
        });
        if (skip_defined_) drop_defined(tiles, sets, catalog);
        check_unique_ids(tiles, catalog);
        if (catalog.tile_count() + tiles.size() > limits::kMaxCatalogTiles)
            throw HostError(std::string(source_) + ": " + std::to_string(tiles.size()) + " tiles would make " +
                            std::to_string(catalog.tile_count() + tiles.size()) + " tile types in the game, more than " +
                            std::to_string(limits::kMaxCatalogTiles) + " (the limit)");

        // Only now touch the catalogue, so a bad file adds nothing.
        for (auto& t : tiles) catalog.add_tile(std::move(t));
        for (auto& s : sets) catalog.add_tile_set(std::move(s));
    }

private:
    std::string_view text_;
    std::string_view source_;
    bool skip_defined_ = false;

    // Tiles and tile sets the catalogue already has leave this document.
    void drop_defined(std::vector<TileDef>& tiles, std::vector<TileSet>& sets, const TileCatalog& catalog) {
        std::vector<TileDef> kept_tiles;
        std::vector<std::pair<std::string, std::string>> kept_origins;
        for (size_t i = 0; i < tiles.size(); ++i) {
            if (catalog.find_tile(tiles[i].id)) continue;
            kept_tiles.push_back(std::move(tiles[i]));
            kept_origins.push_back(tile_origins_[i]);
        }
        tiles = std::move(kept_tiles);
        tile_origins_ = std::move(kept_origins);
        sets.erase(std::remove_if(sets.begin(), sets.end(),
                                  [&](const TileSet& s) { return catalog.find_tile_set(s.id) != nullptr; }),
                   sets.end());
    }
    std::vector<std::pair<std::string, std::string>> tile_origins_;  // id, "file:line"
    mutable std::vector<size_t> newlines_;  // offsets of every '\n', found once on first use
    mutable bool newlines_indexed_ = false;

    // "file:line" for a byte offset into the text (line unknown: "file").
    // Every tile and ref records its line, so this must not rescan the text
    // each time (that made loading quadratic): one pass indexes the line
    // ends, then each lookup is a binary search.
    std::string location_of(ptrdiff_t offset) const {
        if (offset < 0 || static_cast<size_t>(offset) > text_.size()) return std::string(source_);
        if (!newlines_indexed_) {
            for (size_t i = text_.find('\n'); i != std::string_view::npos; i = text_.find('\n', i + 1))
                newlines_.push_back(i);
            newlines_indexed_ = true;
        }
        const auto before = std::lower_bound(newlines_.begin(), newlines_.end(), static_cast<size_t>(offset));
        const auto line = 1 + (before - newlines_.begin());
        return std::string(source_) + ":" + std::to_string(line);
    }
    std::string location_of(pugi::xml_node n) const { return location_of(n.offset_debug()); }

    [[noreturn]] void fail_tile(pugi::xml_node at, std::string_view tile_id, const std::string& why) const {
        throw HostError(location_of(at) + ": tile " + in_quotes(tile_id) + ": " + why);
    }

    template <typename Fn>
    static void for_each_descendant(pugi::xml_node root, const char* name, Fn&& fn) {
        for (pugi::xml_node n = root.first_child(); n; n = next_in_document_order(n, root))
            if (n.type() == pugi::node_element && std::strcmp(n.name(), name) == 0) fn(n);
    }
    static pugi::xml_node next_in_document_order(pugi::xml_node n, pugi::xml_node root) {
        if (n.first_child()) return n.first_child();
        while (n && n != root) {
            if (n.next_sibling()) return n.next_sibling();
            n = n.parent();
        }
        return {};
    }

    // Parses an element's location text, turning parse errors into tile errors.
    Location parse_in_tile(std::string_view text, pugi::xml_node at, std::string_view tile_id) const {
        try {
            return parse_location(text);
        } catch (const HostError& e) {
            fail_tile(at, tile_id, "<" + std::string(at.name()) + ">: " + e.what());
        }
    }

    TileDef read_tile(pugi::xml_node node) {
        TileDef tile;
        tile.id = node.attribute("id").as_string();
        if (tile.id.empty()) fail_tile(node, "", "tile without an id attribute");
        tile_origins_.emplace_back(tile.id, location_of(node));

        const std::string_view shape = node.attribute("shape").as_string("square");
        if (shape == "triangle") tile.shape = TileShape::Triangle;
        else if (shape != "square") fail_tile(node, tile.id, "unknown shape " + in_quotes(shape) + " (square or triangle)");
        read_values(node, "tile", TileAttributeValue::kNoSegment, {"id", "shape"}, tile);
        tile.group = node.attribute("group").as_string();

        Location used_sides = 0, used_halves = 0, city_sides = 0;
        for (pugi::xml_node child : node.children()) {
            if (child.type() != pugi::node_element) continue;
            const std::string_view name = child.name();
            Segment seg;
            if (name == "road" || name == "city") {
                seg.kind = name == "road" ? FeatureKind::Road : FeatureKind::City;
                seg.location = parse_in_tile(child.text().get(), child, tile.id);
                if (seg.location & ~loc::kSides)
                    fail_tile(child, tile.id, "<" + std::string(name) + "> must list sides, got " +
                                                  in_quotes(child.text().get()));
                check_shape(tile, seg.location, child);
                if (seg.location & used_sides)
                    fail_tile(child, tile.id, "<" + std::string(name) + "> " + format_location(seg.location) +
                                                  " overlaps an earlier road or city on " +
                                                  format_location(seg.location & used_sides));
                used_sides |= seg.location;
                if (seg.kind == FeatureKind::City) {
                    city_sides |= seg.location;
                    seg.pennants = read_pennants(child, tile.id);
                }
            } else if (name == "field" || name == "farm") {
                seg.kind = FeatureKind::Field;
                seg.location = parse_in_tile(child.text().get(), child, tile.id);
                // A field is edge halves, or the tile's centre alone: an
                // enclosed field touching no edge (IC/CCCC, whose four
                // cities close it in; JCloisterZone's `<field>I</field>`),
                // or a second one (KR/CCcc's crossing cities: `II`).
                if (seg.location != loc::I && seg.location != loc::II && (seg.location & ~loc::kHalves))
                    fail_tile(child, tile.id, "<field> must list edge halves (or I or II alone), got " +
                                                  in_quotes(child.text().get()));
                check_shape(tile, seg.location, child);
                if (seg.location & used_halves)
                    fail_tile(child, tile.id, "<field> " + format_location(seg.location) +
                                                  " overlaps an earlier field on " +
                                                  format_location(seg.location & used_halves));
                used_halves |= seg.location;
                seg.adjoining_cities = resolve_adjoining_cities(tile, child);
            } else if (name == "monastery" || name == "cloister") {
                seg.kind = FeatureKind::Monastery;
                seg.location = loc::I;
            } else if (name == "garden") {
                seg.kind = FeatureKind::Garden;
                seg.location = loc::I;
            } else {
                read_marker(child, tile);  // another expansion's element: a marker it may declare
                read_element_text(child, tile);  // or an edge kind (<river>W E</river>)
                read_values(child, name, TileAttributeValue::kNoSegment, {}, tile);
                continue;
            }
            read_true_attributes(child, tile.id, seg);
            // The element's structural attributes are the host's; <farm>
            // and <cloister> read as the field and the monastery they are.
            if (tile.segments.size() < TileAttributeValue::kNoSegment)
                read_values(child, kind_element(seg.kind), static_cast<uint8_t>(tile.segments.size()),
                            {"pennants", "pennant", "city"}, tile);
            tile.segments.push_back(std::move(seg));
        }

        if (Location clash = halves_on_sides(city_sides) & used_halves)
            fail_tile(node, tile.id, "field half " + format_location(clash) + " lies on a city side");
        compute_edges(tile);
        return tile;
    }

    // A child element that is no feature (<volcano/>), kept by name for
    // expansions that declare it as a tile marker.
    void read_marker(pugi::xml_node element, TileDef& tile) const {
        const std::string_view name = element.name();
        if (tile.has_marker(name)) return;
        if (tile.markers.size() == limits::kMaxTileMarkers)
            fail_tile(element, tile.id, "more than " + std::to_string(limits::kMaxTileMarkers) +
                                            " other elements in one <tile>");
        if (name.size() > limits::kMaxAttributeName)
            fail_tile(element, tile.id, "element name longer than " + std::to_string(limits::kMaxAttributeName) +
                                            " bytes");
        tile.markers.emplace_back(name);
    }

    // The trimmed text of another expansion's element, when it has one.
    void read_element_text(pugi::xml_node element, TileDef& tile) const {
        std::string_view text = element.text().get();
        while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
        while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
        if (text.empty()) return;
        if (text.size() > limits::kMaxAttributeValue)
            fail_tile(element, tile.id, "<" + std::string(element.name()) + ">'s text is longer than " +
                                            std::to_string(limits::kMaxAttributeValue) + " bytes");
        if (tile.element_texts.size() == limits::kMaxTileMarkers)
            fail_tile(element, tile.id, "more than " + std::to_string(limits::kMaxTileMarkers) +
                                            " other elements with text in one <tile>");
        tile.element_texts.emplace_back(element.name(), text);
    }

    static std::string_view kind_element(FeatureKind kind) {
        switch (kind) {
            case FeatureKind::Road: return "road";
            case FeatureKind::City: return "city";
            case FeatureKind::Monastery: return "monastery";
            case FeatureKind::Garden: return "garden";
            case FeatureKind::Field: break;
        }
        return "field";
    }

    // Every attribute of `element` but the `structural` ones, with its
    // value, kept for expansions that declare it (TileValueDecl).
    void read_values(pugi::xml_node element, std::string_view as_element, uint8_t segment,
                     std::initializer_list<std::string_view> structural, TileDef& tile) const {
        for (pugi::xml_attribute a : element.attributes()) {
            const std::string_view name = a.name(), value = a.value();
            if (std::find(structural.begin(), structural.end(), name) != structural.end()) continue;
            if (tile.values.size() == limits::kMaxTileValues)
                fail_tile(element, tile.id, "more than " + std::to_string(limits::kMaxTileValues) +
                                                " attributes in one <tile> and its elements");
            if (name.size() > limits::kMaxAttributeName)
                fail_tile(element, tile.id, "attribute name longer than " +
                                                std::to_string(limits::kMaxAttributeName) + " bytes");
            if (value.size() > limits::kMaxAttributeValue)
                fail_tile(element, tile.id, "attribute " + std::string(name) + "'s value is longer than " +
                                                std::to_string(limits::kMaxAttributeValue) + " bytes");
            tile.values.push_back({segment, std::string(as_element), std::string(name), std::string(value)});
        }
    }

    // Attributes set to "true" (<road inn="true">), kept for expansions that
    // declare them; structural ones never have that value.
    void read_true_attributes(pugi::xml_node element, const std::string& tile_id, Segment& seg) const {
        for (pugi::xml_attribute a : element.attributes()) {
            if (std::string_view(a.value()) != "true") continue;
            if (seg.true_attributes.size() == limits::kMaxTrueAttributes)
                fail_tile(element, tile_id, "more than " + std::to_string(limits::kMaxTrueAttributes) +
                                                " attributes set to \"true\" on one <" + element.name() + ">");
            const std::string_view name = a.name();
            if (name.size() > limits::kMaxAttributeName)
                fail_tile(element, tile_id, "attribute name longer than " +
                                                std::to_string(limits::kMaxAttributeName) + " bytes");
            seg.true_attributes.emplace_back(name);
        }
    }

    void check_shape(const TileDef& tile, Location l, pugi::xml_node at) const {
        if (tile.is_triangle() && (l & ~kTriangleParts))
            fail_tile(at, tile.id, "triangle tile uses " + format_location(l & ~kTriangleParts) +
                                       " (a triangle has legs N, E and hypotenuse D in R0)");
        if (!tile.is_triangle() && (l & ~kSquareParts))
            fail_tile(at, tile.id, "square tile uses " + format_location(l & ~kSquareParts) +
                                       " (only triangle tiles have a hypotenuse D)");
    }

    uint8_t read_pennants(pugi::xml_node city, const std::string& tile_id) const {
        pugi::xml_attribute attr = city.attribute("pennants");
        if (!attr) attr = city.attribute("pennant");  // older JCZ spelling
        if (!attr) return 0;
        int n = 0;
        if (!parse_count(attr.value(), n) || n > 255)
            fail_tile(city, tile_id, "invalid pennants " + in_quotes(attr.value()));
        return static_cast<uint8_t>(n);
    }

    // field@city: each token names the earlier city segment of this tile that
    // equals or contains it (jcz-interop.md §2.3 step 4).
    uint32_t resolve_adjoining_cities(const TileDef& tile, pugi::xml_node field) const {
        uint32_t result = 0;
        const std::string_view attr = field.attribute("city").as_string();
        for (std::string_view token : split_whitespace(attr)) {
            Location want;
            try {
                want = parse_location(token);
            } catch (const HostError& e) {
                fail_tile(field, tile.id, "<field city=" + in_quotes(attr) + ">: " + e.what());
            }
            bool found = false;
            for (size_t i = 0; i < tile.segments.size(); ++i) {
                const Segment& s = tile.segments[i];
                if (s.kind != FeatureKind::City || (s.location & want) != want) continue;
                if (i >= 32) fail_tile(field, tile.id, "too many segments before the city a field names (32 at most)");
                result |= 1u << i;
                found = true;
                break;
            }
            if (!found)
                fail_tile(field, tile.id, "<field city=" + in_quotes(attr) + ">: no earlier city of this tile is on " +
                                              in_quotes(token));
        }
        return result;
    }

    static void compute_edges(TileDef& tile) {
        auto edge_of = [&](Location side) {
            EdgeType e = EdgeType::Field;
            for (const Segment& s : tile.segments) {
                if (!(s.location & side)) continue;
                if (s.kind == FeatureKind::City) return EdgeType::City;
                if (s.kind == FeatureKind::Road) e = EdgeType::Road;
            }
            return e;
        };
        for (Side s : {Side::N, Side::E, Side::S, Side::W})
            tile.edges[static_cast<int>(s)] = edge_of(loc::side(s));
        tile.hypotenuse = edge_of(loc::D);
    }

    TileSet read_tile_set(pugi::xml_node node) const {
        TileSet set;
        set.id = node.attribute("id").as_string();
        if (set.id.empty()) throw HostError(location_of(node) + ": tile-set without an id attribute");
        for_each_descendant(node, "ref", [&](pugi::xml_node ref) {
            TileSetEntry entry;
            entry.tile_id = ref.attribute("tile").as_string();
            entry.source = location_of(ref);
            const std::string where = entry.source + ": tile-set " + in_quotes(set.id) + ": ";
            if (entry.tile_id.empty()) throw HostError(where + "ref without a tile attribute");
            const pugi::xml_attribute count = ref.attribute("count");
            if (!count) throw HostError(where + "ref to tile " + in_quotes(entry.tile_id) + " has no count");
            if (!parse_count(count.value(), entry.count))
                throw HostError(where + "ref to tile " + in_quotes(entry.tile_id) + " has invalid count " +
                                in_quotes(count.value()) + " (a non-negative integer)");
            set.tiles.push_back(std::move(entry));
        });
        return set;
    }

    void check_unique_ids(const std::vector<TileDef>& tiles, const TileCatalog& catalog) const {
        std::unordered_map<std::string_view, size_t> first;  // id -> index of its first tile in this file
        first.reserve(tiles.size());
        for (size_t i = 0; i < tiles.size(); ++i) {
            const std::string& where = tile_origins_[i].second;
            if (catalog.find_tile(tiles[i].id))
                throw HostError(where + ": tile " + in_quotes(tiles[i].id) + ": duplicate tile id (already loaded)");
            const auto [it, inserted] = first.emplace(tiles[i].id, i);
            if (!inserted)
                throw HostError(where + ": tile " + in_quotes(tiles[i].id) + ": duplicate tile id (first at " +
                                tile_origins_[it->second].second + ")");
        }
    }
};

}  // namespace

namespace {

void read_tile_xml(std::string_view xml, std::string_view source_name, bool skip_defined, TileCatalog& catalog) {
    if (xml.size() > limits::kMaxTileFileBytes)
        throw HostError(std::string(source_name) + ": tile XML is " + std::to_string(xml.size()) +
                        " bytes, larger than the limit of " + std::to_string(limits::kMaxTileFileBytes) + " bytes (" +
                        format_byte_limit(limits::kMaxTileFileBytes) + ")");
    DocumentReader(xml, source_name, skip_defined).read(catalog);
}

}  // namespace

void load_tile_xml_string(std::string_view xml, std::string_view source_name, TileCatalog& catalog) {
    read_tile_xml(xml, source_name, false, catalog);
}

void load_tile_xml_string_after_files(std::string_view xml, std::string_view source_name, TileCatalog& catalog) {
    read_tile_xml(xml, source_name, true, catalog);
}


void load_tile_xml_file(const std::string& path, TileCatalog& catalog) {
    // A regular file of at most kMaxTileFileBytes: a directory, /dev/zero or
    // a FIFO is refused before anything is read.
    const std::string text = read_input_file(path, "tile file", limits::kMaxTileFileBytes);
    load_tile_xml_string(text, path, catalog);
}

std::vector<TileTypeId> build_pack(const TileCatalog& catalog, const std::map<std::string, int>& sets) {
    // Copies per tile id; std::map orders ids by plain byte comparison.
    std::map<std::string, long long> copies;
    constexpr long long kMaxPack = 100000;  // far above any real game; guards against absurd counts
    long long total = 0;
    for (const auto& [set_id, multiplier] : sets) {
        const TileSet* set = catalog.find_tile_set(set_id);
        if (!set) {
            std::string known;
            for (const auto& s : catalog.tile_sets()) known += (known.empty() ? "" : ", ") + s.id;
            throw HostError("unknown tile set " + in_quotes(set_id) + " (loaded sets: " +
                            (known.empty() ? "none" : known) + ")");
        }
        if (multiplier < 0)
            throw HostError("tile set " + in_quotes(set_id) + ": negative multiplier " + std::to_string(multiplier));
        if (multiplier == 0) continue;
        for (const TileSetEntry& e : set->tiles) {
            if (!catalog.find_tile(e.tile_id))
                throw HostError((e.source.empty() ? std::string() : e.source + ": ") + "tile-set " + in_quotes(set_id) +
                                ": ref to undefined tile " + in_quotes(e.tile_id));
            const long long n = static_cast<long long>(multiplier) * e.count;
            total += n;
            if (total > kMaxPack)
                throw HostError("tile set " + in_quotes(set_id) + ": pack would exceed " + std::to_string(kMaxPack) +
                                " tiles");
            copies[e.tile_id] += n;
        }
    }
    std::vector<TileTypeId> pack;
    pack.reserve(static_cast<size_t>(total));
    for (const auto& [id, n] : copies)
        pack.insert(pack.end(), static_cast<size_t>(n), static_cast<TileTypeId>(catalog.index_of(id)));
    return pack;
}

std::string default_tile_dir() {
    namespace fs = std::filesystem;
    std::error_code ec;
    // The source tree's folder only for the program running from its build
    // tree: an installed copy reads the installed tiles (core/build_tree.hpp).
    // The installed tiles are found relative to the program (core/install_layout.hpp).
    const auto& build_tree = this_build_tree();
    if (build_tree && fs::is_regular_file(build_tree->tile_dir / "basic.xml", ec)) return build_tree->tile_dir.string();
    const fs::path installed = installed_tile_dir();
    if (!installed.empty() && fs::is_regular_file(installed / "basic.xml", ec)) return installed.string();
    throw HostError(ErrorCategory::Io, std::string("no tile directory with basic.xml found (looked in ") +
                                           (build_tree ? build_tree->tile_dir.string() + " and " : std::string()) +
                                           (installed.empty() ? std::string("no installed folder: /proc/self/exe unreadable")
                                                              : installed.string()) +
                                           ")");
}

std::string default_tile_file() { return default_tile_dir() + "/basic.xml"; }

}  // namespace ck::host

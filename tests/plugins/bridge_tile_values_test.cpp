// Tile values (schema revision 9, docs/abi.md "Tile values"): the values of
// the tile-file attributes the enabled expansions declare reach every hook
// in GameSetup.tile_values, sorted by tile type then segment, each text
// once; attributes nobody declares stay out of the setup.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/tile_xml.hpp"
#include "plugins/state_serializer.hpp"

using namespace ck::host;

namespace {

// Two tiles with values, then one without; a start tile so the game can start.
const TileCatalog& catalog_with_values() {
    static const TileCatalog catalog = [] {
        TileCatalog c;
        load_tile_xml_string(R"(<defs><tiles>
          <tile id="BA/RCr"><road>W E</road><city>N</city><field city="N">WL WR</field><field>EL ER SL SR</field></tile>
          <tile id="T/A" wind-rose="NE"><watchtower bonus="2/meeple"/><road>N S</road>
            <city resource="wine" wagon-move="a">E</city></tile>
          <tile id="T/B"><city resource="cloth">N</city><city resource="wine">S</city></tile>
          <tile id="T/C"><city>N</city></tile>
        </tiles><tile-sets><tile-set id="basic:1"><ref tile="BA/RCr" count="1"/><ref tile="T/C" count="3"/></tile-set></tile-sets></defs>)",
                             "inline", c);
        return c;
    }();
    return catalog;
}

const ck::fb::GameSetup& setup_of(ck_bytes state) {
    const auto* s = ck::fb::GetGameState(state.data);
    return *ck::fb::GetGameSetup(s->setup()->data());
}

}  // namespace

TEST(TileValues, OnlyDeclaredAttributesAreSentByTileTypeThenSegment) {
    GameSetup setup;
    setup.catalog = &catalog_with_values();
    setup.players = {{"Alice"}, {"Bob"}};
    setup.seed = 1;
    Game game(setup);
    StateSerializer serializer;
    // Declared in this order: the keys keep it; wagon-move is declared by nobody.
    serializer.set_tile_value_keys({{"city", "resource"}, {"tile", "wind-rose"}, {"watchtower", "bonus"}});
    const ck::fb::GameSetup& s = setup_of(serializer.serialize(game, {}));
    ASSERT_NE(s.tile_values(), nullptr);
    ASSERT_EQ(s.tile_value_keys()->size(), 3u);
    EXPECT_EQ(s.tile_value_keys()->Get(1)->element()->str(), "tile");
    EXPECT_EQ(s.tile_value_keys()->Get(1)->attribute()->str(), "wind-rose");
    const auto type_of = [&](const std::string& id) {
        for (uint16_t t = 0; t < s.tile_types()->size(); ++t)
            if (s.tile_types()->Get(t)->str() == id) return t;
        return uint16_t{0xFFFF};
    };
    struct Seen {
        uint16_t type;
        int segment;
        std::string key, text;
        bool operator==(const Seen&) const = default;
    };
    std::vector<Seen> seen;
    for (const ck::fb::TileValue* v : *s.tile_values()) {
        const auto* key = s.tile_value_keys()->Get(v->key());
        seen.push_back({v->tile_type(), v->segment(), key->element()->str() + "@" + key->attribute()->str(),
                        s.tile_value_texts()->Get(v->text())->str()});
    }
    const uint16_t a = type_of("T/A"), b = type_of("T/B");
    ASSERT_LT(a, b);
    // T/A: its city (segment 1) first, then the tile's own and its watchtower's (255).
    const std::vector<Seen> want{{a, 1, "city@resource", "wine"},
                                 {a, 255, "tile@wind-rose", "NE"},
                                 {a, 255, "watchtower@bonus", "2/meeple"},
                                 {b, 0, "city@resource", "cloth"},
                                 {b, 1, "city@resource", "wine"}};
    EXPECT_EQ(seen, want);
    EXPECT_EQ(s.tile_value_texts()->size(), 4u);  // "wine" once
}

TEST(TileValues, NoDeclarationSendsNoValues) {
    GameSetup setup;
    setup.catalog = &catalog_with_values();
    setup.players = {{"Alice"}, {"Bob"}};
    Game game(setup);
    StateSerializer serializer;
    const ck::fb::GameSetup& s = setup_of(serializer.serialize(game, {}));
    EXPECT_EQ(s.tile_values(), nullptr);
    EXPECT_EQ(s.tile_value_keys(), nullptr);
}

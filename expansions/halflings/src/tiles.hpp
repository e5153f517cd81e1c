// The 24 Halflings tiles (HF-11, docs/expansions/halflings.md): their ids, which
// of them carry other expansions' symbols, and their definitions as tile XML
// (halflings.xml, embedded at build time).
#pragma once

#include <array>
#include <string_view>

namespace ck::halflings {

// One copy of each, ids as in halflings.xml: Halflings I 1-12, Halflings II 1-12.
inline constexpr std::array<std::string_view, 24> kTileIds{
    "HF/I-1",  "HF/I-2",  "HF/I-3",  "HF/I-4",  "HF/I-5",  "HF/I-6",   "HF/I-7",   "HF/I-8",
    "HF/I-9",  "HF/I-10", "HF/I-11", "HF/I-12", "HF/II-1", "HF/II-2",  "HF/II-3",  "HF/II-4",
    "HF/II-5", "HF/II-6", "HF/II-7", "HF/II-8", "HF/II-9", "HF/II-10", "HF/II-11", "HF/II-12",
};

// Halflings II 1-4: vineyard, sheep, hill, crop circle (HF-11, HF-12).
inline constexpr std::array<std::string_view, 4> kSymbolTileIds{"HF/II-1", "HF/II-2", "HF/II-3", "HF/II-4"};

bool is_halflings_tile(std::string_view id);
bool is_symbol_tile(std::string_view id);

// The text of halflings.xml (generated source, see CMakeLists.txt).
std::string_view tiles_xml();

}  // namespace ck::halflings

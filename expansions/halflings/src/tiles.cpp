#include "tiles.hpp"

#include <algorithm>

namespace ck::halflings {

bool is_halflings_tile(std::string_view id) {
    return std::find(kTileIds.begin(), kTileIds.end(), id) != kTileIds.end();
}

bool is_symbol_tile(std::string_view id) {
    return std::find(kSymbolTileIds.begin(), kSymbolTileIds.end(), id) != kSymbolTileIds.end();
}

}  // namespace ck::halflings

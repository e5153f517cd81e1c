// Small helpers shared by the files that implement Game (game*.cpp); not
// part of the host's interface.
#pragma once

#include <algorithm>
#include <vector>

#include "tile_def.hpp"

namespace ck::host::detail {

inline bool is_monastic(FeatureKind k) { return k == FeatureKind::Monastery || k == FeatureKind::Garden; }

inline const char* kind_word(FeatureKind k) {
    switch (k) {
        case FeatureKind::Road: return "road";
        case FeatureKind::City: return "city";
        case FeatureKind::Monastery: return "monastery";
        case FeatureKind::Field: return "field";
        case FeatureKind::Garden: return "garden";
    }
    return "?";
}

template <class T>
void add_unique(std::vector<T>& v, T x) {
    if (std::find(v.begin(), v.end(), x) == v.end()) v.push_back(x);
}

// A random value from a saved game or a caller, checked to be in [0, 1).
double checked_random(double r, const char* what);

}  // namespace ck::host::detail

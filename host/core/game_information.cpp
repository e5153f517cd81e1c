// Game: what a player may know. A computer player that searches ahead must
// not read what the player it plays for cannot see: the order of the pack,
// the draws to come, and other players' hands (HF-13). determinise()
// replaces exactly those with a sample drawn from what is consistent with
// the observer's view, so a search can play the copy to the end.
#include <algorithm>

#include "game.hpp"

namespace ck::host {
namespace {

template <class T>
void shuffle(std::vector<T>& v, SplitMix64& rng) {
    for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(static_cast<uint32_t>(i))]);
}

// `from` less one copy of each tile of `seen` (where `from` has one).
void remove_seen(std::vector<TileTypeId>& from, const std::vector<TileTypeId>& seen) {
    for (const TileTypeId t : seen)
        if (auto it = std::find(from.begin(), from.end(), t); it != from.end()) from.erase(it);
}

}  // namespace

void Game::determinise(uint8_t observer, uint64_t seed) {
    SplitMix64 rng(seed);
    touch();
    const size_t named_left = draw_order_.size() - draw_order_next_;
    // The pack's contents are public (the tile set less what was drawn);
    // its order and the random values that pick the draws are not. Sorting
    // first makes the result independent of the order it had.
    std::sort(pack_.begin(), pack_.end());
    shuffle(pack_, rng);
    host_random_ = SplitMix64(rng.next());
    if (!drawn_) draw_random_ = rng.next_double();  // this turn's draw is still to come
    caller_draws_ = false;
    // Draws named in advance (a saved game's drawOrder) are hidden too. With
    // "#END" their number is the number of tiles left, which players see:
    // keep it, with tiles from the shuffled pack.
    draw_order_.resize(draw_order_next_);
    if (draw_order_end_marker_) {
        for (size_t i = 0; i < std::min(pack_.size(), named_left); ++i) draw_order_.push_back(setup_catalog_->tile(pack_[i]).id);
    }

    // Other players' hands: drawn from the triangle tiles the observer has
    // not seen (not on the board, not in its own hand, not in the pack),
    // each hand keeping its size.
    std::vector<TileTypeId> unseen;
    for (size_t t = 0; t < setup_catalog_->tile_count(); ++t)
        if (setup_catalog_->tile(static_cast<TileTypeId>(t)).is_triangle()) unseen.push_back(static_cast<TileTypeId>(t));
    std::vector<TileTypeId> seen = players_.at(observer).hand;
    for (const PlacedTile& p : board_.placed()) seen.push_back(p.type);
    seen.insert(seen.end(), pack_.begin(), pack_.end());
    remove_seen(unseen, seen);
    std::vector<TileTypeId> hidden;  // what the other hands hold now, only for a short universe
    for (size_t p = 0; p < players_.size(); ++p)
        if (p != observer) hidden.insert(hidden.end(), players_[p].hand.begin(), players_[p].hand.end());
    if (unseen.size() < hidden.size()) {
        // Only when hands hold tiles that are not triangles of the catalogue
        // (an expansion dealing squares): the hands' own tiles, sorted, fill in.
        std::sort(hidden.begin(), hidden.end());
        unseen.insert(unseen.end(), hidden.begin(), hidden.end());
    }
    shuffle(unseen, rng);
    size_t next = 0;
    for (size_t p = 0; p < players_.size(); ++p) {
        if (p == observer) continue;
        for (TileTypeId& t : players_[p].hand) t = unseen[next++];
        if (p < dealt_hands_.size()) dealt_hands_[p].clear();  // as dealt: hidden as well
    }
    preset_hands_.clear();
}

void Game::forget_history() {
    if (!moves_.empty()) moves_.erase(moves_.begin(), moves_.end() - 1);
    moves_.shrink_to_fit();
    score_log_.clear();
    score_log_.shrink_to_fit();
    sent_home_.clear();
    sent_home_.shrink_to_fit();
}

}  // namespace ck::host

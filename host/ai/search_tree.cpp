#include "search_tree.hpp"

#include <algorithm>

namespace ck::host::ai {

SearchTree::SearchTree(size_t node_budget) : budget_(std::max<size_t>(node_budget, 1)) { reset(); }

void SearchTree::reset() {
    nodes_.clear();
    nodes_.emplace_back();
    root_ = 0;
    budget_reached_ = false;
}

uint32_t SearchTree::child(uint32_t parent, ActionKey key) const {
    for (uint32_t c = nodes_[parent].first_child; c != kNone; c = nodes_[c].next_sibling)
        if (nodes_[c].key == key) return c;
    return kNone;
}

uint32_t SearchTree::add_child(uint32_t parent, ActionKey key, uint8_t mover) {
    if (full()) {
        budget_reached_ = true;
        return kNone;
    }
    const auto index = static_cast<uint32_t>(nodes_.size());
    Node& n = nodes_.emplace_back();
    n.key = key;
    n.mover = mover;
    n.next_sibling = nodes_[parent].first_child;
    nodes_[parent].first_child = index;
    return index;
}

void SearchTree::advance(const std::vector<ActionKey>& keys, size_t from) {
    uint32_t at = root_;
    for (size_t i = from; i < keys.size() && at != kNone; ++i) at = child(at, keys[i]);
    if (at == kNone) {
        reset();
        return;
    }
    if (at == root_) return;
    // Copy the subtree, breadth first, into a new array.
    std::vector<Node> kept;
    kept.reserve(std::min(nodes_.size(), budget_));
    kept.push_back(nodes_[at]);
    kept[0].next_sibling = kNone;
    for (size_t i = 0; i < kept.size(); ++i) {
        uint32_t last = kNone;
        for (uint32_t c = kept[i].first_child; c != kNone; c = nodes_[c].next_sibling) {
            const auto index = static_cast<uint32_t>(kept.size());
            kept.push_back(nodes_[c]);
            kept.back().next_sibling = kNone;
            if (last == kNone) kept[i].first_child = index;
            else kept[last].next_sibling = index;
            last = index;
        }
    }
    nodes_ = std::move(kept);
    root_ = 0;
}

}  // namespace ck::host::ai

// The tree of one Monte Carlo search (docs/ai.md): nodes in one array,
// children as linked lists, statistics for information-set MCTS (visits,
// how often a node was available among its siblings, the summed reward of
// the player whose choice leads to it). Its size is bounded by a node
// budget; it is re-rooted, and compacted, when the game moves on.
#pragma once

#include <cstdint>
#include <vector>

#include "action_keys.hpp"

namespace ck::host::ai {

class SearchTree {
public:
    static constexpr uint32_t kNone = 0xFFFFFFFFu;
    static constexpr uint8_t kChanceMover = 0xFF;  // a draw: no player chose it

    struct Node {
        ActionKey key = 0;
        uint32_t first_child = kNone;
        uint32_t next_sibling = kNone;
        uint32_t visits = 0;
        uint32_t available = 0;
        double reward = 0;      // summed over visits, for `mover`
        uint8_t mover = kChanceMover;
    };

    explicit SearchTree(size_t node_budget);

    uint32_t root() const { return root_; }
    Node& node(uint32_t i) { return nodes_[i]; }
    const Node& node(uint32_t i) const { return nodes_[i]; }
    size_t size() const { return nodes_.size(); }
    size_t budget() const { return budget_; }
    bool full() const { return nodes_.size() >= budget_; }
    // Whether a node was refused for lack of budget since the last reset.
    bool budget_reached() const { return budget_reached_; }

    // The child of `parent` with `key`, or kNone.
    uint32_t child(uint32_t parent, ActionKey key) const;
    void note_budget_reached() { budget_reached_ = true; }
    // A new child of `parent`; kNone when the budget is spent.
    uint32_t add_child(uint32_t parent, ActionKey key, uint8_t mover);

    // Forgets everything: a root alone.
    void reset();
    // Makes the node reached from the root by `keys` the root, keeping only
    // its subtree; resets when the tree does not hold that path.
    void advance(const std::vector<ActionKey>& keys, size_t from);

private:
    std::vector<Node> nodes_;
    size_t budget_;
    uint32_t root_ = 0;
    bool budget_reached_ = false;
};

}  // namespace ck::host::ai

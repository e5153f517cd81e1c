// The search tree alone: children by key, the node budget, and re-rooting
// that keeps exactly the subtree (and its statistics) the game moved into.
#include <gtest/gtest.h>

#include "ai/search_tree.hpp"

namespace ck::host::ai {
namespace {

TEST(SearchTree, ChildrenAreFoundByKeyAndTheBudgetStopsGrowth) {
    SearchTree tree(4);
    const uint32_t a = tree.add_child(tree.root(), 10, 0);
    const uint32_t b = tree.add_child(tree.root(), 11, 0);
    const uint32_t c = tree.add_child(a, 12, 1);
    EXPECT_EQ(tree.child(tree.root(), 10), a);
    EXPECT_EQ(tree.child(tree.root(), 11), b);
    EXPECT_EQ(tree.child(a, 12), c);
    EXPECT_EQ(tree.child(b, 12), SearchTree::kNone);
    EXPECT_FALSE(tree.budget_reached());
    EXPECT_EQ(tree.add_child(b, 13, 1), SearchTree::kNone) << "4 nodes, the root included";
    EXPECT_TRUE(tree.budget_reached());
    EXPECT_EQ(tree.size(), 4u);
}

TEST(SearchTree, AdvanceKeepsTheSubtreeWithItsStatisticsAndDropsTheRest) {
    SearchTree tree(100);
    const uint32_t a = tree.add_child(tree.root(), 1, 0);
    const uint32_t b = tree.add_child(tree.root(), 2, 0);
    const uint32_t a1 = tree.add_child(a, 3, 1);
    const uint32_t a2 = tree.add_child(a, 4, 1);
    const uint32_t a11 = tree.add_child(a1, 5, 0);
    (void)tree.add_child(b, 6, 1);
    tree.node(a).visits = 7;
    tree.node(a1).visits = 5;
    tree.node(a1).reward = 2.5;
    tree.node(a2).visits = 2;
    tree.node(a11).visits = 4;

    tree.advance({9, 1}, 1);  // keys before `from` (9) are the path so far
    EXPECT_EQ(tree.size(), 4u) << "a and its three descendants";
    EXPECT_EQ(tree.node(tree.root()).visits, 7u);
    const uint32_t n1 = tree.child(tree.root(), 3);
    ASSERT_NE(n1, SearchTree::kNone);
    EXPECT_EQ(tree.node(n1).visits, 5u);
    EXPECT_DOUBLE_EQ(tree.node(n1).reward, 2.5);
    EXPECT_EQ(tree.node(tree.child(tree.root(), 4)).visits, 2u);
    EXPECT_EQ(tree.node(tree.child(n1, 5)).visits, 4u);
    EXPECT_EQ(tree.child(tree.root(), 2), SearchTree::kNone);

    tree.advance({3, 42}, 0);  // 42 was never seen below 3
    EXPECT_EQ(tree.size(), 1u) << "a path the tree does not hold resets it";
    EXPECT_EQ(tree.node(tree.root()).visits, 0u);
}

}  // namespace
}  // namespace ck::host::ai

// ck::sdk::Effects builds the HookResponse every hook answers with. Its
// shortcut (effects kept inline until they spill into a vector) must not
// change what the host reads.
#include <gtest/gtest.h>

#include <string>

#include <cloisterkit/sdk/effects.hpp>

namespace ck::sdk {
namespace {

const fb::HookResponse& finished(flatbuffers::FlatBufferBuilder& b) {
    EXPECT_TRUE(verify_hook_response(b.GetBufferPointer(), b.GetSize()));
    return *flatbuffers::GetRoot<fb::HookResponse>(b.GetBufferPointer());
}

TEST(SdkEffects, ManyEffectsKeepTheirOrderAndFieldsPastTheInlineEntries) {
    Effects fx;
    constexpr int kCount = 40;  // more than the entries kept inline
    for (int i = 0; i < kCount; ++i) {
        const std::string name = "bonus " + std::to_string(i);
        fx.add_points(static_cast<uint8_t>(i % 4), i, name);
    }
    EXPECT_EQ(fx.size(), static_cast<size_t>(kCount));
    auto b = fx.finish();
    const fb::HookResponse& r = finished(b);
    ASSERT_EQ(r.effects()->size(), static_cast<uint32_t>(kCount));
    for (int i = 0; i < kCount; ++i) {
        const auto* e = r.effects()->Get(static_cast<uint32_t>(i))->effect_as_AddPoints();
        ASSERT_NE(e, nullptr) << i;
        EXPECT_EQ(e->player(), i % 4);
        EXPECT_EQ(e->points(), i);
        EXPECT_EQ(e->name()->str(), "bonus " + std::to_string(i));
    }
}

TEST(SdkEffects, AnEmptyStringIsAFieldOfItsOwn) {
    Effects fx;
    fx.end_game("");
    fx.end_game("");
    auto b = fx.finish();
    const fb::HookResponse& r = finished(b);
    ASSERT_EQ(r.effects()->size(), 2u);
    for (uint32_t i = 0; i < 2; ++i) {
        const auto* e = r.effects()->Get(i)->effect_as_EndGame();
        ASSERT_NE(e, nullptr);
        ASSERT_NE(e->reason(), nullptr);
        EXPECT_EQ(e->reason()->str(), "");
    }
}

}  // namespace
}  // namespace ck::sdk

#include <cloisterkit/sdk/hook_context.hpp>

namespace ck::sdk {
namespace {

std::string_view view(const flatbuffers::String* s) {
    return s == nullptr ? std::string_view() : std::string_view(s->c_str(), s->size());
}

}  // namespace

// Linear scans: these lists hold a handful of entries, and a scan stays
// correct even if a host forgot to sort them (a binary search would not).
std::optional<std::string_view> HookContext::rule(std::string_view key) const {
    if (const auto* rules = state_.rules())
        for (const fb::KeyValue* kv : *rules)
            if (kv != nullptr && view(kv->key()) == key) return view(kv->value());
    return std::nullopt;
}

std::string_view HookContext::rule_or(std::string_view key, std::string_view fallback) const {
    return rule(key).value_or(fallback);
}

std::string_view HookContext::expansion_data() const {
    if (const auto* all = state_.expansion_data())
        for (const fb::ExpansionData* d : *all)
            if (d != nullptr && view(d->expansion_id()) == expansion_id_ && d->data() != nullptr)
                return {reinterpret_cast<const char*>(d->data()->data()), d->data()->size()};
    return {};
}

int HookContext::tokens_in_supply(uint8_t player, std::string_view kind) const {
    const fb::Player* p = find_player(state_, player);
    if (p == nullptr || p->tokens() == nullptr) return 0;
    for (const fb::TokenStock* stock : *p->tokens())
        if (stock != nullptr && view(stock->kind()) == kind) return stock->count();
    return 0;
}

int HookContext::player_count() const { return state_.players() == nullptr ? 0 : static_cast<int>(state_.players()->size()); }

std::optional<int64_t> HookContext::rule_int(std::string_view key) const { return parse_int(rule(key)); }

int64_t HookContext::rule_int_or(std::string_view key, int64_t fallback) const {
    return rule_int(key).value_or(fallback);
}

bool HookContext::rule_bool_or(std::string_view key, bool fallback) const {
    return parse_bool(rule(key)).value_or(fallback);
}

}  // namespace ck::sdk

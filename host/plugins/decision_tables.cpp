#include "decision_tables.hpp"

#include <string>
#include <vector>

namespace ck::host {
namespace {

fb::TileRef to_fb(TileRef r) { return fb::TileRef(r.pos.x, r.pos.y, static_cast<fb::Corner>(r.corner)); }

std::string text_of(const flatbuffers::String* s) { return s ? s->str() : std::string(); }

}  // namespace

flatbuffers::Offset<fb::DecisionOption> decision_option_table(flatbuffers::FlatBufferBuilder& b,
                                                              const DecisionOption& o) {
    const fb::TileRef at = to_fb(o.at);
    const auto label = b.CreateString(o.label);
    const auto payload = o.payload.empty() ? 0 : b.CreateVector(o.payload);
    const auto jcz_type = o.jcz_type.empty() ? 0 : b.CreateString(o.jcz_type);
    const auto jcz_payload = o.jcz_payload.empty() ? 0 : b.CreateString(o.jcz_payload);
    return fb::CreateDecisionOption(b, label, static_cast<fb::DecisionTarget>(o.target), &at, o.location, o.figure,
                                    o.value, payload, jcz_type, jcz_payload);
}

flatbuffers::Offset<fb::PendingDecision> pending_decision_table(flatbuffers::FlatBufferBuilder& b,
                                                                const Decision& d, uint16_t expansion) {
    std::vector<flatbuffers::Offset<fb::DecisionOption>> options;
    options.reserve(d.options.size());
    for (const DecisionOption& o : d.options) options.push_back(decision_option_table(b, o));
    const auto list = b.CreateVector(options);
    const auto key = b.CreateString(d.key);
    const auto label = b.CreateString(d.label);
    return fb::CreatePendingDecision(b, expansion, d.player, key, label, list, d.may_pass, d.step);
}

DecisionOption decision_option_from(const fb::DecisionOption& o) {
    DecisionOption out;
    out.label = text_of(o.label());
    out.target = static_cast<DecisionTarget>(o.target());
    if (o.at() != nullptr)
        out.at = TileRef{Position{o.at()->x(), o.at()->y()}, static_cast<Corner>(o.at()->corner())};
    out.location = o.location();
    out.figure = o.figure();
    out.value = o.value();
    if (o.payload() != nullptr) out.payload.assign(o.payload()->begin(), o.payload()->end());
    out.jcz_type = text_of(o.jcz_type());
    out.jcz_payload = text_of(o.jcz_payload());
    return out;
}

}  // namespace ck::host

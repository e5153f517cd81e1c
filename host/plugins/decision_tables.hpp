// A decision's options between the host's types (core/decisions.hpp) and
// FlatBuffers (DecisionOption in common.fbs): written into APPLY_DECISION's
// request and into GameState.pending_decision, read from OfferDecision.
#pragma once

#include <flatbuffers/flatbuffers.h>

#include "core/decisions.hpp"
#include <cloisterkit/schemas/game_state_generated.h>

namespace ck::host {

flatbuffers::Offset<fb::DecisionOption> decision_option_table(flatbuffers::FlatBufferBuilder& b,
                                                              const DecisionOption& option);
// `expansion`: the offering expansion's index in GameSetup.expansions.
flatbuffers::Offset<fb::PendingDecision> pending_decision_table(flatbuffers::FlatBufferBuilder& b,
                                                                const Decision& decision, uint16_t expansion);
DecisionOption decision_option_from(const fb::DecisionOption& option);

}  // namespace ck::host

// Builds a HookResponse: a hook calls these to say what should happen, and
// the host verifies and applies the effects in order.
#pragma once

#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <cloisterkit/schemas/hooks_generated.h>

namespace ck::sdk {

// hooks.fbs's own file_identifier ("CKRQ") names the request; responses
// carry this one, passed explicitly when finishing and verifying.
inline constexpr char kHookResponseIdentifier[] = "CKRS";

// What a host does with every response before reading it (module code is
// untrusted): size limit, identifier, full verification.
inline bool verify_hook_response(const uint8_t* data, size_t size) {
    if (data == nullptr || size < 8 || size >= FLATBUFFERS_MAX_BUFFER_SIZE) return false;
    if (!flatbuffers::BufferHasIdentifier(data, kHookResponseIdentifier)) return false;
    flatbuffers::Verifier verifier(data, size);
    return verifier.VerifyBuffer<fb::HookResponse>(kHookResponseIdentifier);
}

// One option of a decision, as a module writes it (DecisionOption in
// hooks.fbs). The named constructors say what it points at.
struct DecisionChoice {
    std::string label;
    fb::DecisionTarget target = fb::DecisionTarget::None;
    fb::TileRef at{};
    uint32_t location = 0;
    uint32_t figure = 0;
    int64_t value = 0;
    std::vector<uint8_t> payload;
    std::string jcz_type, jcz_payload;  // what a save writes for it ("" : CK_DECISION)

    static DecisionChoice none(std::string label, int64_t value = 0);
    static DecisionChoice tile(std::string label, const fb::TileRef& at, int64_t value = 0);
    static DecisionChoice location_of(std::string label, const fb::TileRef& at, uint32_t location, int64_t value = 0);
    static DecisionChoice figure_at(std::string label, uint32_t figure_index, int64_t value = 0);
    static DecisionChoice space(std::string label, const fb::TileRef& at, int64_t value = 0);
    // Saved as JCloisterZone's message `type` with the JSON object `payload`.
    DecisionChoice& saved_as(std::string type, std::string payload_json);
};

// Schema revision 12: what a decision adds to its own options. `figure`
// (an index in the state's figures) may move to every free segment of
// `tiles` where it may stand (unfinished features only, when asked): the
// host works the options out, labels them and saves each as JCloisterZone's
// DEPLOY_MEEPLE of that figure; with none and no other option, the
// decision is passed at once and nothing is saved.
struct DecisionExtras {
    std::optional<uint32_t> figure;       // figure_targets: the figure that moves
    std::vector<fb::TileRef> tiles;       // figure_targets: where it may go (every segment)
    std::vector<fb::MoveTarget> segments; // figure_targets: and these segments
    bool unfinished_only = true;          // figure_targets: only features not completed
    std::string jcz_pass_type;            // a pass saved as this message ("PASS"), payload {}
    bool jcz_commit = false;              // a COMMIT follows a chosen option in a save
};

class Effects {
public:
    Effects();

    void add_points(uint8_t player, int32_t points, std::string_view name);
    void adjust_feature_points(int32_t delta, std::string_view reason);
    void give_tokens(uint8_t player, std::string_view kind, int32_t count);
    void place_token(uint8_t player, std::string_view kind, const fb::TileRef& at);
    void set_expansion_data(const uint8_t* data, size_t size);
    void offer_figure_option(std::string_view action, std::string_view token_kind, const fb::TileRef& at,
                             std::string_view label);
    // Schema revision 6: an option that moves neutral figure `figure` to
    // `at`/`location` (the fairy next to a follower), or that sends the
    // figure standing at `at`/`location` back to its owner's supply, with
    // JCloisterZone's RETURN_MEEPLE source (the princess: "PRINCESS"). Its
    // APPLY_FIGURE_ACTION must do that (move_neutral_figure, return_figures).
    void offer_neutral_figure_move(std::string_view action, std::string_view figure, const fb::TileRef& at,
                                   uint32_t location, std::string_view label);
    void offer_figure_return(std::string_view action, std::string_view return_source, const fb::TileRef& at,
                             uint32_t location, std::string_view label);
    void veto_placement(uint32_t candidate, std::string_view reason);
    void offer_tile_step_option(std::string_view action, uint16_t tile_type, std::string_view label);
    // Schema revision 4: one option per tile type, all with `action`; the
    // host makes each label from `label`, replacing "{tile}" with the tile
    // type's id. Cheaper for both sides than one offer per option; a module
    // that also serves revision-3 hosts must use offer_tile_step_option.
    void offer_tile_step_options(std::string_view action, std::string_view label, const uint16_t* tile_types,
                                 size_t count);
    void end_game(std::string_view reason);
    void consume_figure_action();
    void add_hand_tile(uint8_t player, uint16_t tile_type);
    void remove_hand_tile(uint8_t player, uint16_t tile_type);
    void play_hand_tile(uint8_t player, uint16_t tile_type);
    // The movement stage (schema revision 6; docs/abi.md, "Neutral figures
    // and movement"). location 0 means the tile as a whole.
    void move_neutral_figure(std::string_view figure, const fb::TileRef& at, uint32_t location = 0);
    void return_figures(const fb::TileRef& at, uint32_t location, std::string_view reason);
    void forbid_figure_placement(const fb::TileRef& at, std::string_view reason);
    void offer_figure_placements(const std::vector<fb::TileRef>& tiles, std::string_view reason);
    void offer_movement(std::string_view figure, uint8_t player, const std::vector<fb::MoveTarget>& targets,
                        std::string_view label);

    // Decisions (schema revision 8; docs/abi.md, "Decisions"): `player`
    // chooses one of `options` (or passes, when `may_pass`), and the host
    // calls this expansion's APPLY_DECISION with the choice.
    void offer_decision(uint8_t player, std::string_view key, std::string_view label,
                        const std::vector<DecisionChoice>& options, bool may_pass = false);
    // The same with what the host adds (schema revision 12).
    void offer_decision(uint8_t player, std::string_view key, std::string_view label,
                        const std::vector<DecisionChoice>& options, bool may_pass, const DecisionExtras& extras);

    // Figure primitives (schema revision 8; docs/abi.md, "Figure
    // primitives"): a figure of `kind` from `player`'s supply onto segment
    // `location` of the tile at `at`; figure `figure` (its index in the
    // state's figures) moved there.
    void place_figure(uint8_t player, uint8_t kind, const fb::TileRef& at, uint32_t location,
                      bool allow_occupied = false);
    void move_figure(uint32_t figure, const fb::TileRef& at, uint32_t location, bool allow_occupied = false);

    // Turn structure (schema revision 10; docs/abi.md, "Extra turns"): the
    // active player places another tile in this turn once the current tile
    // step is over (the builder). The state's turn_part says which step
    // this is; an expansion that allows only one extra step checks it.
    void extra_turn();
    // FIGURE_STRENGTH (schema revision 12): figure `figure` (an index in
    // GameState.figures, one of the hook's figures) weighs `strength` in
    // the feature's majority and adds `tiebreak` to its owner's tie-break.
    void set_figure_strength(uint32_t figure, int strength, int tiebreak = 0);

    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }

    // Finishes the HookResponse (identifier "CKRS") and hands over the
    // builder; the Effects object must not be used afterwards.
    flatbuffers::FlatBufferBuilder finish();

private:
    void push(fb::Effect type, flatbuffers::Offset<void> value);

    using Entry = flatbuffers::Offset<fb::EffectEntry>;
    // Most responses hold a few effects: they stay in `inline_` and the
    // object allocates nothing but the builder's block; more spill into
    // `spilled_`, which then holds them all (contiguous for CreateVector).
    static constexpr size_t kInlineEntries = 16;

    flatbuffers::FlatBufferBuilder builder_;
    Entry inline_[kInlineEntries];
    std::vector<Entry> spilled_;
    size_t count_ = 0;
};

}  // namespace ck::sdk

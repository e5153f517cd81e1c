// A JCloisterZone saved game (`.jcz`) as plain data, with a strict reader
// and the inverse writer (docs/interop.md). The reader checks shapes and
// types only; whether the moves are legal is the replayer's business.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/geometry.hpp"
#include "core/move_record.hpp"
#include "core/tile_def.hpp"

namespace ck::host::jcz {

// Ordered so that elements, rules and unknown keys keep the file's order.
using Json = nlohmann::ordered_json;

struct PlaceTile {
    std::string tile_id;
    int rotation = 0;  // quarter turns clockwise
    Position position;
};

// Pointers use the engine's types: `{position, feature, location, corner?}`
// is a FeaturePointer (location in board orientation, the whole segment);
// `[x, y]` or `{position, corner}` is a TileRef. A missing "corner" reads as
// Corner::None; whether the tile there is a triangle is checked at replay.
struct DeployMeeple {
    FeaturePointer pointer;
    std::string meeple_id;
    // JCloisterZone 5.7 files may omit `feature`; the replayer then infers
    // it from the location on the tile just placed (pointer.kind is unset).
    bool feature_given = true;
};

struct PlaceToken {
    std::string token;       // "LB_TOWER"
    std::string java_class;  // set when the token came as [javaClass, name]
    TileRef pointer;
};

// A figure taken back, `{pointer: {featurePointer: {position, feature,
// location}, meepleId}, source}` (JCZ's MeeplePointer); `source` says which
// rule allows it ("ABBOT_RETURN"), which the figure kind must declare.
struct ReturnMeeple {
    FeaturePointer pointer;
    std::string meeple_id;
    std::string source;
};

// A neutral figure moved (The Princess & the Dragon): `{figureId, to}` where
// `to` is a position [x, y] (the dragon), a feature pointer, or JCZ's
// MeeplePointer {featurePointer, meepleId} (the fairy next to a follower).
struct MoveNeutralFigure {
    std::string figure_id;  // "dragon.1"
    TileRef at;
    std::optional<FeaturePointer> pointer;  // a feature pointer or the MeeplePointer's
    std::string meeple_id;                  // the MeeplePointer's; empty otherwise
};

struct Pass {};
struct Commit {};
struct Undo {};

// A message of a type this host does not read itself: a choice in an
// expansion's decision (docs/abi.md, "Decisions"), written as CK_DECISION
// or as the JCloisterZone message the expansion saves it as. A replay
// matches it against the options of the decision open at that point, and
// refuses it where none is open, saying `unknown_why`.
struct ExpansionMessage {
    std::string type;  // "CK_DECISION", "FLOCK_EXPAND_OR_SCORE"
    Json payload = Json::object();
    std::string unknown_why;  // "unknown message type 'SKIP'", ...
};

// Decision: a message read as an ExpansionMessage, whatever its type.
enum class MessageType : uint8_t {
    PlaceTile,
    DeployMeeple,
    PlaceToken,
    Pass,
    Commit,
    Undo,
    ReturnMeeple,
    MoveNeutralFigure,
    Decision
};
std::string_view message_type_name(MessageType t);  // "PLACE_TILE", ...

struct ReplayMessage {
    MessageType type = MessageType::Pass;
    std::variant<PlaceTile, DeployMeeple, PlaceToken, Pass, Commit, Undo, ReturnMeeple, MoveNeutralFigure,
                 ExpansionMessage>
        payload;
    // A non-null `random` in the payload reseeds the generator before the
    // message applies (jcz-interop §4.10); COMMIT always carries one in
    // JCloisterZone's files.
    std::optional<double> random;
    // JCloisterZone 5.7's `salt` (a Java long, kept as written): it fed a
    // generator we cannot reproduce, so it never drives a draw here.
    std::optional<std::string> salt;
    std::optional<int> player;     // who sent it: must be the active player when given
    std::optional<int64_t> clock;  // informative only
};

struct StartTile {
    std::string tile;
    Position position;
    int rotation = 0;  // quarter turns (the file holds degrees)
};

struct Setup {
    std::vector<std::pair<std::string, int>> sets;  // tile-set id -> multiplier
    Json elements = Json::object();                 // element id -> value
    Json rules = Json::object();                    // rule id -> value
    std::vector<StartTile> start;

    // Presence enables an element; false, 0 and null count as absent too.
    bool element_enabled(const std::string& id) const;
    // `small-follower` (0 when absent).
    int small_followers() const;
};

struct PlayerEntry {
    std::string name;
    std::optional<int> slot;
    std::optional<std::string> client_id;
};

struct GameAnnotations {
    std::optional<std::vector<std::string>> draw_order;
    std::optional<int> end_turn;
    std::optional<std::vector<std::vector<std::string>>> halfling_hands;
    // `rules`: rule options JCloisterZone does not know (scalars, like
    // setup.rules). JCloisterZone refuses an unknown key in setup.rules but
    // passes only drawOrder and endTurn of gameAnnotations to its engine and
    // keeps the rest as it is, so `save_game` writes them here.
    Json rules = Json::object();
    // `seatView`: the file is what one seat (-1: a spectator) may know of a
    // game still being played (`serve`'s export, HF-13): the other hands
    // and the initial random value are left out, so it does not replay.
    std::optional<int> seat_view;
    bool empty() const { return !draw_order && !end_turn && !halfling_hands && rules.empty() && !seat_view; }
};

struct TestSpec {
    std::string description;
    std::vector<std::string> assertions;
};

struct SavedGame {
    std::string app_version = "5.12.0";
    std::string game_id;
    std::string name;
    double initial_random = 0.0;
    // JCloisterZone 5.7's `initialSeed` (a Java long, kept as written) in
    // place of `initialRandom`: the file's random draws cannot be reproduced.
    std::optional<std::string> initial_seed;
    std::string created;  // ISO timestamp; written only when set
    int64_t clock = 0;
    Setup setup;
    std::vector<PlayerEntry> players;
    std::vector<ReplayMessage> replay;
    GameAnnotations annotations;
    std::optional<TestSpec> test;

    // True when random draws cannot be reproduced: the file uses 5.7's
    // initialSeed or a salt instead of random values (docs/interop.md).
    bool legacy_random() const;
};

// Parses `.jcz` text. `source` names the input in messages ("game.jcz").
// Throws HostError: malformed JSON with line and column, a missing or
// wrongly typed key with its JSON path (`replay[3].payload.position`), an
// unknown message type, or a limit of core/limits.hpp exceeded (size,
// nesting, string, id and assertion lengths, number of messages;
// docs/reliability.md).
SavedGame parse_saved_game(const std::string& text, const std::string& source = "<jcz>");
// Reads a regular file of at most limits::kMaxSavedGameBytes (a directory,
// device or FIFO is refused unread) and parses it.
SavedGame load_saved_game(const std::string& path);

// The inverse: JSON that JCloisterZone 5.x reads (PLACE_TILE, DEPLOY_MEEPLE,
// PLACE_TOKEN with a bare token name, RETURN_MEEPLE, PASS, COMMIT{random}); doubles are
// written so that they read back bit for bit.
Json saved_game_to_json(const SavedGame& game);
// One entry of `replay` as saved_game_to_json writes it (serve's journal).
Json replay_message_to_json(const ReplayMessage& message);
// The message's type as a file writes it: message_type_name, or an
// ExpansionMessage's own type.
std::string_view message_type_text(const ReplayMessage& message);
// The payload a file writes for it (without `random` and `salt` only when
// the message has none).
Json message_payload(const ReplayMessage& message);
std::string write_saved_game(const SavedGame& game);  // pretty, 2-space indent
void store_saved_game(const SavedGame& game, const std::string& path);

}  // namespace ck::host::jcz

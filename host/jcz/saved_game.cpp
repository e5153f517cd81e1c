#include "saved_game.hpp"

#include <algorithm>
#include <array>
#include <exception>
#include <fstream>

#include "core/errors.hpp"
#include "core/file_input.hpp"
#include "core/limits.hpp"
#include "core/location_names.hpp"
#include "json_reader.hpp"

namespace ck::host::jcz {

namespace {

struct TypeName {
    MessageType type;
    std::string_view name;
};
constexpr std::array<TypeName, 8> kMessageTypes{{
    {MessageType::PlaceTile, "PLACE_TILE"},
    {MessageType::DeployMeeple, "DEPLOY_MEEPLE"},
    {MessageType::PlaceToken, "PLACE_TOKEN"},
    {MessageType::Pass, "PASS"},
    {MessageType::Commit, "COMMIT"},
    {MessageType::Undo, "UNDO"},
    {MessageType::ReturnMeeple, "RETURN_MEEPLE"},
    {MessageType::MoveNeutralFigure, "MOVE_NEUTRAL_FIGURE"},
}};
// The type a choice in a decision is saved as when its expansion names no
// JCloisterZone message for it.
constexpr std::string_view kDecisionType = "CK_DECISION";

// Message types JCloisterZone knows that belong to expansions we do not
// replay: named as such rather than as "unknown".
constexpr std::array<std::string_view, 9> kOtherJczTypes{
    "CIRCLE_REMOVE_OR_DEPLOY", "FLOCK_EXPAND_OR_SCORE", "CAPTURE_FOLLOWER",
    "PAY_RANSOM",          "EXCHANGE_FOLLOWER",       "BAZAAR_BID",            "BAZAAR_BUY_OR_SELL",
    "SCORE_ACROBATS",      "GAME_SETUP"};

// Runs a core parser (locations, rotations ...) and puts the JSON path in
// front of its message.
template <typename F>
auto with_path(const JsonNode& node, F&& parse) {
    const std::string text = node.string();
    try {
        return parse(text);
    } catch (const HostError& e) {
        node.fail(e.what());
    }
}

Position read_position(const JsonNode& node) {
    if (!node.json().is_array() || node.size() != 2) node.fail("expected a position [x, y], got " + JsonNode::type_name(node.json()) + (node.json().is_array() ? " of " + std::to_string(node.size()) + " elements" : ""));
    return {static_cast<int16_t>(node[0].integer_in(INT16_MIN, INT16_MAX)),
            static_cast<int16_t>(node[1].integer_in(INT16_MIN, INT16_MAX))};
}

Corner read_corner(const JsonNode& pointer) {
    auto c = pointer.find("corner");
    if (!c) return Corner::None;
    return with_path(*c, [](const std::string& s) { return parse_corner(s); });
}

TileRef read_tile_pointer(const JsonNode& node) {
    TileRef p;
    if (node.json().is_array()) {
        p.pos = read_position(node);
        return p;
    }
    if (!node.json().is_object()) node.fail("expected a position [x, y] or {position, corner}, got " + JsonNode::type_name(node.json()));
    p.pos = read_position(node.at("position"));
    p.corner = read_corner(node);
    return p;
}

// A Java long written as a string ("-7078873574222023888") or a number.
std::string read_java_long(const JsonNode& node) {
    if (node.json().is_number_integer()) return std::to_string(node.integer());
    const std::string text = node.string();
    std::size_t digits = text.size() > 0 && text[0] == '-' ? 1 : 0;
    const bool all_digits = digits < text.size() && text.find_first_not_of("0123456789", digits) == std::string::npos;
    bool fits = false;
    if (all_digits) {
        try {
            (void)std::stoll(text);
            fits = true;
        } catch (const std::exception&) {
        }
    }
    if (!fits) node.fail("expected a 64-bit integer (Java long), got \"" + text + "\"");
    return text;
}

// JCloisterZone 5.7 named the monastery location CLOISTER; it is I.
Location read_pointer_location(const JsonNode& node) {
    return with_path(node, [](const std::string& s) { return parse_location(s == "CLOISTER" ? "I" : s); });
}

// `feature` may be missing in 5.7 files: the replayer infers it.
DeployMeeple read_deploy_pointer(const JsonNode& node) {
    if (node.json().is_object() && node.json().contains("meepleId"))
        node.fail("meeple pointers are not supported (no base-game or Little Buildings move uses them)");
    if (!node.json().is_object()) node.fail("expected a feature pointer {position, feature, location}, got " + JsonNode::type_name(node.json()));
    DeployMeeple d;
    FeaturePointer& p = d.pointer;
    p.at.pos = read_position(node.at("position"));
    if (auto f = node.find("feature"))
        p.kind = with_path(*f, [](const std::string& s) { return parse_feature_kind(s); });
    else
        d.feature_given = false;
    p.location = read_pointer_location(node.at("location"));
    p.at.corner = read_corner(node);
    return d;
}

// A feature pointer {position, feature, location} (and a triangle's corner).
FeaturePointer read_feature_pointer(const JsonNode& fp) {
    fp.object();
    FeaturePointer p;
    p.at.pos = read_position(fp.at("position"));
    p.kind = with_path(fp.at("feature"), [](const std::string& s) { return parse_feature_kind(s); });
    p.location = read_pointer_location(fp.at("location"));
    p.at.corner = read_corner(fp);
    return p;
}

// JCZ's MeeplePointer: {featurePointer: {position, feature, location}, meepleId}.
ReturnMeeple read_meeple_pointer(const JsonNode& node) {
    node.object();
    ReturnMeeple r;
    r.pointer = read_feature_pointer(node.at("featurePointer"));
    r.meeple_id = node.at("meepleId").id();
    return r;
}

// MOVE_NEUTRAL_FIGURE's `to` (JCZ's BoardPointer, MessageParser): an array
// is a position, an object with meepleId a MeeplePointer, one with a
// location a feature pointer, any other object a position.
void read_neutral_target(const JsonNode& node, MoveNeutralFigure& out) {
    if (!node.json().is_object()) {
        out.at = read_tile_pointer(node);
        return;
    }
    if (node.json().contains("meepleId")) {
        const ReturnMeeple r = read_meeple_pointer(node);
        out.pointer = r.pointer;
        out.meeple_id = r.meeple_id;
    } else if (node.json().contains("location")) {
        out.pointer = read_feature_pointer(node);
    } else {
        out.at = read_tile_pointer(node);
        return;
    }
    out.at = out.pointer->at;
}

// A token is "LB_TOWER" or ["com.jcloisterzone...LittleBuilding", "LB_TOWER"].
void read_token(const JsonNode& node, PlaceToken& out) {
    if (node.json().is_string()) {
        out.token = node.id();
        return;
    }
    if (!node.json().is_array() || node.size() != 2)
        node.fail("expected a token name or [javaClass, name], got " + JsonNode::type_name(node.json()));
    out.java_class = node[0].id();
    out.token = node[1].id();
}

ReplayMessage read_message(const JsonNode& node) {
    node.object();
    ReplayMessage m;
    const JsonNode type_node = node.at("type");
    const std::string type = type_node.string();
    auto known = std::find_if(kMessageTypes.begin(), kMessageTypes.end(), [&](const TypeName& t) { return t.name == type; });
    if (known == kMessageTypes.end()) {
        // Perhaps a choice in an expansion's decision: the replay decides.
        const bool message_like =
            !type.empty() && std::all_of(type.begin(), type.end(), [](char c) { return (c >= 'A' && c <= 'Z') || c == '_'; });
        const std::string why = std::find(kOtherJczTypes.begin(), kOtherJczTypes.end(), type) != kOtherJczTypes.end()
                                    ? "message type " + type + " belongs to an expansion this host does not replay"
                                    : "unknown message type '" + type + "'";
        if (!message_like) type_node.fail(why);
        ExpansionMessage e{type, Json::object(), type == kDecisionType ? std::string() : why};
        if (auto p = node.find("player")) m.player = p->integer_in(0, 1000);
        if (auto c = node.find("clock")) m.clock = c->integer();
        if (auto payload = node.find("payload")) e.payload = payload->object();
        m.type = MessageType::Decision;
        m.payload = std::move(e);
        return m;
    }
    m.type = known->type;
    if (auto p = node.find("player")) m.player = p->integer_in(0, 1000);
    if (auto c = node.find("clock")) m.clock = c->integer();

    // PASS and UNDO payloads may be missing; the others need one.
    std::optional<JsonNode> payload = node.find("payload");
    const bool needs_payload = m.type == MessageType::PlaceTile || m.type == MessageType::DeployMeeple ||
                               m.type == MessageType::PlaceToken || m.type == MessageType::ReturnMeeple ||
                               m.type == MessageType::MoveNeutralFigure;
    if (!payload && needs_payload) payload = node.at("payload");  // throws "missing"
    if (payload) {
        payload->object();
        if (auto r = payload->find("random")) {
            const double v = r->number();
            if (!(v >= 0.0 && v < 1.0)) r->fail("random must lie in [0, 1), got " + r->json().dump());
            m.random = v;
        }
        if (auto salt = payload->find("salt")) m.salt = read_java_long(*salt);
    }
    switch (m.type) {
        case MessageType::PlaceTile: {
            PlaceTile t;
            t.tile_id = payload->at("tileId").id();
            t.rotation = with_path(payload->at("rotation"), [](const std::string& s) { return parse_rotation(s); });
            t.position = read_position(payload->at("position"));
            m.payload = t;
            break;
        }
        case MessageType::DeployMeeple: {
            DeployMeeple d = read_deploy_pointer(payload->at("pointer"));
            d.meeple_id = payload->at("meepleId").id();
            m.payload = d;
            break;
        }
        case MessageType::PlaceToken: {
            PlaceToken t;
            read_token(payload->at("token"), t);
            t.pointer = read_tile_pointer(payload->at("pointer"));
            m.payload = t;
            break;
        }
        case MessageType::ReturnMeeple: {
            ReturnMeeple r = read_meeple_pointer(payload->at("pointer"));
            r.source = payload->at("source").id();
            m.payload = r;
            break;
        }
        case MessageType::MoveNeutralFigure: {
            MoveNeutralFigure n;
            n.figure_id = payload->at("figureId").id();
            read_neutral_target(payload->at("to"), n);
            m.payload = n;
            break;
        }
        case MessageType::Pass: m.payload = Pass{}; break;
        case MessageType::Commit: m.payload = Commit{}; break;
        case MessageType::Undo: m.payload = Undo{}; break;
        case MessageType::Decision: break;  // read above
    }
    return m;
}

// A rules object: scalar values only (setup.rules, gameAnnotations.rules).
Json read_rules(const JsonNode& node) {
    node.check_id_keys();
    for (const auto& [id, value] : node.object().items()) {
        if (!value.is_primitive() || value.is_null())
            JsonNode(value, node.path() + "." + id).fail("expected a string, number or boolean, got " + JsonNode::type_name(value));
    }
    return node.object();
}

Setup read_setup(const JsonNode& node) {
    Setup s;
    const JsonNode sets = node.at("sets");
    sets.check_id_keys();
    for (const auto& [id, value] : sets.object().items()) {
        JsonNode v(value, sets.path() + "." + id);
        s.sets.emplace_back(id, v.integer_in(0, 1000));
    }
    if (s.sets.empty()) sets.fail("no tile set selected");
    if (auto e = node.find("elements")) {
        e->check_id_keys();
        s.elements = e->object();
        if (auto sf = e->find("small-follower")) sf->integer_in(0, 1000);
    }
    if (auto r = node.find("rules")) s.rules = read_rules(*r);
    const JsonNode start = node.at("start");
    for (size_t i = 0; i < start.size(); ++i) {
        const JsonNode st = start[i];
        StartTile t;
        t.tile = st.at("tile").id();
        t.position = {static_cast<int16_t>(st.at("x").integer_in(INT16_MIN, INT16_MAX)),
                      static_cast<int16_t>(st.at("y").integer_in(INT16_MIN, INT16_MAX))};
        const JsonNode rot = st.at("rotation");
        const int64_t degrees = rot.integer();
        if (degrees != 0 && degrees != 90 && degrees != 180 && degrees != 270)
            rot.fail("rotation must be 0, 90, 180 or 270 degrees, got " + std::to_string(degrees));
        t.rotation = static_cast<int>(degrees / 90);
        s.start.push_back(t);
    }
    return s;
}

// A list of ids (drawOrder, a hand).
std::vector<std::string> read_ids(const JsonNode& node) {
    std::vector<std::string> out;
    for (size_t i = 0; i < node.size(); ++i) out.push_back(node[i].id());
    return out;
}

GameAnnotations read_annotations(const JsonNode& node) {
    GameAnnotations a;
    if (auto d = node.find("drawOrder")) a.draw_order = read_ids(*d);
    if (auto e = node.find("endTurn")) a.end_turn = e->integer_in(0, 1000000);
    if (auto h = node.find("halflingHands")) {
        a.halfling_hands.emplace();
        for (size_t i = 0; i < h->size(); ++i) a.halfling_hands->push_back(read_ids((*h)[i]));
    }
    if (auto r = node.find("rules")) a.rules = read_rules(*r);
    if (auto v = node.find("seatView")) a.seat_view = static_cast<int>(v->integer_in(-1, 1000));
    return a;
}

// 1-based line and column of a byte offset (the byte itself, 0-based).
std::pair<size_t, size_t> line_and_column(const std::string& text, size_t offset) {
    offset = std::min(offset, text.size());
    size_t line = 1, line_start = 0;
    for (size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    return {line, offset - line_start + 1};
}

// Before nlohmann sees the text: nesting and string lengths, in one pass
// that neither recurses nor allocates. A value nested 100,000 levels deep
// overflowed the stack while the ordered object holding it was copied
// (issue 11, finding 1); nothing in a saved game nests more than 6 levels.
// Malformed JSON is left for the parser to report.
void check_json_limits(const std::string& text, const std::string& source) {
    const auto fail = [&](size_t offset, const std::string& why) {
        const auto [line, column] = line_and_column(text, offset);
        throw HostError(ErrorCategory::BadInput,
                        source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + why);
    };
    size_t depth = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '"') {
            const size_t start = i;
            for (++i; i < text.size() && text[i] != '"'; ++i)
                if (text[i] == '\\') ++i;  // skips the escaped character
            const size_t length = std::min(i, text.size()) - start - 1;  // as written, escapes included
            if (length > limits::kMaxJsonStringBytes)
                fail(start, "string of " + std::to_string(length) + " bytes, longer than the limit of " +
                                std::to_string(limits::kMaxJsonStringBytes) + " bytes");
        } else if (c == '[' || c == '{') {
            if (++depth > limits::kMaxJsonDepth)
                fail(i, "arrays and objects nested deeper than " + std::to_string(limits::kMaxJsonDepth) +
                            " levels (the limit)");
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
}

Json parse_json(const std::string& text, const std::string& source) {
    check_json_limits(text, source);
    try {
        return Json::parse(text);
    } catch (const Json::parse_error& e) {
        // e.byte is 1-based: the byte at which the parser gave up.
        const size_t offset = e.byte == 0 ? 0 : e.byte - 1;
        const auto [line, column] = line_and_column(text, offset);
        // Keep nlohmann's reason, drop its own position prefix.
        std::string reason = e.what();
        if (auto colon = reason.find(": "); colon != std::string::npos) reason = reason.substr(colon + 2);
        throw HostError(ErrorCategory::BadInput, source + ":" + std::to_string(line) + ":" + std::to_string(column) +
                                                     ": malformed JSON: " + reason);
    }
}

}  // namespace

std::string_view message_type_name(MessageType t) {
    if (t == MessageType::Decision) return kDecisionType;
    for (const auto& e : kMessageTypes)
        if (e.type == t) return e.name;
    return "?";
}

std::string_view message_type_text(const ReplayMessage& m) {
    if (const auto* e = std::get_if<ExpansionMessage>(&m.payload)) return e->type;
    return message_type_name(m.type);
}

bool SavedGame::legacy_random() const {
    return initial_seed.has_value() ||
           std::any_of(replay.begin(), replay.end(), [](const ReplayMessage& m) { return m.salt.has_value(); });
}

bool Setup::element_enabled(const std::string& id) const {
    auto it = elements.find(id);
    if (it == elements.end() || it->is_null()) return false;
    if (it->is_boolean()) return it->get<bool>();
    if (it->is_number()) return it->get<double>() != 0.0;
    return true;
}

int Setup::small_followers() const {
    auto it = elements.find("small-follower");
    return it != elements.end() && it->is_number_integer() ? it->get<int>() : 0;
}

SavedGame parse_saved_game(const std::string& text, const std::string& source) {
    if (text.size() > limits::kMaxSavedGameBytes)
        throw HostError(ErrorCategory::BadInput, source + ": saved game is " + std::to_string(text.size()) +
                                                     " bytes, larger than the limit of " +
                                                     std::to_string(limits::kMaxSavedGameBytes) + " bytes (" +
                                                     format_byte_limit(limits::kMaxSavedGameBytes) + ")");
    const Json doc = parse_json(text, source);
    try {
        const JsonNode root(doc, "");
        root.object();
        if (doc.contains("slots"))
            root.fail("a JCloisterZone 4.x saved game (slots); only 5.x files are supported");
        SavedGame g;
        if (auto v = root.find("appVersion")) g.app_version = v->string();
        if (auto v = root.find("gameId")) g.game_id = v->string();
        if (auto v = root.find("name")) g.name = v->string();
        if (auto v = root.find("created")) g.created = v->string();
        if (auto v = root.find("clock")) g.clock = v->integer();
        if (auto legacy = root.find("initialSeed")) {
            // JCloisterZone 5.7: a Java long seeding a generator we do not reproduce.
            if (root.find("initialRandom")) legacy->fail("give initialRandom or initialSeed, not both");
            g.initial_seed = read_java_long(*legacy);
        } else {
            const JsonNode seed = root.at("initialRandom");
            g.initial_random = seed.number();
            if (!(g.initial_random >= 0.0 && g.initial_random < 1.0)) seed.fail("initialRandom must lie in [0, 1)");
        }
        g.setup = read_setup(root.at("setup"));
        const JsonNode players = root.at("players");
        for (size_t i = 0; i < players.size(); ++i) {
            const JsonNode p = players[i];
            PlayerEntry e;
            e.name = p.at("name").id();
            if (auto s = p.find("slot")) e.slot = s->integer_in(0, 1000);
            if (auto c = p.find("clientId")) e.client_id = c->id();
            g.players.push_back(std::move(e));
        }
        if (g.players.empty()) players.fail("a game needs at least one player");
        const JsonNode replay = root.at("replay");
        if (replay.size() > limits::kMaxReplayMessages)
            replay.fail(std::to_string(replay.size()) + " messages, more than the limit of " +
                        std::to_string(limits::kMaxReplayMessages));
        for (size_t i = 0; i < replay.size(); ++i) g.replay.push_back(read_message(replay[i]));
        if (auto a = root.find("gameAnnotations")) g.annotations = read_annotations(*a);
        if (auto t = root.find("test")) {
            TestSpec spec;
            if (auto d = t->find("description")) spec.description = d->string();
            if (auto as = t->find("assertions")) {
                for (size_t i = 0; i < as->size(); ++i)
                    spec.assertions.push_back((*as)[i].string(limits::kMaxAssertionBytes, "assertion"));
            }
            g.test = std::move(spec);
        }
        return g;
    } catch (const HostError& e) {
        throw HostError(e.category(), source + ": " + e.what());
    }
}

SavedGame load_saved_game(const std::string& path) {
    // A regular file of at most kMaxSavedGameBytes: /dev/zero, a FIFO or a
    // directory is refused before anything is read.
    return parse_saved_game(read_input_file(path, "saved game", limits::kMaxSavedGameBytes), path);
}

// ---------------------------------------------------------------- writer

namespace {

Json position_json(Position p) { return Json::array({p.x, p.y}); }

// A tile: [x, y], or {position, corner} for a triangle.
Json tile_pointer_json(TileRef at) {
    if (at.corner == Corner::None) return position_json(at.pos);
    return {{"position", position_json(at.pos)}, {"corner", std::string(corner_name(at.corner))}};
}

Json feature_pointer_json(const FeaturePointer& p) {
    Json fp = Json::object();  // the key order of JCZ's FeaturePointer serializer
    fp["position"] = position_json(p.at.pos);
    fp["location"] = format_location(p.location);
    fp["feature"] = std::string(feature_kind_name(p.kind));
    if (p.at.corner != Corner::None) fp["corner"] = std::string(corner_name(p.at.corner));
    return fp;
}

}  // namespace

Json message_payload(const ReplayMessage& m) {
    Json payload = Json::object();
    std::visit(
        [&](const auto& p) {
            using T = std::decay_t<decltype(p)>;
            if constexpr (std::is_same_v<T, PlaceTile>) {
                payload["tileId"] = p.tile_id;
                payload["rotation"] = std::string(rotation_name(p.rotation));
                payload["position"] = position_json(p.position);
            } else if constexpr (std::is_same_v<T, DeployMeeple>) {
                Json ptr = Json::object();
                ptr["position"] = position_json(p.pointer.at.pos);
                if (p.feature_given) ptr["feature"] = std::string(feature_kind_name(p.pointer.kind));
                ptr["location"] = format_location(p.pointer.location);
                if (p.pointer.at.corner != Corner::None) ptr["corner"] = std::string(corner_name(p.pointer.at.corner));
                payload["pointer"] = ptr;
                payload["meepleId"] = p.meeple_id;
            } else if constexpr (std::is_same_v<T, ReturnMeeple>) {
                payload["pointer"] = {{"featurePointer", feature_pointer_json(p.pointer)}, {"meepleId", p.meeple_id}};
                payload["source"] = p.source;
            } else if constexpr (std::is_same_v<T, MoveNeutralFigure>) {
                payload["figureId"] = p.figure_id;
                if (!p.pointer)
                    payload["to"] = tile_pointer_json(p.at);
                else if (p.meeple_id.empty())
                    payload["to"] = feature_pointer_json(*p.pointer);
                else
                    payload["to"] = {{"featurePointer", feature_pointer_json(*p.pointer)}, {"meepleId", p.meeple_id}};
            } else if constexpr (std::is_same_v<T, PlaceToken>) {
                payload["token"] = p.token;  // the bare name, as the client sends it
                payload["pointer"] = tile_pointer_json(p.pointer);
            } else if constexpr (std::is_same_v<T, ExpansionMessage>) {
                payload = p.payload;
            }
        },
        m.payload);
    if (m.random) payload["random"] = *m.random;
    if (m.salt) payload["salt"] = *m.salt;
    return payload;
}

Json replay_message_to_json(const ReplayMessage& m) {
    Json e = {{"type", std::string(message_type_text(m))}, {"payload", message_payload(m)}};
    if (m.player) e["player"] = *m.player;
    if (m.clock) e["clock"] = *m.clock;
    return e;
}

Json saved_game_to_json(const SavedGame& g) {
    Json doc = Json::object();
    doc["appVersion"] = g.app_version;
    doc["gameId"] = g.game_id;
    doc["name"] = g.name;
    if (g.initial_seed)
        doc["initialSeed"] = *g.initial_seed;  // a legacy file stays legacy
    else
        doc["initialRandom"] = g.initial_random;
    if (!g.created.empty()) doc["created"] = g.created;
    doc["clock"] = g.clock;

    Json setup = Json::object();
    Json sets = Json::object();
    for (const auto& [id, n] : g.setup.sets) sets[id] = n;
    setup["sets"] = sets;
    setup["elements"] = g.setup.elements;
    setup["rules"] = g.setup.rules;
    Json start = Json::array();
    for (const auto& s : g.setup.start)
        start.push_back({{"tile", s.tile}, {"x", s.position.x}, {"y", s.position.y}, {"rotation", 90 * (s.rotation & 3)}});
    setup["start"] = start;
    doc["setup"] = setup;

    Json players = Json::array();
    for (const auto& p : g.players) {
        Json e = {{"name", p.name}};
        if (p.slot) e["slot"] = *p.slot;
        if (p.client_id) e["clientId"] = *p.client_id;
        players.push_back(e);
    }
    doc["players"] = players;

    Json replay = Json::array();
    for (const auto& m : g.replay) replay.push_back(replay_message_to_json(m));
    doc["replay"] = replay;

    if (!g.annotations.empty()) {
        Json a = Json::object();
        if (g.annotations.draw_order) a["drawOrder"] = *g.annotations.draw_order;
        if (g.annotations.end_turn) a["endTurn"] = *g.annotations.end_turn;
        if (g.annotations.halfling_hands) a["halflingHands"] = *g.annotations.halfling_hands;
        if (!g.annotations.rules.empty()) a["rules"] = g.annotations.rules;
        if (g.annotations.seat_view) a["seatView"] = *g.annotations.seat_view;
        doc["gameAnnotations"] = a;
    }
    if (g.test) doc["test"] = {{"description", g.test->description}, {"assertions", g.test->assertions}};
    return doc;
}

std::string write_saved_game(const SavedGame& game) { return saved_game_to_json(game).dump(2) + "\n"; }

void store_saved_game(const SavedGame& game, const std::string& path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw HostError(ErrorCategory::Io, path + ": cannot write saved game");
    out << write_saved_game(game);
    out.flush();
    if (!out) throw HostError(ErrorCategory::Io, path + ": write error");
}

}  // namespace ck::host::jcz

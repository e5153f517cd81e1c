// `cloisterkit play`: one game between computer players on the reference
// host, printed turn by turn (or as JSON), optionally saved as .jcz.
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "command.hpp"
#include "core/errors.hpp"
#include "core/location_names.hpp"
#include "runs/game_options.hpp"
#include "jcz/save_game.hpp"
#include "render/move_text.hpp"
#include "render/score_breakdown.hpp"
#include "render/timeline.hpp"
#include "render_output.hpp"

namespace {

using namespace ck::host;
using ck::cli::GameEnvironment;
using ck::cli::GameOptions;

constexpr const char* kUsage =
    "usage: cloisterkit play [options]\n"
    "\n"
    "Plays one game of Carcassonne between computer players on the reference\n"
    "host (base game plus the expansions asked for) and prints every turn:\n"
    "tile, position, rotation, figure or expansion action, and scoring, then\n"
    "the final scores.\n"
    "\n"
    "options:\n";
constexpr const char* kPlayOnlyHelp =
    "  --save FILE.jcz        save the game as a JCloisterZone saved game; when a\n"
    "                         plugin fails, the game before the failing turn\n"
    "  --save-assertions      with --save: record the final scores as the save's\n"
    "                         test assertions, which `replay` then checks\n"
    "  --show-hands           print every player's hand at the start (hands are\n"
    "                         private: otherwise they are shown only at the end)\n"
    "  --help                 show this text\n"
    "\n"
    "Exit status: 0 the game was played, 2 bad options or an error.\n";

void print_usage(std::FILE* out) {
    std::fprintf(out, "%s%s%s%s", kUsage, ck::cli::kGameOptionsHelp, ck::cli::kRenderOptionsHelp, kPlayOnlyHelp);
}

// Prints what happened since the last call: moves and score entries.
class TurnPrinter {
public:
    // `token_names`: the expansions' words for their token kinds ("TB_WINE" is "wine").
    TurnPrinter(const Game& game, const std::vector<std::string>& types, bool show_hands,
                std::map<std::string, std::string> token_names)
        : game_(game), types_(types), show_hands_(show_hands), token_names_(std::move(token_names)) {
        for (size_t p = 0; p < game.player_count(); ++p) tokens_.push_back(game.player(static_cast<uint8_t>(p)).tokens);
    }

    // Hands are private (HF-13): shown at the start only with --show-hands.
    void print_hands(const char* title, bool dealt) const {
        bool any = false;
        for (const auto& h : game_.dealt_hands()) any = any || !h.empty();
        if (!any) return;
        std::printf("%s\n", title);
        for (size_t p = 0; p < game_.player_count(); ++p) {
            const auto& hand = dealt ? game_.dealt_hands()[p] : game_.player(static_cast<uint8_t>(p)).hand;
            std::printf("  %-8s %s\n", name(static_cast<uint8_t>(p)).c_str(), tile_list(hand).c_str());
        }
    }
    bool show_hands() const { return show_hands_; }

    void print_new() {
        const auto& moves = game_.moves();
        for (; move_ < moves.size(); ++move_) print_move(moves[move_]);
        const auto& log = game_.score_log();
        for (; entry_ < log.size(); ++entry_) {
            const ScoreEntry& e = log[entry_];
            // With its breakdown; an entry of no points says why.
            const std::string formula = ck::host::render::score_formula(game_, e);
            const std::string why = formula.empty() ? "" : (e.points == 0 ? ": " : " = ") + formula;
            std::printf("        %s%s %+d %s%s\n", e.final_scoring ? "final: " : "", name(e.player).c_str(), e.points,
                        e.name.c_str(), why.c_str());
        }
        for (; discarded_ < game_.discarded_tiles().size(); ++discarded_)
            std::printf("        %s fits nowhere: set aside\n", game_.tile_def(game_.discarded_tiles()[discarded_]).id.c_str());
        print_tokens_taken();
    }

private:
    std::string name(uint8_t p) const { return game_.player(p).name; }

    // Tokens a player gained since the last call (a city's goods, taken by
    // whoever completed it): "Bob takes 1 wine".
    void print_tokens_taken() {
        for (size_t p = 0; p < game_.player_count(); ++p) {
            const auto& now = game_.player(static_cast<uint8_t>(p)).tokens;
            for (const auto& [kind, count] : now) {
                int before = 0;
                for (const auto& [k, n] : tokens_[p])
                    if (k == kind) before = n;
                if (count <= before) continue;
                const auto word = token_names_.find(kind);
                std::printf("        %s takes %d %s\n", name(static_cast<uint8_t>(p)).c_str(), count - before,
                            word == token_names_.end() ? kind.c_str() : word->second.c_str());
            }
            tokens_[p] = now;
        }
    }
    std::string tile_list(const std::vector<TileTypeId>& tiles) const {
        std::string out;
        for (TileTypeId t : tiles) out += (out.empty() ? "" : " ") + game_.tile_def(t).id;
        return out.empty() ? "(none)" : out;
    }

    void print_move(const Move& m) {
        switch (m.type) {
            case MoveType::PlaceTile: {
                // A second tile in one turn (a builder's): the turn number again, said so.
                const bool again = last_tile_turn_ == m.turn;
                last_tile_turn_ = m.turn;
                std::printf("turn %-3u %-6s (%s) %-10s at %-10s R%d%s%s\n", m.turn, name(m.player).c_str(),
                            types_[m.player].c_str(), game_.tile_def(m.tile).id.c_str(),
                            format_tile_ref(m.placement.at).c_str(), m.placement.rotation * 90,
                            m.from_hand ? "  from hand" : "", again ? "  second tile of the turn" : "");
                break;
            }
            case MoveType::DeployMeeple:
            case MoveType::ReturnFigure:
                std::printf("        meeple %s %s %s %s\n", game_.meeple_text(m.meeple).c_str(),
                            m.type == MoveType::DeployMeeple ? "on" : "taken back from",
                            std::string(feature_kind_name(m.pointer.kind)).c_str(),
                            format_location(m.pointer.location).c_str());
                break;
            case MoveType::PlaceToken:
                // Where it went comes from the option itself, not from the
                // plugin's free-text label.
                std::printf("        %s %s on %s%s%s\n", m.option.action.c_str(), m.option.token_kind.c_str(),
                            format_tile_ref(m.option.at).c_str(), m.option.label.empty() ? "" : ": ",
                            m.option.label.c_str());
                break;
            case MoveType::MoveNeutralFigure:
                std::printf("        %s moves %s to %s\n", name(m.player).c_str(),
                            game_.neutral_figure_kinds()[m.neutral_figure].label.c_str(),
                            format_tile_ref(m.target.at).c_str());
                break;
            case MoveType::Decision:
                std::printf("        %s\n", render::move_text(game_, m).c_str());
                break;
            case MoveType::Pass:
            case MoveType::Commit: break;
        }
    }

    const Game& game_;
    const std::vector<std::string>& types_;
    bool show_hands_ = false;
    std::map<std::string, std::string> token_names_;
    std::vector<std::vector<std::pair<std::string, int>>> tokens_;  // each player's, as last printed
    std::optional<uint32_t> last_tile_turn_;
    size_t move_ = 0, entry_ = 0, discarded_ = 0;
};

// Every tile, figure and token placed, in order: a triangle with its corner
// (halflings-geometry.md, "Saved games and scenarios").
// A tile's place: {position: [x, y]} and, for a triangle, its corner.
nlohmann::ordered_json at(TileRef r) {
    nlohmann::ordered_json j{{"position", {r.pos.x, r.pos.y}}};
    if (r.corner != Corner::None) j["corner"] = std::string(corner_name(r.corner));
    return j;
}

nlohmann::ordered_json moves_json(const Game& game) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const Move& m : game.moves()) {
        nlohmann::ordered_json j{{"turn", m.turn}, {"player", m.player}};
        switch (m.type) {
            case MoveType::PlaceTile:
                j["type"] = "tile";
                j["tile"] = game.tile_def(m.tile).id;
                j["at"] = at(m.placement.at);
                j["rotation"] = m.placement.rotation * 90;
                j["from_hand"] = m.from_hand;
                break;
            case MoveType::DeployMeeple:
            case MoveType::ReturnFigure:
                j["type"] = m.type == MoveType::DeployMeeple ? "meeple" : "return";
                j["meeple"] = game.meeple_text(m.meeple);
                j["at"] = at(m.pointer.at);
                j["feature"] = std::string(feature_kind_name(m.pointer.kind));
                j["location"] = format_location(m.pointer.location);
                break;
            case MoveType::PlaceToken:
                if (!m.option.neutral_figure.empty() || !m.option.return_source.empty()) {
                    j["type"] = "action";
                    j["action"] = m.option.action;
                    j["at"] = at(m.option.at);
                    j["location"] = format_location(m.option.location);
                    break;
                }
                j["type"] = "token";
                j["token"] = m.option.token_kind;
                j["at"] = at(m.option.at);
                break;
            case MoveType::MoveNeutralFigure:
                j["type"] = "move";
                j["figure"] = game.neutral_figure_kinds()[m.neutral_figure].name;
                j["at"] = at(m.target.at);
                break;
            case MoveType::Decision:
                j["type"] = "decision";
                j["key"] = m.decision_key;
                if (m.decision_index) {
                    j["option"] = *m.decision_index;
                    j["label"] = m.decision_option.label;
                    if (m.decision_option.target != DecisionTarget::None &&
                        m.decision_option.target != DecisionTarget::Figure)
                        j["at"] = at(m.decision_option.at);
                } else {
                    j["passed"] = true;
                }
                break;
            case MoveType::Pass:
            case MoveType::Commit: continue;
        }
        out.push_back(std::move(j));
    }
    return out;
}

nlohmann::ordered_json game_json(const Game& game, uint64_t seed, const GameEnvironment& env) {
    nlohmann::ordered_json j;
    j["seed"] = seed;
    j["turns"] = game.turn_number();
    j["expansions"] = env.expansion_ids();
    j["player_types"] = env.player_types();
    nlohmann::ordered_json scores = nlohmann::ordered_json::array();
    for (const auto& p : game.players()) scores.push_back({{"name", p.name}, {"points", p.score}});
    j["scores"] = scores;
    nlohmann::ordered_json log = nlohmann::ordered_json::array();
    std::vector<TileRef> parts;
    for (const auto& e : game.score_log()) {
        log.push_back({{"turn", e.turn}, {"player", e.player}, {"points", e.points}, {"name", e.name},
                       {"final", e.final_scoring}, {"breakdown", ck::host::render::score_breakdown(game, e)}});
        if (e.counts) {
            log.back()["counts"] = {{"base_points", e.counts->base_points}, {"spaces", e.counts->spaces},
                                    {"tiles", e.counts->tiles}, {"pennants", e.counts->pennants}};
            // The feature's tiles as the scoring hooks got them (ScoredFeature.parts).
            game.feature_parts(e.counts->feature, parts);
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const TileRef& r : parts) list.push_back(at(r));
            log.back()["parts"] = list;
        }
    }
    j["score_entries"] = log;
    j["tiles_placed"] = game.placed_tiles().size();
    j["moves"] = moves_json(game);
    // Hands are private during the game; this is written after it ended.
    bool any_hand = false;
    for (const auto& h : game.dealt_hands()) any_hand = any_hand || !h.empty();
    if (any_hand) {
        const auto ids = [&](const std::vector<TileTypeId>& tiles) {
            std::vector<std::string> out;
            for (TileTypeId t : tiles) out.push_back(game.tile_def(t).id);
            return out;
        };
        nlohmann::ordered_json hands = nlohmann::ordered_json::array();
        for (size_t p = 0; p < game.player_count(); ++p)
            hands.push_back({{"dealt", ids(game.dealt_hands()[p])},
                             {"unplayed", ids(game.player(static_cast<uint8_t>(p)).hand)}});
        j["hands"] = hands;
    }
    j["tiles_set_aside"] = game.discarded_tiles().size();
    if (!game.game_end_reason().empty()) j["game_end_reason"] = game.game_end_reason();
    return j;
}

int run_play(const std::vector<std::string>& args) {
    GameOptions options;
    std::string save_path;
    bool show_hands = false, save_assertions = false;
    ck::cli::RenderOutputs pictures;
    try {
        for (size_t i = 0; i < args.size(); ++i) {
            if (args[i] == "--help" || args[i] == "-h") {
                print_usage(stdout);
                return 0;
            }
            if (ck::cli::parse_game_option(args, i, options)) continue;
            if (ck::cli::parse_render_option(args, i, pictures)) continue;
            if (args[i] == "--show-hands") {
                show_hands = true;
                continue;
            }
            if (args[i] == "--save-assertions") {
                save_assertions = true;
                continue;
            }
            if (args[i] == "--save") {
                if (i + 1 >= args.size()) throw HostError("--save needs a file name");
                save_path = args[++i];
                // Checked before the game is played, not after.
                if (save_path.empty()) throw HostError("--save: empty file name");
                std::error_code ec;
                if (std::filesystem::is_directory(save_path, ec))
                    throw HostError("--save " + save_path + ": is a directory, not a file name");
                const std::filesystem::path parent = std::filesystem::path(save_path).parent_path();
                if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
                    throw HostError("--save " + save_path + ": directory " + parent.string() + " does not exist");
                continue;
            }
            throw HostError("unknown option '" + args[i] + "'");
        }
        if (save_assertions && save_path.empty()) throw HostError("--save-assertions needs --save FILE.jcz");
    } catch (const HostError& e) {
        std::fprintf(stderr, "cloisterkit play: %s\n\n", e.what());
        print_usage(stderr);
        return 2;
    }

    const uint64_t seed = options.seed ? *options.seed : ck::cli::fresh_seed();
    const GameEnvironment env(options);
    const auto hooks = env.make_hooks();
    const GameSetup setup = env.setup(seed, hooks.get());
    Game game(setup, env.prepared());
    const auto agents = env.make_agents(seed);

    TurnPrinter printer(game, env.player_types(), show_hands, env.token_names());
    if (!options.json) {
        std::printf("cloisterkit play: %d players, seed %llu, expansions: ", options.players,
                    static_cast<unsigned long long>(seed));
        if (env.expansion_ids().empty()) std::printf("none");
        for (size_t i = 0; i < env.expansion_ids().size(); ++i)
            std::printf("%s%s", i ? ", " : "", env.expansion_ids()[i].c_str());
        std::printf("\n");
        if (printer.show_hands()) printer.print_hands("hands dealt:", true);
        printer.print_new();
    }
    ck::host::render::Timeline timeline;  // for --svg and --html: the board after every turn
    if (pictures.any()) timeline.capture(game);
    // With --save, the game as it was before each turn: a turn that fails
    // (a plugin's error) leaves the save of every turn before it, to replay
    // into the failing call (docs/writing-an-expansion.md, "Debugging").
    std::optional<Game> before_turn;
    while (!game.is_over()) {
        if (!save_path.empty()) before_turn = game;
        try {
            play_turn(game, agents);
        } catch (const HostError& e) {
            if (!before_turn) throw;
            ck::host::jcz::save_game(setup, *before_turn, save_path);
            throw HostError(e.category(), std::string(e.what()) + "\nthe game before turn " +
                                              std::to_string(before_turn->turn_number()) + " is saved in " + save_path +
                                              " (cloisterkit replay " + save_path + "); its next turn makes the failing call");
        }
        if (!options.json) printer.print_new();
        if (pictures.any()) timeline.capture(game);
    }
    if (pictures.any()) {
        timeline.finish(game);
        std::string title = std::to_string(options.players) + " players, seed " + std::to_string(seed);
        for (size_t i = 0; i < env.expansion_ids().size(); ++i) {
            std::string id = env.expansion_ids()[i];
            if (id.rfind("cloisterkit.", 0) == 0) id.erase(0, 12);
            title += (i ? ", " : ", with ") + id;
        }
        ck::cli::write_render_outputs(pictures, game, timeline, timeline.size() - 1, "cloisterkit play: " + title);
    }
    if (!save_path.empty()) {
        ck::host::jcz::SaveOptions save;
        if (save_assertions)
            save.test = ck::host::jcz::final_score_assertions(game, "final scores of cloisterkit play, seed " + std::to_string(seed));
        ck::host::jcz::save_game(setup, game, save_path, save);
        // Options JCloisterZone ignores and that change the game there.
        for (const auto& w : ck::host::jcz::jcz_save_warnings(setup, game))
            std::fprintf(stderr, "cloisterkit play: warning: %s: %s\n", save_path.c_str(), w.c_str());
    }
    if (options.json) {
        auto j = game_json(game, seed, env);
        if (!save_path.empty()) j["saved"] = save_path;
        if (!pictures.svg.empty()) j["svg"] = pictures.svg;
        if (!pictures.html.empty()) j["html"] = pictures.html;
        std::printf("%s\n", j.dump(2).c_str());
    } else {
        printer.print_hands("hands dealt:", true);
        printer.print_hands("tiles left in hand at the end (unplayed, lost):", false);
        std::printf("final scores after %u turns:\n", game.turn_number());
        for (const auto& p : game.players()) std::printf("  %-8s %d\n", p.name.c_str(), p.score);
        if (!game.game_end_reason().empty()) std::printf("game ended early: %s\n", game.game_end_reason().c_str());
        if (!save_path.empty()) std::printf("saved to %s\n", save_path.c_str());
        if (!pictures.svg.empty()) std::printf("board drawn in %s\n", pictures.svg.c_str());
        if (!pictures.html.empty()) std::printf("turn-by-turn page in %s\n", pictures.html.c_str());
    }
    return 0;
}

}  // namespace

CK_REGISTER_COMMAND("play", "play one game between computer players and print it", run_play);

// Pictures of a board (host/render, docs/rendering.md), checked by their
// structure: whole games with Halflings and Little Buildings (the shipped
// module, through the C ABI) drawn after every turn, and the SVG read back:
// one tile shape per placed tile in placement order, triangles with three
// corners in their half, a hatched gap beside every lone triangle, one
// marker per follower and per building, the score table against the game,
// and the same bytes for the same game. Then the points breakdown, the page,
// and the commands (render, play --svg/--html, replay --svg).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/location_names.hpp"
#include "core/players.hpp"
#include "hf_game.hpp"
#include "jcz/replayer.hpp"
#include "render/html_page.hpp"
#include "render/score_breakdown.hpp"
#include "render/svg_writer.hpp"
#include "render/timeline.hpp"
#include "run_cli.hpp"

namespace ck::host::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using render::Frame;
using render::Timeline;

// A whole random game with both expansions, its frames captured after every
// turn as `cloisterkit play` does.
struct Played {
    std::unique_ptr<PluginHooks> hooks;
    GameSetup setup;
    std::unique_ptr<Game> game;
    Timeline timeline;
};

std::unique_ptr<Played> play_game(uint64_t seed, int players) {
    auto p = std::make_unique<Played>();
    p->hooks = hf_hooks(true);
    p->setup = hf_setup(*p->hooks, {}, {}, players);
    p->setup.seed = seed;
    p->game = std::make_unique<Game>(p->setup);
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    for (int i = 0; i < players; ++i) agents.push_back(make_player("random", seed * 10 + static_cast<uint64_t>(i)));
    p->timeline.capture(*p->game);
    while (!p->game->is_over()) {
        play_turn(*p->game, *agents.at(p->game->active_player()));
        p->timeline.capture(*p->game);
    }
    p->timeline.finish(*p->game);
    return p;
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t i = text.find(what); i != std::string::npos; i = text.find(what, i + what.size())) ++n;
    return n;
}

std::vector<std::smatch> all(const std::string& text, const std::regex& re) {
    std::vector<std::smatch> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
        out.push_back(*it);
    return out;
}

// "x,y x,y ..." as pairs.
std::vector<std::pair<double, double>> points_of(const std::string& attr) {
    std::vector<std::pair<double, double>> out;
    std::istringstream in(attr);
    std::string pair;
    while (in >> pair) {
        const size_t comma = pair.find(',');
        out.push_back({std::stod(pair.substr(0, comma)), std::stod(pair.substr(comma + 1))});
    }
    return out;
}

const std::regex kTileRe(R"re(<g class="tile" data-tile="([^"]+)" data-x="(-?\d+)" data-y="(-?\d+)"(?: data-corner="(\w+)")?[^>]*><polygon class="tile-shape" points="([^"]+)"/>)re");

// The space corners of a triangle at `corner`, in pixels of a 64-pixel space.
std::vector<std::pair<double, double>> triangle_corners(const std::string& corner) {
    const std::map<std::string, std::vector<std::pair<double, double>>> k{
        {"NE", {{0, 0}, {64, 0}, {64, 64}}},
        {"SE", {{64, 0}, {64, 64}, {0, 64}}},
        {"SW", {{64, 64}, {0, 64}, {0, 0}}},
        {"NW", {{0, 64}, {0, 0}, {64, 0}}}};
    return k.at(corner);
}

class RenderGames : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        for (uint64_t seed : {7u, 21u})
            for (int players : {2, 3}) games_.push_back(play_game(seed, players));
    }
    static void TearDownTestSuite() { games_.clear(); }
    static std::vector<std::unique_ptr<Played>> games_;
};
std::vector<std::unique_ptr<Played>> RenderGames::games_;

TEST_F(RenderGames, TheGamesHaveTrianglesGapsFollowersAndBuildings) {
    size_t triangles = 0, tokens = 0;
    for (const auto& p : games_) {
        for (const PlacedTile& t : p->game->placed_tiles()) triangles += t.at.corner != Corner::None;
        tokens += p->game->tokens().size();
    }
    EXPECT_GT(triangles, 10u);
    EXPECT_GT(tokens, 10u);
}

TEST_F(RenderGames, OneTileShapePerPlacedTileInPlacementOrder) {
    for (const auto& p : games_) {
        const Game& g = *p->game;
        const std::string svg = render::frame_svg(g, p->timeline, p->timeline.size() - 1);
        const auto tiles = all(svg, kTileRe);
        ASSERT_EQ(tiles.size(), g.placed_tiles().size());
        EXPECT_EQ(count(svg, "class=\"tile-shape\""), static_cast<int>(g.placed_tiles().size()));
        for (size_t i = 0; i < tiles.size(); ++i) {
            const PlacedTile& t = g.placed_tiles()[i];
            SCOPED_TRACE("tile " + std::to_string(i) + " " + format_tile_ref(t.at));
            EXPECT_EQ(tiles[i][1].str(), g.tile_def(t.type).id);
            EXPECT_EQ(std::stoi(tiles[i][2].str()), t.at.pos.x);
            EXPECT_EQ(std::stoi(tiles[i][3].str()), t.at.pos.y);
            const auto corners = points_of(tiles[i][5].str());
            if (t.at.corner == Corner::None) {
                EXPECT_FALSE(tiles[i][4].matched);
                EXPECT_EQ(corners.size(), 4u);
            } else {
                // A triangle: three corners, exactly the half of its space at its corner.
                EXPECT_EQ(tiles[i][4].str(), corner_name(t.at.corner));
                EXPECT_EQ(corners, triangle_corners(std::string(corner_name(t.at.corner))));
            }
        }
    }
}

TEST_F(RenderGames, HatchedGapBesideEveryLoneTriangle) {
    for (const auto& p : games_) {
        const Game& g = *p->game;
        // Spaces holding one triangle at the end, with the free corner.
        std::map<std::pair<int, int>, std::vector<Corner>> spaces;
        for (const PlacedTile& t : g.placed_tiles())
            if (t.at.corner != Corner::None) spaces[{t.at.pos.x, t.at.pos.y}].push_back(t.at.corner);
        std::map<std::pair<int, int>, std::string> lone;
        for (const auto& [pos, corners] : spaces)
            if (corners.size() == 1) lone[pos] = std::string(corner_name(complement(corners[0])));
        const std::string svg = render::frame_svg(g, p->timeline, p->timeline.size() - 1);
        const auto gaps = all(svg, std::regex(R"re(<polygon class="gap" data-x="(-?\d+)" data-y="(-?\d+)"[^>]* points="([^"]+)"/>)re"));
        ASSERT_EQ(gaps.size(), lone.size());
        for (const auto& m : gaps) {
            const std::pair<int, int> pos{std::stoi(m[1].str()), std::stoi(m[2].str())};
            ASSERT_TRUE(lone.count(pos)) << pos.first << "," << pos.second;
            EXPECT_EQ(points_of(m[3].str()), triangle_corners(lone[pos]));
        }
    }
}

TEST_F(RenderGames, OneMarkerPerFollowerAndPerBuildingInEveryFrame) {
    for (const auto& p : games_) {
        const Game& g = *p->game;
        for (size_t k = 0; k < p->timeline.size(); k += 7) {
            const Frame& f = p->timeline.frame(k);
            const std::string svg = render::frame_svg(g, p->timeline, k);
            SCOPED_TRACE("frame " + std::to_string(k));
            EXPECT_EQ(count(svg, "class=\"tile-shape\""), static_cast<int>(f.tiles));
            EXPECT_EQ(count(svg, "<g class=\"meeple\""), static_cast<int>(f.figures.size()));
            EXPECT_EQ(count(svg, "<g class=\"building\""), static_cast<int>(f.tokens.size()));
            for (uint8_t player = 0; player < g.player_count(); ++player) {
                int followers = 0;
                for (const PlacedFigure& fig : f.figures) followers += fig.meeple.player == player;
                EXPECT_EQ(count(svg, "<g class=\"meeple\" data-player=\"" + std::to_string(player) + "\""), followers);
            }
            for (const std::string& kind : kBuildingKinds) {
                int n = 0;
                for (const PlacedToken& t : f.tokens) n += t.kind == kind;
                EXPECT_EQ(count(svg, "<g class=\"building\" data-kind=\"" + kind + "\""), n);
            }
            // The tile placed in a turn is outlined, and only that one.
            EXPECT_EQ(count(svg, "<polygon class=\"last-placed\""),
                      f.kind == Frame::Kind::Turn ? static_cast<int>(f.tiles - p->timeline.tiles_begin(k)) : 0);
        }
        // The final board has the followers still standing at the end.
        const std::string last = render::frame_svg(g, p->timeline, p->timeline.size() - 1);
        EXPECT_EQ(count(last, "<g class=\"meeple\""), static_cast<int>(g.figures().size()));
        EXPECT_EQ(count(last, "<g class=\"building\""), static_cast<int>(g.tokens().size()));
    }
}

TEST_F(RenderGames, ScoreTableMatchesTheScores) {
    const std::regex row(R"re(<g class="score-row" data-player="(\d+)" data-points="(-?\d+)">)re");
    for (const auto& p : games_) {
        const Game& g = *p->game;
        const Timeline& tl = p->timeline;
        ASSERT_EQ(tl.frame(tl.size() - 1).kind, Frame::Kind::Final);
        for (size_t k : {size_t{0}, tl.size() / 2, tl.size() - 2, tl.size() - 1}) {
            // The matches point into the text: keep it alive while they are read.
            const std::string svg = render::frame_svg(g, tl, k);
            const auto rows = all(svg, row);
            const std::vector<int> expected = tl.scores(g, k);
            ASSERT_EQ(rows.size(), g.player_count());
            for (size_t i = 0; i < rows.size(); ++i) {
                EXPECT_EQ(std::stoul(rows[i][1].str()), i);
                EXPECT_EQ(std::stoi(rows[i][2].str()), expected[i]) << "frame " << k << " player " << i;
            }
        }
        for (uint8_t i = 0; i < g.player_count(); ++i) EXPECT_EQ(tl.scores(g, tl.size() - 1)[i], g.score(i));
    }
}

TEST_F(RenderGames, FramesAreTheStartEveryTurnAndTheFinalScoring) {
    for (const auto& p : games_) {
        const Timeline& tl = p->timeline;
        EXPECT_EQ(tl.frame(0).kind, Frame::Kind::Start);
        EXPECT_EQ(tl.frame(0).tiles, 1u);  // the start tile
        EXPECT_EQ(tl.last_turn(), p->game->turn_number());
        for (uint32_t t = 1; t <= tl.last_turn(); ++t) {
            const int f = tl.frame_after_turn(t);
            ASSERT_GE(f, 0) << t;
            EXPECT_EQ(tl.frame(static_cast<size_t>(f)).turn, t);
        }
        EXPECT_EQ(tl.frame_after_turn(tl.last_turn() + 1), -1);
        EXPECT_EQ(tl.frame(tl.size() - 1).entries_end, p->game->score_log().size());
    }
}

// Determinism: the same game gives the same bytes, whether its frames were
// captured while it was played or by playing its moves again.
TEST_F(RenderGames, SameGameSameBytes) {
    const auto again = play_game(7, 2);
    const Played& first = *games_[0];
    const size_t last = first.timeline.size() - 1;
    // (EXPECT_TRUE: a difference would print two whole pictures.)
    EXPECT_TRUE(render::frame_svg(*first.game, first.timeline, last) == render::frame_svg(*again->game, again->timeline, last));
    EXPECT_TRUE(render::html_page(*first.game, first.timeline) == render::html_page(*again->game, again->timeline));
    const Timeline replayed = render::replay_timeline(first.setup, *first.game);
    ASSERT_EQ(replayed.size(), first.timeline.size());
    for (size_t k = 0; k < replayed.size(); k += 5)
        EXPECT_TRUE(render::frame_svg(*first.game, replayed, k) == render::frame_svg(*first.game, first.timeline, k)) << k;
    EXPECT_TRUE(render::html_page(*first.game, replayed) == render::html_page(*first.game, first.timeline));
}

TEST_F(RenderGames, ThePageIsSelfContained) {
    for (const auto& p : games_) {
        const std::string html = render::html_page(*p->game, p->timeline);
        EXPECT_EQ(count(html, "<svg"), 1);
        EXPECT_EQ(count(html, "<script"), 2);  // the frames (JSON) and the stepping code
        for (const char* external : {"<link", " src=", "href=", "@import", "url(http", "fetch(", "XMLHttpRequest"})
            EXPECT_THAT(html, Not(HasSubstr(external)));
        // The only address is the SVG namespace, which is never fetched.
        EXPECT_EQ(count(html, "http"), count(html, "xmlns=\"http://www.w3.org/2000/svg\""));
        // Every element that comes and goes has its frames.
        const size_t start = html.find("<script type=\"application/json\" id=\"ck-data\">");
        ASSERT_NE(start, std::string::npos);
        const size_t body = html.find('>', start) + 1;
        const auto data = nlohmann::json::parse(html.substr(body, html.find("</script>", body) - body));
        ASSERT_EQ(data["frames"].size(), p->timeline.size());
        ASSERT_EQ(data["players"].size(), p->game->player_count());
        for (size_t k = 0; k < p->timeline.size(); ++k)
            EXPECT_EQ(data["frames"][k]["scores"].get<std::vector<int>>(), p->timeline.scores(*p->game, k));
        EXPECT_EQ(count(html, "<g class=\"tile\""), static_cast<int>(p->game->placed_tiles().size()));
    }
}

// Every entry with a feature's counts explains its points; an entry of no
// points says why.
TEST_F(RenderGames, EveryScoreEntryHasItsBreakdown) {
    for (const auto& p : games_) {
        for (const ScoreEntry& e : p->game->score_log()) {
            const std::string text = render::score_breakdown(*p->game, e);
            ASSERT_TRUE(e.counts) << e.name;
            if (e.points == 0 && e.kind == FeatureKind::Field) {
                EXPECT_EQ(text, e.name + " 0: no completed city borders it");
                continue;
            }
            EXPECT_EQ(text.rfind(e.name + " " + std::to_string(e.points) + " = ", 0), 0u) << text;
            const int delta = e.points - e.counts->base_points;
            // Each expansion's change in its own words, adding up to the points.
            int explained = 0;
            for (const auto& a : e.counts->adjustments) {
                EXPECT_THAT(text, HasSubstr((a.delta > 0 ? "+ " : "− ") + std::to_string(std::abs(a.delta)) + " " + a.reason));
                explained += a.delta;
            }
            EXPECT_EQ(explained, delta) << text;
            EXPECT_THAT(text, Not(HasSubstr("from expansions"))) << text;
            // The buildings named are Little Buildings' (one point each by default).
            if (delta > 0 && e.kind != FeatureKind::Monastery) {
                EXPECT_THAT(text, HasSubstr("(buildings on it: ")) << text;
            }
            if (delta == 0) { EXPECT_THAT(text, Not(HasSubstr("expansions"))) << text; }
        }
    }
}

std::string breakdowns_of(const std::string& scenario) {
    jcz::ReplayOptions options;
    options.plugin_dirs.push_back(CK_TEST_PLUGIN_DIR);
    jcz::Replay replay(jcz::load_saved_game(std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/" + scenario), options);
    std::string out;
    for (const ScoreEntry& e : replay.game().score_log()) out += render::score_breakdown(replay.game(), e) + "\n";
    return out;
}

TEST(RenderBreakdown, CitiesRoadsFieldsMonasteriesAndBuildings) {
    EXPECT_EQ(breakdowns_of("base-city-pennant.jcz"), "city 8 = 3 spaces × 2 + 1 pennant × 2\n");
    EXPECT_EQ(breakdowns_of("base-tiny-city.jcz"), "city.tiny 2 = 2 spaces\n");
    EXPECT_EQ(breakdowns_of("base-field-two-cities.jcz"),
              "field 6 = 2 completed cities × 3\nfield 3 = 1 completed city × 3\n");
    // LB-2: buildings on the feature's tiles, named with what they add.
    EXPECT_EQ(breakdowns_of("lb-ex-1.jcz"),
              "road 7 = 5 spaces + 2 little buildings (buildings on it: 2 sheds)\n"
              "city 10 = 3 spaces × 2 + 1 pennant × 2 + 2 little buildings (buildings on it: house, shed)\n");
    EXPECT_EQ(breakdowns_of("lb-monastery-area.jcz"),
              "monastery.incomplete 9 = 4 occupied spaces of its 3×3 area + 5 little buildings "
              "(buildings on it: tower, house)\n");
    // Triangles: a city over 3 spaces made of 4 tiles is counted in spaces.
    EXPECT_EQ(breakdowns_of("hf-ex-1.jcz"), "city 8 = 3 spaces (4 tiles) × 2 + 1 pennant × 2\n");
}

// ---- the commands -----------------------------------------------------------

std::string out_dir() {
    const std::string dir = std::string(CK_TEST_BINARY_DIR) + "/tests/render/out";
    std::filesystem::create_directories(dir);
    return dir;
}

std::string read(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

// Without its title (which names the command or the file) and the width,
// which makes room for the title.
std::string untitled(std::string svg) {
    svg = std::regex_replace(svg, std::regex("<title>[^<]*</title>"), "");
    svg = std::regex_replace(svg, std::regex("<text class=\"title\"[^>]*>[^<]*</text>"), "");
    svg = std::regex_replace(svg, std::regex("<svg [^>]*>"), "<svg>");
    return std::regex_replace(svg, std::regex("<rect class=\"background\"[^>]*>"), "<rect>");
}

TEST(RenderCli, RenderDrawsAnyTurnOfASavedGame) {
    const std::string dir = out_dir();
    const std::string file = std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/hf-legal-corners.jcz";
    const auto r = ck::test::run_cli("render " + file + " --turn 0 --svg " + dir + "/turn0.svg --html " + dir + "/hf.html");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(count(read(dir + "/turn0.svg"), "class=\"tile-shape\""), 1);
    EXPECT_THAT(read(dir + "/hf.html"), HasSubstr("id=\"ck-data\""));
    const auto final_run = ck::test::run_cli("render " + file + " --svg " + dir + "/end.svg");
    ASSERT_EQ(final_run.status, 0) << final_run.err;
    const std::string end = read(dir + "/end.svg");
    EXPECT_GT(count(end, "class=\"tile-shape\" points=\"") - count(end, "class=\"tile-shape\" points=\"0,0 64,0 64,64 0,64\""), 0)
        << "the file has triangles";

    const auto bad_turn = ck::test::run_cli("render " + file + " --turn 99 --svg " + dir + "/x.svg");
    EXPECT_EQ(bad_turn.status, 2);
    EXPECT_THAT(bad_turn.err, HasSubstr("--turn 99: the game has turns 0 to"));
    const auto nothing = ck::test::run_cli("render " + file);
    EXPECT_EQ(nothing.status, 2);
    EXPECT_THAT(nothing.err, HasSubstr("give --svg OUT.svg and/or --html OUT.html"));
    const auto help = ck::test::run_cli("render --help");
    EXPECT_EQ(help.status, 0);
    EXPECT_THAT(help.out, HasSubstr("--turn N"));
    EXPECT_THAT(ck::test::run_cli("--help").out, HasSubstr("render"));
}

TEST(RenderCli, PlayAndReplayOfTheSameGameDrawTheSameBoard) {
    const std::string dir = out_dir();
    const std::string game = "--players 3 --seed 5 --expansions halflings,little-buildings";
    const auto played = ck::test::run_cli("play " + game + " --save " + dir + "/g.jcz --svg " + dir + "/play.svg --html " +
                                          dir + "/play.html");
    ASSERT_EQ(played.status, 0) << played.err;
    // The log has the breakdown; entries of no points say why.
    EXPECT_THAT(played.out, HasSubstr(" = "));
    EXPECT_THAT(played.out, Not(HasSubstr("+0 field\n")));
    const auto replayed = ck::test::run_cli("replay " + dir + "/g.jcz --svg " + dir + "/replay.svg");
    ASSERT_EQ(replayed.status, 0) << replayed.err;
    // (EXPECT_TRUE: a difference would print two whole pictures.)
    EXPECT_TRUE(untitled(read(dir + "/play.svg")) == untitled(read(dir + "/replay.svg")));
    EXPECT_GT(read(dir + "/play.svg").size(), 10000u);
    // Same game, same bytes.
    ASSERT_EQ(ck::test::run_cli("play " + game + " --svg " + dir + "/again.svg").status, 0);
    EXPECT_TRUE(read(dir + "/play.svg") == read(dir + "/again.svg"));

    const auto j = nlohmann::json::parse(ck::test::run_cli("play " + game + " --json").out);
    ASSERT_FALSE(j["score_entries"].empty());
    for (const auto& e : j["score_entries"]) EXPECT_THAT(e["breakdown"].get<std::string>(), HasSubstr(e["name"].get<std::string>()));
    const auto rj = nlohmann::json::parse(ck::test::run_cli("replay " + dir + "/g.jcz --json").out);
    ASSERT_EQ(rj["scores"].size(), j["score_entries"].size());
    for (size_t i = 0; i < rj["scores"].size(); ++i)
        EXPECT_EQ(rj["scores"][i]["breakdown"], j["score_entries"][i]["breakdown"]);

    const auto missing = ck::test::run_cli("play --svg");
    EXPECT_EQ(missing.status, 2);
    EXPECT_THAT(missing.err, HasSubstr("--svg needs a file name"));
    const auto no_dir = ck::test::run_cli("play --html /nonexistent-dir/game.html");
    EXPECT_EQ(no_dir.status, 2);
    EXPECT_THAT(no_dir.err, HasSubstr("directory /nonexistent-dir does not exist"));
}

// Inns & Cathedrals (docs/expansions/inns-and-cathedrals.md): each declared
// segment attribute is a badge on its segment, named in the legend; a big
// follower (strength 2) is drawn larger than a follower.
TEST(RenderCli, InnsCathedralsAndBigFollowersAreDrawn) {
    const std::string dir = out_dir();
    auto svg_of = [&](const std::string& scenario, const std::string& turn) {
        const std::string out = dir + "/" + scenario + ".svg";
        const auto r = ck::test::run_cli("render " + std::string(CK_TEST_SOURCE_DIR) + "/tests/scenarios/" + scenario +
                                         ".jcz --turn " + turn + " --svg " + out);
        EXPECT_EQ(r.status, 0) << r.err;
        return read(out);
    };
    auto count = [](const std::string& text, const std::string& what) {
        size_t n = 0;
        for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
        return n;
    };
    const std::string inn = svg_of("ic-inn-road-completed", "1");
    // One inn on the board (IC/RFr.i), one in the legend.
    EXPECT_EQ(count(inn, "data-attribute=\"inn\""), 2u);
    EXPECT_EQ(count(inn, "data-attribute=\"cathedral\""), 1u) << "the legend's only";
    EXPECT_THAT(inn, HasSubstr(">big follower</text>"));
    const std::string cathedral = svg_of("ic-cathedral-completed", "1");
    EXPECT_EQ(count(cathedral, "data-attribute=\"cathedral\""), 2u);
    const std::string tie = svg_of("ic-big-follower-tie", "6");
    EXPECT_EQ(count(tie, "class=\"meeple big\""), 1u) << "Alice's big follower";
    EXPECT_EQ(count(tie, "class=\"meeple\""), 2u) << "Bob's two followers";
}

// The Princess & the Dragon: the neutral figures where they stand, the
// dragon's path of the turn (a dashed line through the spaces' centres),
// and the tile markers as badges, each named in the legend.
TEST(RenderCli, TheDragonTheFairyTheirPathAndMarkersAreDrawn) {
    const std::string dir = out_dir();
    auto svg_at = [&](const std::string& turn) {
        const std::string out = dir + "/pd-" + turn + ".svg";
        const auto r = ck::test::run_cli("render " + std::string(CK_TEST_SOURCE_DIR) +
                                         "/tests/scenarios/pd-dragon-blocked-by-fairy-and-path.jcz --turn " + turn +
                                         " --svg " + out);
        EXPECT_EQ(r.status, 0) << r.err;
        return read(out);
    };
    const std::string before = svg_at("3");  // the fairy beside Alice's follower; the dragon on the volcano
    EXPECT_THAT(before, HasSubstr("class=\"neutral\" data-figure=\"dragon\" data-at=\"(0,1)\""));
    EXPECT_THAT(before, HasSubstr("class=\"neutral\" data-figure=\"fairy\" data-at=\"(1,0)\""));
    EXPECT_THAT(before, Not(HasSubstr("<polyline class=\"neutral-path\""))) << "no movement yet";
    const std::string after = svg_at("4");  // (0,1) -> (0,0) -> (-1,0)
    EXPECT_THAT(after, HasSubstr("class=\"neutral\" data-figure=\"dragon\" data-at=\"(-1,0)\""));
    const size_t path = after.find("<polyline class=\"neutral-path\" data-figure=\"dragon\"");
    ASSERT_NE(path, std::string::npos);
    const size_t points = after.find("points=\"", path);
    const std::string line = after.substr(points, after.find("\"/>", points) - points);
    EXPECT_EQ(std::count(line.begin(), line.end(), ','), 3) << "three spaces: " << line;
    auto count = [](const std::string& text, const std::string& what) {
        size_t n = 0;
        for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
        return n;
    };
    // The volcano at (0,1) and the dragon tile at (-1,0), each also in the legend.
    EXPECT_EQ(count(after, "data-marker=\"volcano\""), 2u);
    EXPECT_EQ(count(after, "data-marker=\"dragon\""), 2u);
    EXPECT_EQ(count(after, "data-marker=\"portal\""), 1u) << "the legend's only";
    EXPECT_NE(after.find(">magic portal</text>"), std::string::npos) << "the legend";
    EXPECT_NE(after.find(">the dragon</text>"), std::string::npos);
    EXPECT_NE(after.find(">path this turn</text>"), std::string::npos);
}

// The README's picture is what `play --svg` draws today; after a change to
// the drawing (or to the game it shows), run that command again.
TEST(RenderCli, TheReadmePictureIsWhatItsCommandDraws) {
    const std::string dir = out_dir();
    const auto r = ck::test::run_cli("play --players 3 --seed 7 --expansions halflings,little-buildings --svg " + dir +
                                     "/readme.svg");
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string committed = read(std::string(CK_TEST_SOURCE_DIR) + "/docs/images/game.svg");
    ASSERT_FALSE(committed.empty()) << "docs/images/game.svg is missing";
    EXPECT_TRUE(read(dir + "/readme.svg") == committed)
        << "docs/images/game.svg differs from what play --svg draws now; run\n"
           "  build/bin/cloisterkit play --players 3 --seed 7 --expansions halflings,little-buildings "
           "--svg docs/images/game.svg";
}

}  // namespace
}  // namespace ck::host::test

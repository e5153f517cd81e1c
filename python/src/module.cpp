// cloisterkit._core: the reference host as a Python extension. The Python
// package (cloisterkit/__init__.py) wraps it; docs/python.md is the guide.
//
// Everything runs the host's own code: options and environments as the
// `cloisterkit` command builds them (host/runs/game_options), the options
// of a turn as `serve` lists them (host/core/turn_options), many games as
// `simulate` plays them (host/runs/game_runs), expansions through the C ABI.
#include <dlfcn.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "runs/game_runs.hpp"
#include "core/build_tree.hpp"
#include "core/errors.hpp"
#include "core/location_names.hpp"
#include "core/program_location.hpp"
#include "py_game.hpp"
#include "render/score_breakdown.hpp"

namespace py = pybind11;
namespace fs = std::filesystem;
using namespace ck;
using python::PyGame;
using python::PyOption;

namespace {

// The tiles and plugins this module uses are those of the `cloisterkit`
// program it was built or installed with. In a build tree the build writes
// the build-tree file beside this module (python/CMakeLists.txt); an
// installed module under <prefix>/lib/python3/dist-packages/cloisterkit
// uses <prefix>/bin/cloisterkit's.
void locate_program() {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&locate_program), &info) == 0 || info.dli_fname == nullptr) return;
    std::error_code ec;
    const fs::path self = fs::canonical(info.dli_fname, ec);
    if (ec) return;
    if (fs::is_regular_file(self.parent_path() / host::kBuildTreeFile, ec)) {
        host::set_program_location(self);
        return;
    }
    for (fs::path dir = self.parent_path(); dir.has_relative_path(); dir = dir.parent_path())
        if (dir.filename() == "lib" && fs::is_regular_file(dir.parent_path() / "bin" / "cloisterkit", ec)) {
            host::set_program_location(dir.parent_path() / "bin" / "cloisterkit");
            return;
        }
}

std::shared_ptr<const cli::GameEnvironment> make_environment(int players, const std::vector<std::string>& expansions,
                                                             const std::map<std::string, std::string>& rules,
                                                             const std::string& tile_set,
                                                             const std::vector<std::string>& player_types,
                                                             const std::vector<std::string>& plugin_dirs,
                                                             const std::vector<std::string>& tile_files,
                                                             long long hook_time_budget_ms) {
    cli::GameOptions o;
    o.players = players;
    o.expansions = expansions;
    for (const auto& [k, v] : rules) o.rules.emplace_back(k, v);
    o.tile_set = tile_set;
    o.player_types = player_types;
    o.plugin_dirs = plugin_dirs;
    o.tile_files = tile_files;
    o.hook_time_budget_ms = hook_time_budget_ms;
    if (players < 1 || players > host::kMaxPlayers)
        throw host::HostError("players: " + std::to_string(players) + " is not from 1 to " +
                              std::to_string(host::kMaxPlayers));
    return std::make_shared<const cli::GameEnvironment>(o);
}

py::object corner_or_none(host::Corner c) {
    if (c == host::Corner::None) return py::none();
    return py::str(std::string(host::corner_name(c)));
}

py::dict option_dict(const PyOption& o) {
    const host::TurnOption& t = o.turn;
    using Kind = host::TurnOption::Kind;
    py::dict d;
    d["index"] = o.position;
    d["kind"] = std::string(host::turn_option_kind_name(t.kind));
    d["label"] = t.label;
    if (t.kind == Kind::HandTile || t.kind == Kind::Tile) d["tile"] = t.tile;
    if (t.on_board()) {
        d["x"] = t.at.pos.x;
        d["y"] = t.at.pos.y;
        d["corner"] = corner_or_none(t.at.corner);
    }
    if (t.kind == Kind::Tile) d["rotation"] = t.rotation * 90;
    if (t.kind == Kind::Figure || t.kind == Kind::Return)
        d["feature"] = std::string(host::feature_kind_name(t.feature));
    if (t.kind == Kind::Figure) {
        d["location"] = host::format_location(t.location);
        d["figure"] = t.figure_kind;
    }
    if (t.kind == Kind::Building) {
        d["action"] = t.action;
        d["token"] = t.token_kind;
    }
    if (t.kind == Kind::Return) d["meeple"] = t.meeple;
    if (t.kind == Kind::Move) d["figure"] = t.figure_kind;  // the neutral figure ("dragon")
    if (t.kind == Kind::Decision || t.kind == Kind::DecisionPass) d["decision"] = t.decision;  // its key
    return d;
}

// What `player` may see: the board, the scores and supplies, the tile to
// place (shown to all), their own hand only and the others' hand sizes;
// never the pack's order nor another hand (HF-13).
py::dict observation(const PyGame& pg, int player) {
    const host::Game& g = pg.game();
    if (player < 0 || static_cast<size_t>(player) >= g.player_count())
        throw py::index_error("player " + std::to_string(player) + " is not in this game of " +
                              std::to_string(g.player_count()) + " players");
    py::dict d;
    const auto& tiles = g.placed_tiles();
    py::array_t<int32_t> t({static_cast<py::ssize_t>(tiles.size()), py::ssize_t{5}});
    auto tv = t.mutable_unchecked<2>();
    for (size_t i = 0; i < tiles.size(); ++i) {
        const auto& p = tiles[i];
        tv(i, 0) = p.type, tv(i, 1) = p.at.pos.x, tv(i, 2) = p.at.pos.y;
        tv(i, 3) = static_cast<int32_t>(p.at.corner), tv(i, 4) = p.rotation;
    }
    d["tiles"] = t;  // tile type, x, y, corner (0 none, 1 NE .. 4 NW), rotation (quarter turns)
    const auto& figures = g.figures();
    py::array_t<int32_t> f({static_cast<py::ssize_t>(figures.size()), py::ssize_t{7}});
    auto fv = f.mutable_unchecked<2>();
    for (size_t i = 0; i < figures.size(); ++i) {
        const auto& p = figures[i];
        fv(i, 0) = p.meeple.player, fv(i, 1) = p.meeple.kind, fv(i, 2) = p.pointer.at.pos.x;
        fv(i, 3) = p.pointer.at.pos.y, fv(i, 4) = static_cast<int32_t>(p.pointer.at.corner);
        fv(i, 5) = static_cast<int32_t>(p.pointer.kind), fv(i, 6) = static_cast<int32_t>(p.pointer.location);
    }
    d["figures"] = f;  // owner, figure kind, x, y, corner, feature kind, location mask
    py::list tokens;
    for (const auto& k : g.tokens())
        tokens.append(py::make_tuple(k.kind, k.placed_by, k.at.pos.x, k.at.pos.y, static_cast<int>(k.at.corner)));
    d["tokens"] = tokens;
    const size_t n = g.player_count();
    py::array_t<int32_t> scores(static_cast<py::ssize_t>(n)), hand_sizes(static_cast<py::ssize_t>(n));
    py::array_t<int32_t> supply({static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(g.figure_kinds().size())});
    auto sv = supply.mutable_unchecked<2>();
    for (size_t p = 0; p < n; ++p) {
        scores.mutable_at(p) = g.players()[p].score;
        hand_sizes.mutable_at(p) = static_cast<int32_t>(g.players()[p].hand.size());
        for (size_t k = 0; k < g.figure_kinds().size(); ++k) sv(p, k) = g.players()[p].figures_in_supply(k);
    }
    d["scores"] = scores;
    d["hand_sizes"] = hand_sizes;
    d["supply"] = supply;  // figures in supply, per player and figure kind
    const auto& own = g.players()[static_cast<size_t>(player)].hand;
    py::array_t<int32_t> hand(static_cast<py::ssize_t>(own.size()));
    for (size_t i = 0; i < own.size(); ++i) hand.mutable_at(i) = own[i];
    d["hand"] = hand;  // tile types of the observer's own hand
    d["tile_to_place"] = g.drawn_tile() ? static_cast<int>(*g.drawn_tile()) : -1;
    d["tiles_left"] = g.tiles_left();
    d["active_player"] = static_cast<int>(g.active_player());
    d["turn"] = g.turn_number();
    d["phase"] = std::string(host::phase_name(g.phase()));
    return d;
}

// One row per option of the turn, in the order of options(): kind (the
// TurnOption::Kind number), tile type, x, y, corner, rotation (quarter
// turns), feature kind and figure kind (-1 where they do not apply).
py::array_t<int32_t> option_array(const PyGame& pg) {
    const host::Game& g = pg.game();
    const std::vector<host::TurnOption> options = host::turn_options(g);
    py::array_t<int32_t> a({static_cast<py::ssize_t>(options.size()), py::ssize_t{8}});
    auto v = a.mutable_unchecked<2>();
    const auto& kinds = g.figure_kinds();
    using Kind = host::TurnOption::Kind;
    for (size_t i = 0; i < options.size(); ++i) {
        const host::TurnOption& o = options[i];
        const bool placed_somewhere = o.on_board();
        int32_t tile = -1;
        if (o.kind == Kind::Tile && g.drawn_tile()) tile = *g.drawn_tile();
        if (o.kind == Kind::HandTile) tile = g.tile_step_options().at(o.index).tile_type;
        int32_t figure = -1;
        for (size_t k = 0; k < kinds.size() && o.kind == Kind::Figure; ++k)
            if (kinds[k].id == o.figure_kind) figure = static_cast<int32_t>(k);
        v(i, 0) = static_cast<int32_t>(o.kind);
        v(i, 1) = tile;
        v(i, 2) = placed_somewhere ? o.at.pos.x : 0;
        v(i, 3) = placed_somewhere ? o.at.pos.y : 0;
        v(i, 4) = placed_somewhere ? static_cast<int32_t>(o.at.corner) : 0;
        v(i, 5) = o.kind == Kind::Tile ? o.rotation : 0;
        v(i, 6) = o.kind == Kind::Figure || o.kind == Kind::Return ? static_cast<int32_t>(o.feature) : -1;
        v(i, 7) = figure;
    }
    return a;
}

py::list score_log(const host::Game& g) {
    py::list out;
    for (const host::ScoreEntry& e : g.score_log()) {
        py::dict d;
        d["player"] = e.player;
        d["points"] = e.points;
        d["name"] = e.name;
        d["final"] = e.final_scoring;
        d["turn"] = e.turn;
        d["breakdown"] = host::render::score_breakdown(g, e);
        out.append(d);
    }
    return out;
}

py::dict simulate(const std::shared_ptr<const cli::GameEnvironment>& env, uint64_t seed, uint64_t first,
                  uint64_t count, unsigned threads) {
    const size_t players = env->player_names().size();
    std::vector<int32_t> scores(count * players), turns(count);
    std::vector<int8_t> winner(count);
    {
        py::gil_scoped_release unlocked;  // the games need no Python
        cli::GameRun run;
        run.seed = seed;
        run.first = first;
        run.count = count;
        run.threads = threads;
        run.finished = [&](unsigned, uint64_t i, const host::Game& g) {  // each i once: no lock needed
            int best = g.score(0), best_player = 0, at_best = 0;
            for (size_t p = 0; p < players; ++p) {
                const int s = g.score(static_cast<uint8_t>(p));
                scores[i * players + p] = s;
                if (s > best) best = s, best_player = static_cast<int>(p);
            }
            for (size_t p = 0; p < players; ++p) at_best += g.score(static_cast<uint8_t>(p)) == best;
            winner[i] = static_cast<int8_t>(at_best == 1 ? best_player : -1);
            turns[i] = static_cast<int32_t>(g.turn_number());
        };
        cli::play_games(*env, run);
    }
    py::array_t<uint64_t> seeds(static_cast<py::ssize_t>(count));
    for (uint64_t i = 0; i < count; ++i) seeds.mutable_at(i) = cli::game_seed(seed, first + i);
    py::array_t<int32_t> s({static_cast<py::ssize_t>(count), static_cast<py::ssize_t>(players)});
    std::copy(scores.begin(), scores.end(), s.mutable_data());
    py::array_t<uint64_t> index(static_cast<py::ssize_t>(count));
    for (uint64_t i = 0; i < count; ++i) index.mutable_at(i) = first + i;
    py::dict d;
    d["game"] = index;
    d["seed"] = seeds;
    d["scores"] = s;
    d["turns"] = py::array_t<int32_t>(static_cast<py::ssize_t>(count), turns.data());
    d["winner"] = py::array_t<int8_t>(static_cast<py::ssize_t>(count), winner.data());
    return d;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "The cloisterkit reference host: games with expansions loaded through the C ABI (docs/python.md).";
    locate_program();
    static py::exception<host::HostError> error(m, "Error");
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const host::HostError& e) {
            error(e.what());
        }
    });

    py::class_<cli::GameEnvironment, std::shared_ptr<cli::GameEnvironment>>(m, "Environment")
        .def(py::init([](int players, const std::vector<std::string>& expansions,
                         const std::map<std::string, std::string>& rules, const std::string& tile_set,
                         const std::vector<std::string>& player_types, const std::vector<std::string>& plugin_dirs,
                         const std::vector<std::string>& tile_files, long long hook_time_budget_ms) {
                 return std::const_pointer_cast<cli::GameEnvironment>(make_environment(
                     players, expansions, rules, tile_set, player_types, plugin_dirs, tile_files, hook_time_budget_ms));
             }),
             py::arg("players"), py::arg("expansions"), py::arg("rules"), py::arg("tile_set"),
             py::arg("player_types"), py::arg("plugin_dirs"), py::arg("tile_files"), py::arg("hook_time_budget_ms"))
        .def_property_readonly("expansion_ids", &cli::GameEnvironment::expansion_ids)
        .def_property_readonly("player_names", &cli::GameEnvironment::player_names)
        .def_property_readonly("player_types", &cli::GameEnvironment::player_types)
        .def_property_readonly("tile_types",
                               [](const cli::GameEnvironment& e) {
                                   std::vector<std::string> ids;
                                   for (size_t t = 0; t < e.catalog().tile_count(); ++t)
                                       ids.push_back(e.catalog().tile(static_cast<host::TileTypeId>(t)).id);
                                   return ids;
                               })
        .def("new_game",
             [](const std::shared_ptr<cli::GameEnvironment>& e, uint64_t seed) { return PyGame::from_environment(e, seed); },
             py::arg("seed"))
        .def("simulate", &simulate, py::arg("seed"), py::arg("first"), py::arg("count"), py::arg("threads"));
    m.def("game_seed", &cli::game_seed, py::arg("seed"), py::arg("index"),
          "The seed of game `index` of a run with `seed`, as simulate() and `cloisterkit simulate` derive it.");
    m.def("fresh_seed", &cli::fresh_seed);

    py::class_<PyOption>(m, "Option")
        .def_property_readonly("index", [](const PyOption& o) { return o.position; })
        .def_property_readonly("kind", [](const PyOption& o) { return std::string(host::turn_option_kind_name(o.turn.kind)); })
        .def_property_readonly("label", [](const PyOption& o) { return o.turn.label; })
        .def("as_dict", &option_dict)
        .def("__getattr__",
             [](const PyOption& o, const std::string& name) -> py::object {
                 py::dict d = option_dict(o);
                 if (d.contains(name)) return d[py::str(name)];
                 throw py::attribute_error("a " + std::string(host::turn_option_kind_name(o.turn.kind)) +
                                           " option has no '" + name + "'");
             })
        .def("__repr__", [](const PyOption& o) {
            return "<Option " + std::to_string(o.position) + " " + std::string(host::turn_option_kind_name(o.turn.kind)) +
                   ": " + o.turn.label + ">";
        });

    py::class_<PyGame>(m, "Game")
        .def_static("from_jcz", &PyGame::from_jcz, py::arg("text"), py::arg("plugin_dirs"), py::arg("tile_files"))
        .def("options", &PyGame::options)
        .def_property_readonly("option_count", &PyGame::option_count)
        .def("play", &PyGame::play, py::arg("option"))
        .def("play_index", &PyGame::play_index, py::arg("index"))
        .def("autoplay", &PyGame::autoplay)
        .def("clone", &PyGame::clone)
        .def("determinised", &PyGame::determinised, py::arg("observer"), py::arg("seed"))
        .def("placement_problem",
             [](const PyGame& pg, int x, int y, int rotation, const std::string& corner) {
                 const host::Game& g = pg.game();
                 if (!g.drawn_tile()) throw host::HostError("no tile to place now");
                 host::Placement p;
                 p.at.pos.x = static_cast<int16_t>(x);
                 p.at.pos.y = static_cast<int16_t>(y);
                 p.at.corner = corner.empty() ? host::Corner::None : host::parse_corner(corner);
                 p.rotation = static_cast<uint8_t>(((rotation / 90) % 4 + 4) % 4);
                 return g.placement_problem(*g.drawn_tile(), p);
             },
             py::arg("x"), py::arg("y"), py::arg("rotation"), py::arg("corner") = "")
        .def("to_jcz", &PyGame::to_jcz)
        .def("observation", &observation, py::arg("player"))
        .def("option_array", &option_array)
        .def("score_log", [](const PyGame& g) { return score_log(g.game()); })
        .def_property_readonly("scores",
                               [](const PyGame& g) {
                                   std::vector<int> s;
                                   for (const auto& p : g.game().players()) s.push_back(p.score);
                                   return s;
                               })
        .def_property_readonly("finished", [](const PyGame& g) { return g.game().is_over(); })
        .def_property_readonly("turn", [](const PyGame& g) { return g.game().turn_number(); })
        .def_property_readonly("active_player", [](const PyGame& g) { return static_cast<int>(g.game().active_player()); })
        .def_property_readonly("player_to_move",
                               [](const PyGame& g) { return static_cast<int>(g.game().deciding_player()); })
        .def_property_readonly("player_count", [](const PyGame& g) { return g.game().player_count(); })
        .def_property_readonly("player_names",
                               [](const PyGame& g) {
                                   std::vector<std::string> n;
                                   for (const auto& p : g.game().players()) n.push_back(p.name);
                                   return n;
                               })
        .def_property_readonly("phase", [](const PyGame& g) { return std::string(host::phase_name(g.game().phase())); })
        .def_property_readonly("seed", [](const PyGame& g) { return g.source().seed; })
        .def_property_readonly("expansions", [](const PyGame& g) { return g.game().expansions(); })
        .def_property_readonly("rules", [](const PyGame& g) { return g.game().rules(); })
        .def_property_readonly("tiles_left", [](const PyGame& g) { return g.game().tiles_left(); })
        .def_property_readonly("tile_to_place",
                               [](const PyGame& g) -> py::object {
                                   const auto t = g.game().drawn_tile();
                                   if (!t) return py::none();
                                   return py::str(g.game().tile_def(*t).id);
                               })
        .def_property_readonly("end_reason", [](const PyGame& g) { return g.game().game_end_reason(); })
        .def("tile_type_id", [](const PyGame& g, int t) {
            if (t < 0 || static_cast<size_t>(t) >= g.game().catalog().tile_count())
                throw py::index_error("tile type " + std::to_string(t) + " is not in this game's tiles");
            return g.game().tile_def(static_cast<host::TileTypeId>(t)).id;
        })
        .def_property_readonly("figure_kinds", [](const PyGame& g) { return g.game().figure_kind_ids(); })
        .def("hand",
             [](const PyGame& g) {
                 std::vector<std::string> ids;
                 for (host::TileTypeId t : g.game().player(g.game().active_player()).hand)
                     ids.push_back(g.game().tile_def(t).id);
                 return ids;
             })
        .def("board", [](const PyGame& pg) {
            const host::Game& g = pg.game();
            py::list tiles, figures, tokens;
            for (const auto& t : g.placed_tiles())
                tiles.append(py::dict(py::arg("tile") = g.tile_def(t.type).id, py::arg("x") = t.at.pos.x,
                                      py::arg("y") = t.at.pos.y, py::arg("corner") = corner_or_none(t.at.corner),
                                      py::arg("rotation") = t.rotation * 90));
            for (const auto& f : g.figures())
                figures.append(py::dict(py::arg("player") = f.meeple.player, py::arg("meeple") = g.meeple_text(f.meeple),
                                        py::arg("figure") = g.figure_kinds()[f.meeple.kind].id,
                                        py::arg("x") = f.pointer.at.pos.x, py::arg("y") = f.pointer.at.pos.y,
                                        py::arg("corner") = corner_or_none(f.pointer.at.corner),
                                        py::arg("feature") = std::string(host::feature_kind_name(f.pointer.kind)),
                                        py::arg("location") = host::format_location(f.pointer.location)));
            for (const auto& k : g.tokens())
                tokens.append(py::dict(py::arg("kind") = k.kind, py::arg("player") = k.placed_by, py::arg("x") = k.at.pos.x,
                                       py::arg("y") = k.at.pos.y, py::arg("corner") = corner_or_none(k.at.corner)));
            return py::dict(py::arg("tiles") = tiles, py::arg("figures") = figures, py::arg("tokens") = tokens);
        });
}

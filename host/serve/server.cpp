#include "server.hpp"

#include <httplib.h>

#include <cstdio>

#include "ai/agents.hpp"
#include "cli/game_options.hpp"
#include "core/errors.hpp"
#include "core/tile_xml.hpp"
#include "new_game.hpp"
#include "page_assets.hpp"
#include "plugins/plugin_registry.hpp"
#include "plugins/rule_options.hpp"

namespace ck::serve {

using host::ErrorCategory;
using host::HostError;
using Json = nlohmann::ordered_json;

namespace {

constexpr auto kStreamWait = std::chrono::seconds(10);  // a comment line keeps a quiet stream open

void reply(httplib::Response& res, int status, const Json& body) {
    res.status = status;
    res.set_content(body.dump(), "application/json; charset=utf-8");
    res.set_header("Cache-Control", "no-store");
}

void fail(httplib::Response& res, int status, const std::string& message) { reply(res, status, Json{{"error", message}}); }

std::string token_of(const httplib::Request& req) {
    if (req.has_header("X-Seat-Token")) return req.get_header_value("X-Seat-Token");
    if (req.has_param("token")) return req.get_param_value("token");
    return "";
}

// The status a HostError gets: the user's input, or the server's own fault.
int status_of(const HostError& e) {
    switch (e.category()) {
        case ErrorCategory::Io:
        case ErrorCategory::Plugin: return 500;
        default: return 400;
    }
}

}  // namespace

Server::Server(ServerOptions options) : options_(std::move(options)), http_(std::make_unique<httplib::Server>()) {}

Server::~Server() {
    stop();
    if (computer_.joinable()) computer_.join();
}

size_t Server::game_count() const {
    std::shared_lock lock(games_mutex_);
    return games_.size();
}

std::shared_ptr<GameSession> Server::find(const std::string& id) const {
    std::shared_lock lock(games_mutex_);
    const auto it = games_.find(id);
    return it == games_.end() ? nullptr : it->second;
}

std::shared_ptr<GameSession> Server::open(const std::string& id) {
    auto session = std::make_shared<GameSession>(id, *files_, options_.settings);
    {
        std::unique_lock lock(games_mutex_);
        games_[id] = session;
    }
    changed();
    return session;
}

void Server::changed() {
    {
        std::lock_guard lock(events_mutex_);
        ++change_count_;
    }
    events_.notify_all();
}

int Server::start(const std::function<void(const std::string&)>& report) {
    files_ = std::make_unique<GameFiles>(options_.data);
    std::vector<std::string> skipped;
    for (const std::string& id : files_->list(&skipped)) {
        try {
            open(id);
        } catch (const std::exception& e) {
            report("skipped " + files_->jcz_path(id).string() + ": " + e.what());
        }
    }
    for (const std::string& name : skipped) report("skipped " + (options_.data / name).string() + ": not a game id");
    routes();
    const size_t threads = options_.http_threads;
    http_->new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    http_->set_payload_max_length(options_.max_import_bytes);
    // Headers and body go out as separate writes: without TCP_NODELAY a
    // keep-alive client's delayed ACK holds every answer ~40 ms (Nagle).
    http_->set_tcp_nodelay(true);
    http_->set_keep_alive_max_count(1000);
    http_->set_read_timeout(10, 0);
    http_->set_write_timeout(10, 0);
    int port = options_.port;
    if (port == 0) port = http_->bind_to_any_port(options_.bind);
    else if (!http_->bind_to_port(options_.bind, port)) port = -1;
    if (port < 0)
        throw HostError(ErrorCategory::Io, "cannot listen on " + options_.bind + ":" + std::to_string(options_.port) +
                                               " (in use, or not an address of this machine)");
    computer_ = std::thread([this] { computer_loop(); });
    return port;
}

void Server::run() { http_->listen_after_bind(); }

void Server::stop() {
    {
        std::lock_guard lock(events_mutex_);
        if (stopping_) return;
        stopping_ = true;
    }
    events_.notify_all();
    http_->stop();
}

// Computer seats, one game at a time: the turn is thought out on a copy
// without the game's lock, then applied and saved at once.
void Server::computer_loop() {
    uint64_t seen = 0;
    for (;;) {
        {
            std::unique_lock lock(events_mutex_);
            events_.wait(lock, [&] { return stopping_ || change_count_ != seen; });
            if (stopping_) return;
            seen = change_count_;
        }
        std::vector<std::shared_ptr<GameSession>> sessions;
        {
            std::shared_lock lock(games_mutex_);
            for (const auto& [id, s] : games_) sessions.push_back(s);
        }
        for (const auto& session : sessions) {
            for (;;) {
                std::optional<GameSession::ComputerTurn> input;
                {
                    std::lock_guard lock(session->mutex());
                    if (session->computer_to_move()) input = session->computer_turn();
                }
                if (!input) break;
                {
                    std::lock_guard lock(events_mutex_);
                    if (stopping_) return;
                }
                try {
                    host::Game game = input->game;
                    game.set_hooks(session->computer_hooks());
                    host::ai::SearchEnvironment env;
                    env.make_hooks = [session] { return session->make_hooks(); };
                    const auto player = host::ai::make_agent(input->kind, input->seed, env);
                    host::play_own_decisions(game, *player, input->commit_random);
                    std::lock_guard lock(session->mutex());
                    session->apply_computer_turn(*input, std::move(game));
                } catch (const std::exception& e) {
                    std::fprintf(stderr, "cloisterkit serve: game %s: the computer player failed: %s\n",
                                 session->id().c_str(), e.what());
                    break;
                }
                changed();
            }
        }
    }
}

void Server::routes() {
    httplib::Server& s = *http_;

    const auto page = [](const httplib::Request&, httplib::Response& res) {
        res.set_content(std::string(page_asset("index.html")), "text/html; charset=utf-8");
    };
    s.Get("/", page);
    s.Get(R"(/game/([^/]*))", page);
    s.Get(R"(/(app\.js|app\.css))", [](const httplib::Request& req, httplib::Response& res) {
        const std::string name = req.matches[1];
        res.set_content(std::string(page_asset(name)),
                        name.ends_with(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8");
    });

    s.Get("/api/info", [this](const httplib::Request&, httplib::Response& res) {
        host::PluginRegistry registry;
        host::PluginSearchOptions search;
        for (const auto& d : options_.settings.plugin_dirs) search.dirs.emplace_back(d);
        registry.discover(search);
        Json expansions = Json::array();
        host::TileCatalog catalog;
        host::load_tile_xml_file(host::default_tile_file(), catalog);
        for (const host::PluginExpansion* e : registry.expansions()) {
            Json options = Json::array();
            for (const auto& o : e->rule_options)
            {
                Json option{{"key", o.key},       {"label", o.description},
                            {"default", o.default_value}, {"values", o.allowed},
                            {"type", host::rule_value_type_name(o.value_type)}};
                if (o.value_type == host::RuleValueType::Integer) option["min"] = o.int_min, option["max"] = o.int_max;
                options.push_back(std::move(option));
            }
            Json presets = Json::array();
            for (const auto& p : e->rule_presets) {
                Json sets = Json::object();
                for (const auto& [k, v] : p.sets) sets[k] = v;
                presets.push_back({{"key", p.key}, {"value", p.value}, {"sets", sets}});
            }
            expansions.push_back({{"id", e->id}, {"name", e->name}, {"version", e->version},
                                  {"description", e->description}, {"options", options}, {"presets", presets}});
            if (!e->tile_definitions_xml.empty())
                host::load_tile_xml_string(e->tile_definitions_xml, e->id + " (tile definitions)", catalog);
        }
        Json tile_sets = Json::array();
        for (const auto& t : catalog.tile_sets()) tile_sets.push_back(t.id);
        Json kinds = Json::array({"person", "computer"});
        for (const auto& k : host::ai::agent_kinds()) kinds.push_back(k);
        reply(res, 200, {{"kinds", kinds}, {"computer", options_.settings.computer_kind},
                         {"expansions", expansions}, {"tileSets", tile_sets}});
    });

    const auto created = [this](httplib::Response& res, const std::string& id, const httplib::Request& req) {
        const auto session = open(id);
        std::lock_guard lock(session->mutex());
        Json seats = Json::array();
        const std::string host = req.has_header("Host") ? req.get_header_value("Host") : options_.bind;
        for (size_t i = 0; i < session->seats().size(); ++i) {
            const SeatRecord& r = session->seats()[i];
            Json seat{{"seat", i}, {"name", r.name}, {"kind", r.kind}};
            if (!r.token.empty()) {
                seat["token"] = r.token;
                seat["url"] = "http://" + host + "/game/" + id + "?token=" + r.token;
            }
            seats.push_back(seat);
        }
        reply(res, 201, {{"id", id}, {"seats", seats}});
    };

    s.Post("/api/games", [this, created](const httplib::Request& req, httplib::Response& res) {
        if (req.body.size() > options_.max_body_bytes)
            return fail(res, 413, "the request has " + std::to_string(req.body.size()) + " bytes, more than " +
                                      std::to_string(options_.max_body_bytes));
        if (game_count() >= options_.max_games)
            return fail(res, 429, "the server holds " + std::to_string(options_.max_games) +
                                      " games already (--max-games)");
        nlohmann::json body;
        try {
            body = nlohmann::json::parse(req.body);
        } catch (const std::exception& e) {
            return fail(res, 400, std::string("the request is not JSON: ") + e.what());
        }
        try {
            created(res, create_game(*files_, options_.settings, body), req);
        } catch (const HostError& e) {
            fail(res, status_of(e), e.what());
        }
    });

    s.Post("/api/games/import", [this, created](const httplib::Request& req, httplib::Response& res) {
        if (game_count() >= options_.max_games)
            return fail(res, 429, "the server holds " + std::to_string(options_.max_games) +
                                      " games already (--max-games)");
        std::vector<std::string> kinds;
        if (req.has_param("kinds")) kinds = ck::cli::split_commas(req.get_param_value("kinds"));
        try {
            created(res, import_game(*files_, options_.settings, req.body, kinds), req);
        } catch (const HostError& e) {
            fail(res, status_of(e), e.what());
        }
    });

    s.Get("/api/games", [this](const httplib::Request&, httplib::Response& res) {
        std::vector<std::shared_ptr<GameSession>> sessions;
        {
            std::shared_lock lock(games_mutex_);
            for (const auto& [id, session] : games_) sessions.push_back(session);
        }
        Json list = Json::array();
        for (const auto& session : sessions) {
            std::lock_guard lock(session->mutex());
            list.push_back(session->summary());
        }
        reply(res, 200, {{"games", list}});
    });

    // The game of the path, and the seat of the token (-1: none); false
    // after answering with the error.
    const auto game_and_seat = [this](const httplib::Request& req, httplib::Response& res,
                                      std::shared_ptr<GameSession>& session, int& seat, bool token_required) {
        const std::string id = req.matches[1];
        if (!valid_game_id(id)) {
            fail(res, 400, "\"" + id + "\" is not a game id (1 to 32 letters a-z and digits)");
            return false;
        }
        session = find(id);
        if (!session) {
            fail(res, 404, "no game " + id);
            return false;
        }
        const std::string token = token_of(req);
        std::lock_guard lock(session->mutex());
        seat = session->seat_of(token);
        if ((!token.empty() || token_required) && seat < 0) {
            fail(res, 403, token.empty() ? "this needs the seat's token (X-Seat-Token or ?token=)"
                                         : "the token is not a seat's of game " + id);
            return false;
        }
        return true;
    };

    s.Get(R"(/api/games/([^/]+))", [game_and_seat](const httplib::Request& req, httplib::Response& res) {
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, false)) return;
        std::lock_guard lock(session->mutex());
        reply(res, 200, session->state(seat));
    });

    s.Get(R"(/api/games/([^/]+)/board\.svg)", [game_and_seat](const httplib::Request& req, httplib::Response& res) {
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, false)) return;
        std::lock_guard lock(session->mutex());
        res.set_content(session->board_svg(seat), "image/svg+xml");
        res.set_header("Cache-Control", "no-store");
    });

    s.Get(R"(/api/games/([^/]+)/jcz)", [game_and_seat](const httplib::Request& req, httplib::Response& res) {
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, false)) return;
        std::lock_guard lock(session->mutex());
        res.set_content(session->jcz_text(), "application/json");
        res.set_header("Content-Disposition", "attachment; filename=\"" + session->id() + ".jcz\"");
    });

    s.Post(R"(/api/games/([^/]+)/moves)", [this, game_and_seat](const httplib::Request& req, httplib::Response& res) {
        if (req.body.size() > options_.max_body_bytes)
            return fail(res, 413, "the request has " + std::to_string(req.body.size()) + " bytes, more than " +
                                      std::to_string(options_.max_body_bytes));
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, true)) return;
        std::string option;
        try {
            const nlohmann::json body = nlohmann::json::parse(req.body);
            if (!body.is_object() || !body.contains("option") || !body["option"].is_string())
                return fail(res, 400, "the request must be {\"option\": \"<id>\"}");
            option = body["option"].get<std::string>();
        } catch (const std::exception& e) {
            return fail(res, 400, std::string("the request is not JSON: ") + e.what());
        }
        {
            std::lock_guard lock(session->mutex());
            try {
                const std::string refused = session->play(seat, option);
                if (!refused.empty()) return fail(res, 409, refused);
            } catch (const HostError& e) {
                return fail(res, status_of(e) == 400 ? 409 : 500, e.what());
            }
            reply(res, 200, session->state(seat));
        }
        changed();
    });

    s.Get(R"(/api/games/([^/]+)/events)", [this, game_and_seat](const httplib::Request& req, httplib::Response& res) {
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, false)) return;
        {
            std::lock_guard lock(events_mutex_);
            if (open_streams_ >= options_.max_streams)
                return fail(res, 503, "too many open event streams (" + std::to_string(options_.max_streams) + ")");
            ++open_streams_;
        }
        res.set_header("Cache-Control", "no-store");
        auto last = std::make_shared<uint64_t>(0);
        res.set_chunked_content_provider(
            "text/event-stream",
            [this, session, last](size_t, httplib::DataSink& sink) {
                uint64_t version;
                {
                    std::lock_guard lock(session->mutex());
                    version = session->version();
                }
                if (version != *last) {
                    *last = version;
                    const std::string event = "event: change\ndata: {\"version\":" + std::to_string(version) + "}\n\n";
                    return sink.write(event.data(), event.size());
                }
                std::unique_lock lock(events_mutex_);
                const uint64_t count = change_count_;
                events_.wait_for(lock, kStreamWait, [&] { return stopping_ || change_count_ != count; });
                if (stopping_) {
                    sink.done();
                    return true;
                }
                lock.unlock();
                static constexpr char kKeepAlive[] = ": waiting\n\n";
                return sink.write(kKeepAlive, sizeof kKeepAlive - 1);
            },
            [this](bool) {
                std::lock_guard lock(events_mutex_);
                --open_streams_;
            });
    });

    s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        std::string what = "internal error";
        try {
            std::rethrow_exception(ep);
        } catch (const std::exception& e) {
            what = e.what();
        } catch (...) {
        }
        fail(res, 500, what);
    });
    s.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        if (!res.body.empty()) return;
        if (res.status == 404) fail(res, 404, "nothing at " + req.path);
        else if (res.status == 413 && req.get_header_value("Content-Type").rfind("application/x-www-form-urlencoded", 0) == 0)
            // httplib parses a form body itself and caps it at 8 KB.
            fail(res, 413, "a form-encoded body is limited to 8 KB: send the .jcz or JSON with "
                           "Content-Type: application/json");
        else if (res.status == 413) fail(res, 413, "the request is larger than the server takes");
        else fail(res, res.status, "HTTP " + std::to_string(res.status));
    });
}

}  // namespace ck::serve

#include "server.hpp"

#include <httplib.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "ai/agents.hpp"
#include "runs/game_options.hpp"
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

// When this thread's request was read (its headers): the answer's
// Server-Timing says how long the server took for it (bench/serve).
thread_local std::chrono::steady_clock::time_point request_start{};

void reply(httplib::Response& res, int status, const Json& body) {
    res.status = status;
    if (request_start != std::chrono::steady_clock::time_point{}) {
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - request_start).count();
        char timing[48];
        std::snprintf(timing, sizeof timing, "app;dur=%.3f", ms);
        res.set_header("Server-Timing", timing);
    }
    // Request bytes that are not UTF-8 (a path, a header, a name in a
    // message) become U+FFFD instead of an exception.
    res.set_content(body.dump(-1, ' ', false, Json::error_handler_t::replace), "application/json; charset=utf-8");
    res.set_header("Cache-Control", "no-store");
}

// Sent with every answer: the page loads nothing from elsewhere, is never
// framed, and its seat tokens (in its URL) go to no other site.
httplib::Headers security_headers() {
    return {{"Content-Security-Policy",
             "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
             "connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
            {"X-Frame-Options", "DENY"},
            {"Referrer-Policy", "no-referrer"},
            {"X-Content-Type-Options", "nosniff"},
            {"Cross-Origin-Resource-Policy", "same-origin"}};
}

std::optional<std::string_view> header(const httplib::Request& req, const char* name) {
    const auto it = req.headers.find(name);
    if (it == req.headers.end()) return std::nullopt;
    return std::string_view(it->second);
}

std::string pid_text() { return "pid " + std::to_string(::getpid()); }

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

Server::Server(ServerOptions options)
    : options_(std::move(options)), http_(std::make_unique<GuardedHttpServer>(options_.connections)) {}

Server::~Server() {
    stop();
    if (housekeeper_.joinable()) housekeeper_.join();
    computers_.reset();  // joins its workers, their searches cancelled
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

std::shared_ptr<GameSession> Server::open(const std::string& id, bool reserved) {
    auto session = std::make_shared<GameSession>(id, *files_, options_.settings);
    {
        std::unique_lock lock(games_mutex_);
        games_[id] = session;
        if (reserved) --reserved_games_;  // the slot is the game's now
    }
    changed(session);
    return session;
}

bool Server::reserve_game_slot() {
    std::unique_lock lock(games_mutex_);
    if (games_.size() + reserved_games_ >= options_.max_games) return false;
    ++reserved_games_;
    return true;
}

void Server::release_game_slot() {
    std::unique_lock lock(games_mutex_);
    --reserved_games_;
}

void Server::remove(const std::shared_ptr<GameSession>& session) {
    {
        std::unique_lock lock(games_mutex_);
        games_.erase(session->id());
    }
    {
        std::lock_guard lock(session->mutex());
        session->close();
        files_->remove(session->id());
    }
    changed(session);
}

void Server::changed(const std::shared_ptr<GameSession>& session) {
    bool fold = false;
    if (session) {
        std::lock_guard lock(session->mutex());
        fold = session->needs_fold();
    }
    {
        std::lock_guard lock(events_mutex_);
        ++change_count_;
        if (fold) folds_.push_back(session);
    }
    events_.notify_all();
    if (computers_ && session) computers_->wake(session);
}

int Server::start(const std::function<void(const std::string&)>& report) {
    files_ = std::make_unique<GameFiles>(options_.data);
    lock_ = std::make_unique<DataFolderLock>(options_.data, pid_text() + ", --bind " + options_.bind + " --port " +
                                                               std::to_string(options_.port));
    computers_ = std::make_unique<ComputerPlayers>(options_.computers,
                                                   [this](const std::shared_ptr<GameSession>& s) { changed(s); });
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
    http_->set_keep_alive_max_count(1000);
    http_->set_read_timeout(10, 0);
    http_->set_write_timeout(10, 0);
    http_->set_default_headers(security_headers());
    int port = options_.port;
    if (port == 0) port = http_->bind_to_any_port(options_.bind);
    else if (!http_->bind_to_port(options_.bind, port)) port = -1;
    if (port < 0)
        throw HostError(ErrorCategory::Io, "cannot listen on " + options_.bind + ":" + std::to_string(options_.port) +
                                               " (in use, or not an address of this machine)");
    allowed_ = allowed_hosts(options_.bind, port, options_.allowed_hosts);
    housekeeper_ = std::thread([this] { housekeeping(); });
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
    if (computers_) computers_->stop();
    http_->stop();
}

// Off the requests' path: journals folded into their .jcz (a game over,
// a journal grown long), and finished games deleted --expire-finished
// after their end, so that games nobody deletes do not fill --max-games.
void Server::housekeeping() {
    using Clock = std::chrono::steady_clock;
    const bool expiring = options_.expire_finished.count() > 0;
    const auto every = std::clamp<std::chrono::seconds>(options_.expire_finished / 4, std::chrono::seconds(1),
                                                        std::chrono::seconds(60));
    auto next_expiry = Clock::now() + every;
    std::unique_lock lock(events_mutex_);
    while (!stopping_) {
        events_.wait_until(lock, expiring ? next_expiry : Clock::time_point::max(),
                           [&] { return stopping_ || !folds_.empty(); });
        if (stopping_) return;
        std::deque<std::shared_ptr<GameSession>> folds;
        folds.swap(folds_);
        lock.unlock();
        for (const auto& session : folds) {
            std::lock_guard game(session->mutex());
            try {
                session->fold();
            } catch (const std::exception& e) {
                // Nothing is lost: the journal still holds every move, and the
                // next change of the game or the next start folds it.
                std::fprintf(stderr, "cloisterkit serve: game %s: its journal could not be folded into its .jcz: %s\n",
                             session->id().c_str(), e.what());
            }
        }
        if (expiring && Clock::now() >= next_expiry) {
            next_expiry = Clock::now() + every;
            std::vector<std::shared_ptr<GameSession>> expired;
            {
                std::shared_lock games(games_mutex_);
                const auto now = std::chrono::system_clock::now();
                for (const auto& [id, session] : games_) {
                    std::lock_guard game(session->mutex());
                    const auto end = session->finished_at();
                    if (end && now - *end >= options_.expire_finished) expired.push_back(session);
                }
            }
            for (const auto& session : expired) {
                std::fprintf(stderr, "cloisterkit serve: game %s expired (finished more than %lld s ago): deleted\n",
                             session->id().c_str(), static_cast<long long>(options_.expire_finished.count()));
                remove(session);
            }
        }
        lock.lock();
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
                                  {"description", e->description}, {"options", options}, {"presets", presets},
                                  {"tileSet", tile_set_of(*e)}});
            if (!e->tile_definitions_xml.empty())
                host::load_tile_xml_string(e->tile_definitions_xml, e->id + " (tile definitions)", catalog);
        }
        Json tile_sets = Json::array();
        for (const auto& t : catalog.tile_sets()) tile_sets.push_back(t.id);
        Json kinds = Json::array({"person", "computer"});
        for (const auto& k : host::ai::agent_kinds()) kinds.push_back(k);
        reply(res, 200, {{"kinds", kinds}, {"computer", options_.settings.computer_kind},
                         {"seeds", options_.settings.allow_seed},
                         {"expansions", expansions}, {"tileSets", tile_sets},
                         {"baseTileSets", base_tile_sets()}, {"defaultTileSet", default_tile_set({})}});
    });

    // 413 for a body longer than --max-body-bytes (true: answered).
    const auto body_too_large = [this](const httplib::Request& req, httplib::Response& res) {
        if (req.body.size() <= options_.max_body_bytes) return false;
        fail(res, 413, "the request has " + std::to_string(req.body.size()) + " bytes, more than " +
                           std::to_string(options_.max_body_bytes));
        return true;
    };

    // The answer to a game just made: opened and its answer built, or
    // nothing left of it (files, slot) and the error thrown on.
    const auto create = [this](httplib::Response& res, const httplib::Request& req,
                               const std::function<std::string()>& make) {
        if (!reserve_game_slot())
            return fail(res, 429, "the server holds " + std::to_string(options_.max_games) +
                                      " games already (--max-games; finished games expire after --expire-finished)");
        std::string id;
        bool reserved = true;
        try {
            id = make();
            const auto session = open(id, true);
            reserved = false;
            std::lock_guard lock(session->mutex());
            Json seats = Json::array();
            // (Host was checked before the route: it names this server.)
            const std::string host = req.get_header_value("Host");
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
        } catch (...) {
            if (!id.empty()) {
                if (const auto session = find(id)) remove(session);
                else files_->remove(id);
            }
            if (reserved) release_game_slot();
            throw;
        }
    };

    s.Post("/api/games", [this, create, body_too_large](const httplib::Request& req, httplib::Response& res) {
        if (body_too_large(req, res)) return;
        nlohmann::json body;
        try {
            body = nlohmann::json::parse(req.body);
        } catch (const std::exception& e) {
            return fail(res, 400, std::string("the request is not JSON: ") + e.what());
        }
        try {
            create(res, req, [&] { return create_game(*files_, options_.settings, body); });
        } catch (const HostError& e) {
            fail(res, status_of(e), e.what());
        }
    });

    s.Post("/api/games/import", [this, create](const httplib::Request& req, httplib::Response& res) {
        std::vector<std::string> kinds;
        if (req.has_param("kinds")) kinds = ck::cli::split_commas(req.get_param_value("kinds"));
        try {
            create(res, req, [&] { return import_game(*files_, options_.settings, req.body, kinds); });
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

    s.Get(R"(/api/games/([^/]+)/tiles)", [game_and_seat](const httplib::Request& req, httplib::Response& res) {
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, false)) return;
        std::lock_guard lock(session->mutex());
        reply(res, 200, session->tiles_to_come(seat));
    });

    s.Get(R"(/api/games/([^/]+)/jcz)", [game_and_seat](const httplib::Request& req, httplib::Response& res) {
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, false)) return;
        std::lock_guard lock(session->mutex());
        res.set_content(session->jcz_text_for(seat), "application/json");
        res.set_header("Content-Disposition", "attachment; filename=\"" + session->id() + ".jcz\"");
        res.set_header("Cache-Control", "no-store");
    });

    s.Delete(R"(/api/games/([^/]+))", [this, game_and_seat](const httplib::Request& req, httplib::Response& res) {
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, true)) return;
        remove(session);
        reply(res, 200, {{"deleted", session->id()}});
    });

    s.Post(R"(/api/games/([^/]+)/moves)", [this, game_and_seat, body_too_large](const httplib::Request& req, httplib::Response& res) {
        if (body_too_large(req, res)) return;
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
        changed(session);
    });

    // Takes back the last move (GameSession::undo): X-Seat-Token, a seat's
    // key, and {"tokens": [...]}, the other person seats' keys.
    s.Post(R"(/api/games/([^/]+)/undo)", [this, game_and_seat, body_too_large](const httplib::Request& req, httplib::Response& res) {
        if (body_too_large(req, res)) return;
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, true)) return;
        std::vector<std::string> tokens;
        try {
            const nlohmann::json body = req.body.empty() ? nlohmann::json::object() : nlohmann::json::parse(req.body);
            const auto list = body.is_object() ? body.find("tokens") : body.end();
            if (!body.is_object() || (list != body.end() && (!list->is_array() || list->size() > host::kMaxPlayers)))
                return fail(res, 400, "the request must be {} or {\"tokens\": [the other person seats' keys, at most " +
                                          std::to_string(host::kMaxPlayers) + "]}");
            if (list != body.end())
                for (const auto& t : *list) {
                    if (!t.is_string() || t.get<std::string>().empty() || t.get<std::string>().size() > 128)
                        return fail(res, 400, "tokens: each must be a seat's key (a string of 1 to 128 bytes)");
                    tokens.push_back(t.get<std::string>());
                }
        } catch (const std::exception& e) {
            return fail(res, 400, std::string("the request is not JSON: ") + e.what());
        }
        {
            std::lock_guard lock(session->mutex());
            std::vector<int> holders{seat};
            for (const std::string& t : tokens) {
                const int other = session->seat_of(t);
                if (other < 0) return fail(res, 403, "a key in tokens is not a seat's of game " + session->id());
                holders.push_back(other);
            }
            try {
                const GameSession::Refusal refused = session->undo(holders);
                if (!refused.error.empty()) return fail(res, refused.status, refused.error);
            } catch (const HostError& e) {
                return fail(res, 500, std::string("the move could not be taken back: ") + e.what());
            }
            reply(res, 200, session->state(seat));
        }
        changed(session);
    });

    s.Get(R"(/api/games/([^/]+)/events)", [this, game_and_seat](const httplib::Request& req, httplib::Response& res) {
        std::shared_ptr<GameSession> session;
        int seat = -1;
        if (!game_and_seat(req, res, session, seat, false)) return;
        const std::string address = req.remote_addr;
        {
            std::lock_guard lock(events_mutex_);
            if (open_streams_ >= options_.max_streams)
                return fail(res, 503, "too many open event streams (" + std::to_string(options_.max_streams) + ")");
            if (streams_per_address_[address] >= options_.max_streams_per_address)
                return fail(res, 429, "too many open event streams from this address (" +
                                          std::to_string(options_.max_streams_per_address) + ")");
            ++open_streams_;
            ++streams_per_address_[address];
        }
        res.set_header("Cache-Control", "no-store");
        auto last = std::make_shared<uint64_t>(0);
        res.set_chunked_content_provider(
            "text/event-stream",
            [this, session, last](size_t, httplib::DataSink& sink) {
                uint64_t version;
                {
                    std::lock_guard lock(session->mutex());
                    if (session->closed()) {  // deleted: the page learns it at once
                        sink.done();
                        return true;
                    }
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
            [this, address](bool) {
                std::lock_guard lock(events_mutex_);
                --open_streams_;
                if (--streams_per_address_[address] == 0) streams_per_address_.erase(address);
            });
    });

    // Before any route, and before a body is read.
    s.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
        request_start = std::chrono::steady_clock::now();
        try {
            const auto refused = check_request(allowed_, {req.method, header(req, "Host"), header(req, "Origin"),
                                                          header(req, "Content-Type")});
            if (!refused) return httplib::Server::HandlerResponse::Unhandled;
            fail(res, refused->status, refused->message);
        } catch (...) {
            res.status = 400;
        }
        return httplib::Server::HandlerResponse::Handled;
    });
    // Neither handler may throw: cpp-httplib calls them outside its own
    // try blocks, and an exception there ended the process.
    s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        try {
            std::string what = "internal error";
            try {
                std::rethrow_exception(ep);
            } catch (const std::exception& e) {
                what = e.what();
            } catch (...) {
            }
            fail(res, 500, what);
        } catch (...) {
            res.status = 500;
        }
    });
    s.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
        try {
            if (!res.body.empty()) return;
            if (res.status == 404) fail(res, 404, "nothing at " + req.path);
            else if (res.status == 413) fail(res, 413, "the request is larger than the server takes");
            else fail(res, res.status, "HTTP " + std::to_string(res.status));
        } catch (...) {
            res.body.clear();
        }
    });
}

}  // namespace ck::serve

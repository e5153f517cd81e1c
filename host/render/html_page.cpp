#include "html_page.hpp"

#include <nlohmann/json.hpp>

#include "core/location_names.hpp"
#include "markup.hpp"
#include "move_text.hpp"
#include "score_breakdown.hpp"
#include "style.hpp"
#include "svg_writer.hpp"

namespace ck::host::render {

namespace {

constexpr const char* kPageStyle = R"css(
*{box-sizing:border-box}
body{margin:0;font-family:'DejaVu Sans',Verdana,Arial,sans-serif;color:#222;background:#f4f1ea}
header{position:sticky;top:0;z-index:1;display:flex;flex-wrap:wrap;align-items:center;gap:12px;padding:8px 14px;background:#3c4a2c;color:#fff}
header h1{font-size:18px;margin:0 12px 0 0;font-weight:bold}
nav{display:flex;align-items:center;gap:6px}
nav button{font-size:16px;min-width:38px;padding:4px 8px;border:1px solid #222;border-radius:4px;background:#f4f1ea;cursor:pointer}
nav button:disabled{opacity:.4;cursor:default}
.where{font-size:15px;padding:0 8px;min-width:230px;text-align:center}
.hint{font-size:12px;opacity:.8}
main{display:flex;align-items:flex-start;gap:14px;padding:12px}
#ck-board{flex:1 1 auto;min-width:0;background:#fff;border:1px solid #ccc}
#ck-board svg{display:block;width:100%;height:auto}
aside{flex:0 0 380px;font-size:14px;position:sticky;top:64px;max-height:calc(100vh - 76px);overflow-y:auto}
aside section{background:#fff;border:1px solid #ccc;padding:8px 12px;margin-bottom:12px}
aside h2{font-size:15px;margin:2px 0 8px}
ul{margin:0;padding-left:18px}
li{margin:3px 0}
li.entry{cursor:default}
li.none{list-style:none;margin-left:-18px;color:#777}
.swatch{display:inline-block;width:13px;height:13px;border:1px solid #222;border-radius:3px;vertical-align:-2px;margin-right:6px}
table{border-collapse:collapse;width:100%}
th,td{padding:3px 6px;text-align:left}
th{font-weight:normal;color:#666;border-bottom:1px solid #ccc}
td.ck-total,td.ck-delta{text-align:right}
td.ck-total{font-weight:bold}
tr.active td{background:#fff5d6}
#ck-board.focus .scored{opacity:.12}
#ck-board.focus .scored.on{opacity:1}
#ck-board .scored.on-demand{visibility:hidden}
#ck-board .scored.on-demand.on{visibility:visible}
)css";

constexpr const char* kPageScript = R"js(
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('ck-data').textContent);
  var frames = data.frames, players = data.players;
  var board = document.getElementById('ck-board');
  var items = Array.prototype.slice.call(board.querySelectorAll('[data-from],[data-to]'));
  var current = -1;
  function byId(id) { return document.getElementById(id); }
  function swatch(p) {
    var s = document.createElement('span');
    s.className = 'swatch';
    s.style.background = players[p].colour;
    return s;
  }
  function list(id, rows, empty) {
    var ul = byId(id);
    ul.textContent = '';
    if (!rows.length) {
      var li = document.createElement('li');
      li.className = 'none';
      li.textContent = empty;
      ul.appendChild(li);
    }
    rows.forEach(function (r) { ul.appendChild(r); });
  }
  function focusFeature(feature) {
    board.classList.toggle('focus', feature !== null);
    board.querySelectorAll('.scored').forEach(function (g) {
      g.classList.toggle('on', feature !== null && g.getAttribute('data-feature') === String(feature));
    });
  }
  function show(f) {
    f = Math.max(0, Math.min(frames.length - 1, f));
    if (f === current) return;
    current = f;
    items.forEach(function (el) {
      var from = el.hasAttribute('data-from') ? +el.getAttribute('data-from') : 0;
      var to = el.hasAttribute('data-to') ? +el.getAttribute('data-to') : Infinity;
      el.style.display = from <= f && f < to ? '' : 'none';
    });
    focusFeature(null);
    var fr = frames[f];
    byId('ck-frame').textContent = String(f);
    byId('ck-label').textContent = fr.label;
    byId('ck-turn').textContent = String(fr.turn);
    var who = byId('ck-player');
    who.textContent = '';
    if (fr.player >= 0) {
      who.appendChild(swatch(fr.player));
      who.appendChild(document.createTextNode(players[fr.player].name));
    } else {
      who.textContent = fr.kind === 'final' ? 'Everyone: final scoring' : 'Before the first turn';
    }
    list('ck-moves', fr.moves.map(function (m) {
      var li = document.createElement('li');
      li.textContent = m;
      return li;
    }), 'no move');
    list('ck-points', fr.entries.map(function (e) {
      var li = document.createElement('li');
      li.className = 'entry';
      li.setAttribute('data-player', e.player);
      li.setAttribute('data-points', e.points);
      li.appendChild(swatch(e.player));
      var b = document.createElement('b');
      b.textContent = players[e.player].name + ' ' + (e.points > 0 ? '+' : '') + e.points;
      li.appendChild(b);
      li.appendChild(document.createTextNode(': ' + e.text));
      if (e.feature >= 0) {
        li.addEventListener('mouseenter', function () { focusFeature(e.feature); });
        li.addEventListener('mouseleave', function () { focusFeature(null); });
      }
      return li;
    }), 'no points this time');
    document.querySelectorAll('#ck-scores td.ck-total').forEach(function (td) {
      td.textContent = String(fr.scores[+td.getAttribute('data-player')]);
    });
    document.querySelectorAll('#ck-scores td.ck-delta').forEach(function (td) {
      var d = fr.delta[+td.getAttribute('data-player')];
      td.textContent = d ? (d > 0 ? '+' : '') + d : '';
    });
    document.querySelectorAll('#ck-scores tr[data-player]').forEach(function (tr) {
      tr.classList.toggle('active', +tr.getAttribute('data-player') === fr.player);
    });
    byId('ck-first').disabled = byId('ck-prev').disabled = f === 0;
    byId('ck-next').disabled = byId('ck-end').disabled = f === frames.length - 1;
    document.body.setAttribute('data-frame', String(f));
  }
  byId('ck-first').addEventListener('click', function () { show(0); });
  byId('ck-prev').addEventListener('click', function () { show(current - 1); });
  byId('ck-next').addEventListener('click', function () { show(current + 1); });
  byId('ck-end').addEventListener('click', function () { show(frames.length - 1); });
  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var to = {ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: frames.length - 1}[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    show(to);
  });
  var m = /^#frame=(\d+)$/.exec(location.hash);
  show(m ? +m[1] : 0);
})();
)js";

std::string frame_label(const Frame& f) {
    switch (f.kind) {
        case Frame::Kind::Start: return "Start";
        case Frame::Kind::Final: return "Final scoring";
        case Frame::Kind::Turn: break;
    }
    return "Turn " + std::to_string(f.turn) + (f.in_progress ? " (stops here)" : "");
}

// JSON inside a <script> element must not contain "</".
std::string script_safe(std::string json) {
    for (size_t i = json.find("</"); i != std::string::npos; i = json.find("</", i + 3)) json.replace(i, 2, "<\\/");
    return json;
}

}  // namespace

std::vector<std::string> frame_moves(const Game& game, const Timeline& timeline, size_t k) {
    std::vector<std::string> out;
    const Frame& f = timeline.frame(k);
    if (f.kind == Frame::Kind::Start)
        for (size_t i = 0; i < f.tiles && i < game.placed_tiles().size(); ++i)
            out.push_back("start tile " + game.tile_def(game.placed_tiles()[i].type).id + " at " +
                          format_tile_ref(game.placed_tiles()[i].at));
    const auto& moves = game.moves();
    for (size_t i = timeline.moves_begin(k); i < f.moves_end && i < moves.size(); ++i)
        if (std::string line = move_text(game, moves[i]); !line.empty()) out.push_back(std::move(line));
    for (size_t i = timeline.discarded_begin(k); i < f.discarded_end && i < game.discarded_tiles().size(); ++i)
        out.push_back(game.tile_def(game.discarded_tiles()[i]).id + " fits nowhere: set aside");
    if (f.kind == Frame::Kind::Final && !game.game_end_reason().empty())
        out.push_back("the game ended early: " + game.game_end_reason());
    return out;
}

std::string html_page(const Game& game, const Timeline& timeline, const HtmlOptions& options) {
    nlohmann::ordered_json data;
    nlohmann::ordered_json players = nlohmann::ordered_json::array();
    for (size_t p = 0; p < game.player_count(); ++p)
        players.push_back({{"name", game.player(static_cast<uint8_t>(p)).name}, {"colour", std::string(player_colour(p))}});
    data["players"] = players;
    nlohmann::ordered_json frames = nlohmann::ordered_json::array();
    std::vector<int> before(game.player_count(), 0);
    const auto& log = game.score_log();
    for (size_t k = 0; k < timeline.size(); ++k) {
        const Frame& f = timeline.frame(k);
        nlohmann::ordered_json j;
        j["label"] = frame_label(f);
        j["kind"] = f.kind == Frame::Kind::Start ? "start" : f.kind == Frame::Kind::Final ? "final" : "turn";
        j["turn"] = f.turn;
        j["player"] = f.kind == Frame::Kind::Turn ? static_cast<int>(f.player) : -1;
        j["moves"] = frame_moves(game, timeline, k);
        nlohmann::ordered_json entries = nlohmann::ordered_json::array();
        for (size_t e = timeline.entries_begin(k); e < f.entries_end && e < log.size(); ++e)
            entries.push_back({{"player", log[e].player},
                               {"points", log[e].points},
                               {"text", score_breakdown(game, log[e])},
                               {"feature", log[e].counts ? static_cast<long long>(log[e].counts->feature) : -1LL}});
        j["entries"] = entries;
        const std::vector<int> scores = timeline.scores(game, k);
        std::vector<int> delta(scores.size());
        for (size_t p = 0; p < scores.size(); ++p) delta[p] = scores[p] - before[p];
        before = scores;
        j["scores"] = scores;
        j["delta"] = delta;
        frames.push_back(std::move(j));
    }
    data["frames"] = frames;

    const std::string title = xml_escape(options.title);
    std::string html;
    html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
            title + "</title>\n<style>" + kPageStyle + "</style>\n</head>\n<body>\n";
    html += "<header><h1>" + title + "</h1><nav>"
            "<button id=\"ck-first\" type=\"button\" aria-label=\"first frame\" title=\"first (Home)\">|&#x25C0;</button>"
            "<button id=\"ck-prev\" type=\"button\" aria-label=\"previous frame\" title=\"previous (left arrow)\">&#x25C0;</button>"
            "<span class=\"where\"><span id=\"ck-label\">Start</span> &middot; frame <span id=\"ck-frame\">0</span> of " +
            std::to_string(timeline.size() ? timeline.size() - 1 : 0) +
            "</span>"
            "<button id=\"ck-next\" type=\"button\" aria-label=\"next frame\" title=\"next (right arrow)\">&#x25B6;</button>"
            "<button id=\"ck-end\" type=\"button\" aria-label=\"last frame\" title=\"last (End)\">&#x25B6;|</button>"
            "</nav><span class=\"hint\">&#x2190; &#x2192; keys step through the turns</span></header>\n";
    html += "<main>\n<div id=\"ck-board\">\n" + timeline_svg(game, timeline) + "</div>\n<aside>\n";
    html += "<section><h2>Turn <span id=\"ck-turn\">0</span> of " + std::to_string(timeline.last_turn()) +
            "</h2><p id=\"ck-player\"></p><ul id=\"ck-moves\"></ul></section>\n";
    html += "<section><h2>Points scored</h2><ul id=\"ck-points\"></ul></section>\n";
    html += "<section><h2>Scores</h2><table id=\"ck-scores\"><tr><th></th><th>player</th><th>points</th><th>change</th></tr>";
    for (size_t p = 0; p < game.player_count(); ++p) {
        const std::string i = std::to_string(p);
        html += "<tr data-player=\"" + i + "\"><td><span class=\"swatch\" style=\"background:" +
                std::string(player_colour(p)) + "\"></span></td><td class=\"ck-name\">" +
                xml_escape(game.player(static_cast<uint8_t>(p)).name) + "</td><td class=\"ck-total\" data-player=\"" + i +
                "\">0</td><td class=\"ck-delta\" data-player=\"" + i + "\"></td></tr>";
    }
    html += "</table></section>\n</aside>\n</main>\n";
    html += "<script type=\"application/json\" id=\"ck-data\">" + script_safe(data.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)) + "</script>\n";
    html += std::string("<script>") + kPageScript + "</script>\n</body>\n</html>\n";
    return html;
}

}  // namespace ck::host::render

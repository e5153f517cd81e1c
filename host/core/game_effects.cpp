// Game: the effects expansions apply through the plugin bridge (tokens,
// points, expansion data, hands, the end of the game). The bridge checks
// each effect before any is applied; these checks are the last line.
#include <algorithm>

#include "game.hpp"
#include "location_names.hpp"

namespace ck::host {

void Game::give_tokens(uint8_t player, const std::string& kind, int count) {
    touch();
    if (player >= players_.size()) throw HostError("give tokens: no player " + std::to_string(player), ErrorCategory::Plugin);
    auto& tokens = players_[player].tokens;
    auto it = std::lower_bound(tokens.begin(), tokens.end(), kind,
                               [](const auto& entry, const std::string& k) { return entry.first < k; });
    if (it == tokens.end() || it->first != kind) it = tokens.insert(it, {kind, 0});
    if (it->second + count < 0)
        throw HostError("give tokens: player " + std::to_string(player) + " would have " +
                            std::to_string(it->second + count) + " " + kind,
                        ErrorCategory::Plugin);
    it->second += count;
}

void Game::place_token(uint8_t player, const std::string& kind, TileRef at) {
    touch();
    if (player >= players_.size()) throw HostError("place token: no player " + std::to_string(player), ErrorCategory::Plugin);
    if (!placed_this_turn_ || at != *placed_this_turn_)
        throw HostError("place token " + kind + ": only the tile placed this turn may take a token, not " +
                            format_tile_ref(at),
                        ErrorCategory::Plugin);
    auto& tokens = players_[player].tokens;
    auto it = std::find_if(tokens.begin(), tokens.end(), [&](const auto& e) { return e.first == kind; });
    if (it == tokens.end() || it->second <= 0)
        throw HostError("place token: player " + std::to_string(player) + " has no " + kind + " left",
                        ErrorCategory::Plugin);
    --it->second;
    tokens_.push_back({kind, at, player, turn_});
}

void Game::add_points(uint8_t player, int points, const std::string& name) {
    if (player >= players_.size()) throw HostError("add points: no player " + std::to_string(player), ErrorCategory::Plugin);
    record_points(player, points, name, std::nullopt, in_final_scoring_);  // a change of scores only
}

void Game::set_expansion_data(const std::string& expansion_id, std::vector<uint8_t> bytes) {
    touch();
    expansion_data_[expansion_id] = std::move(bytes);
}

void Game::consume_figure_action() {
    touch();
    figure_action_taken_ = true;
}

std::string Game::extra_turn_problem() const {
    if (turn_part_ < kMaxTurnParts) return {};
    return "turn " + std::to_string(turn_) + " already has " + std::to_string(turn_part_) + " tile steps (" +
           std::to_string(kMaxTurnParts) + " at most): a turn that never ends";
}

void Game::grant_extra_turn() {
    if (std::string problem = extra_turn_problem(); !problem.empty())
        throw HostError("extra turn: " + problem, ErrorCategory::Plugin);
    touch();
    extra_turn_ = true;
}

void Game::request_game_end(const std::string& reason) {
    touch();
    end_requested_ = true;
    if (end_reason_.empty()) end_reason_ = reason;
    if (phase_ == Phase::TilePhase && (drawn_ || awaiting_tile_choice())) finish_game();
}

// ---------------------------------------------------------------- hands

void Game::add_hand_tile(uint8_t player, TileTypeId type) {
    touch();
    if (player >= players_.size()) throw HostError("add hand tile: no player " + std::to_string(player), ErrorCategory::Plugin);
    if (type >= catalog().tile_count())
        throw HostError("add hand tile: no tile type " + std::to_string(type), ErrorCategory::Plugin);
    players_[player].hand.push_back(type);
}

void Game::remove_hand_tile(uint8_t player, TileTypeId type) { take_from_hand(player, type, "remove hand tile"); }

void Game::take_from_hand(uint8_t player, TileTypeId type, const char* what) {
    touch();
    if (player >= players_.size()) throw HostError(std::string(what) + ": no player " + std::to_string(player), ErrorCategory::Plugin);
    auto& hand = players_[player].hand;
    auto it = std::find(hand.begin(), hand.end(), type);
    if (it == hand.end())
        throw HostError(std::string(what) + ": player " + std::to_string(player) + " has no \"" +
                            (type < catalog().tile_count() ? tile_def(type).id : std::to_string(type)) + "\" in hand",
                        ErrorCategory::Plugin);
    hand.erase(it);
}

void Game::play_hand_tile(uint8_t player, TileTypeId type) {
    touch();
    if (phase_ != Phase::TilePhase || drawn_ || player != active_)
        throw HostError("play hand tile: only the active player, in a tile step whose tile is not chosen yet",
                        ErrorCategory::Plugin);
    take_from_hand(player, type, "play hand tile");
    drawn_ = type;
    from_hand_ = true;
}

}  // namespace ck::host

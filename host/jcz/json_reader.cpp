#include "json_reader.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "core/limits.hpp"

namespace ck::host::jcz {

std::string JsonNode::type_name(const Json& v) {
    switch (v.type()) {
        case Json::value_t::null: return "null";
        case Json::value_t::object: return "an object";
        case Json::value_t::array: return "an array";
        case Json::value_t::string: return "a string";
        case Json::value_t::boolean: return "a boolean";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned: return "an integer";
        case Json::value_t::number_float: return "a number";
        default: return "a binary value";
    }
}

void JsonNode::fail(const std::string& what) const {
    throw HostError(ErrorCategory::BadInput, (path_.empty() ? std::string("(top level)") : path_) + ": " + what);
}

void JsonNode::require(bool ok, const char* expected) const {
    if (!ok) fail(std::string("expected ") + expected + ", got " + type_name(*value_));
}

const JsonNode::Json& JsonNode::object() const {
    require(value_->is_object(), "an object");
    return *value_;
}

const JsonNode::Json& JsonNode::array() const {
    require(value_->is_array(), "an array");
    return *value_;
}

JsonNode JsonNode::at(std::string_view key) const {
    auto child = find(key);
    if (!child) {
        const std::string where = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
        throw HostError(ErrorCategory::BadInput, where + ": missing");
    }
    return *child;
}

std::optional<JsonNode> JsonNode::find(std::string_view key) const {
    object();
    auto it = value_->find(std::string(key));
    if (it == value_->end() || it->is_null()) return std::nullopt;
    return JsonNode(*it, path_.empty() ? std::string(key) : path_ + "." + std::string(key));
}

size_t JsonNode::size() const { return array().size(); }

JsonNode JsonNode::operator[](size_t index) const {
    return JsonNode(array()[index], path_ + "[" + std::to_string(index) + "]");
}

std::string JsonNode::string() const {
    require(value_->is_string(), "a string");
    return value_->get<std::string>();
}

std::string JsonNode::string(size_t max_bytes, std::string_view what) const {
    std::string s = string();
    if (s.size() > max_bytes)
        fail(std::string(what) + " is " + std::to_string(s.size()) + " bytes long, longer than the limit of " +
             std::to_string(max_bytes) + " bytes");
    return s;
}

std::string JsonNode::id() const { return string(limits::kMaxIdBytes, "id"); }

void JsonNode::check_id_keys() const {
    for (const auto& [key, value] : object().items()) {
        if (key.size() <= limits::kMaxIdBytes) continue;
        const std::string shown = key.substr(0, 40) + "...";
        JsonNode(value, (path_.empty() ? std::string() : path_ + ".") + shown)
            .fail("key is " + std::to_string(key.size()) + " bytes long, longer than the limit of " +
                  std::to_string(limits::kMaxIdBytes) + " bytes for an id");
    }
}

bool JsonNode::boolean() const {
    require(value_->is_boolean(), "true or false");
    return value_->get<bool>();
}

int64_t JsonNode::integer() const {
    if (value_->is_number_integer()) {
        if (value_->is_number_unsigned() && value_->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
            fail("integer out of range");
        return value_->get<int64_t>();
    }
    if (value_->is_number_float()) {
        const double d = value_->get<double>();
        // 2^53: beyond it a double no longer names one integer.
        if (std::trunc(d) == d && std::fabs(d) <= 9007199254740992.0) return static_cast<int64_t>(d);
    }
    require(false, "an integer");
    return 0;
}

int JsonNode::integer_in(int64_t lo, int64_t hi) const {
    const int64_t v = integer();
    if (v < lo || v > hi)
        fail("integer " + std::to_string(v) + " out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return static_cast<int>(v);
}

double JsonNode::number() const {
    require(value_->is_number(), "a number");
    return value_->get<double>();
}

}  // namespace ck::host::jcz

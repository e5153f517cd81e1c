// Typed access to a parsed JSON document that names the JSON path of every
// missing or wrongly typed value in its errors (`replay[3].payload.position`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace ck::host::jcz {

class JsonNode {
public:
    using Json = nlohmann::ordered_json;

    JsonNode(const Json& value, std::string path) : value_(&value), path_(std::move(path)) {}

    const Json& json() const { return *value_; }
    const std::string& path() const { return path_; }

    // Object members: `at` requires the key, `find` returns nullopt when the
    // key is absent (a JSON null counts as absent too).
    JsonNode at(std::string_view key) const;
    std::optional<JsonNode> find(std::string_view key) const;
    // Array elements.
    size_t size() const;  // requires an array
    JsonNode operator[](size_t index) const;

    // Typed reads; each throws HostError "<path>: expected ..., got ...".
    const Json& object() const;
    const Json& array() const;
    std::string string() const;
    // A string of at most `max_bytes` bytes; a longer one throws
    // "<path>: <what> is N bytes long, longer than the limit of M".
    std::string string(size_t max_bytes, std::string_view what) const;
    // An id or a name (tile, meeple, token, player): at most
    // limits::kMaxIdBytes (core/limits.hpp).
    std::string id() const;
    // The same limit for the keys of an object whose keys are ids
    // (setup.sets, setup.elements, rules): throws naming the key's path.
    void check_id_keys() const;
    bool boolean() const;
    int64_t integer() const;  // a JSON integer (or a float with no fraction)
    int integer_in(int64_t lo, int64_t hi) const;
    double number() const;

    // Throws HostError "<path>: <what>".
    [[noreturn]] void fail(const std::string& what) const;

    static std::string type_name(const Json& v);

private:
    void require(bool ok, const char* expected) const;

    const Json* value_;
    std::string path_;
};

}  // namespace ck::host::jcz

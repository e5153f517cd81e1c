#include "test_modules.hpp"

#include <spdlog/logger.h>
#include <spdlog/sinks/base_sink.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <unistd.h>

namespace fs = std::filesystem;

namespace ck::test {

fs::path test_module(const std::string& name) { return fs::path(CK_TEST_MODULE_DIR) / (name + ".so"); }
fs::path shipped_module() { return fs::path(CK_TEST_PLUGIN_DIR) / "cloisterkit_expansions.so"; }

ScratchDir::ScratchDir(const std::string& label) {
    static std::atomic<int> counter{0};
    path_ = fs::path(CK_TEST_BINARY_DIR) / "tests" / "plugins" / "scratch" /
            (label + "-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
}

ScratchDir::~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
}

fs::path ScratchDir::add(const fs::path& module, const std::string& file_name) const {
    const fs::path target = path_ / file_name;
    fs::copy_file(module, target, fs::copy_options::overwrite_existing);
    return target;
}

ScopedEnv::ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) setenv(name, value->c_str(), 1);
    else unsetenv(name);
}

ScopedEnv::~ScopedEnv() {
    if (old_) setenv(name_.c_str(), old_->c_str(), 1);
    else unsetenv(name_.c_str());
}

namespace {
class VectorSink : public spdlog::sinks::base_sink<std::mutex> {
public:
    explicit VectorSink(std::shared_ptr<std::vector<std::string>> lines) : lines_(std::move(lines)) {}

protected:
    void sink_it_(const spdlog::details::log_msg& msg) override {
        lines_->emplace_back(msg.payload.data(), msg.payload.size());
    }
    void flush_() override {}

private:
    std::shared_ptr<std::vector<std::string>> lines_;
};
}  // namespace

CapturedLog capturing_logger() {
    auto lines = std::make_shared<std::vector<std::string>>();
    auto logger = std::make_shared<spdlog::logger>("test-plugins", std::make_shared<VectorSink>(lines));
    logger->set_level(spdlog::level::trace);
    return {logger, lines};
}

}  // namespace ck::test

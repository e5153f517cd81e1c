// A tiny host, the way a C program would load a module: dlopen, dlsym the
// entry point, negotiate, create. Shared by the ABI tests and the
// round-trip benchmark; no SDK code is used on this side of the ABI.
#pragma once

#include <cloisterkit/plugin.h>
#include <dlfcn.h>

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace ck::abi_test {

inline std::string module_path(const char* dir, const char* name) { return std::string(dir) + "/" + name + ".so"; }

inline ck_error make_error() {
    ck_error e{};
    e.struct_size = sizeof(ck_error);
    return e;
}

inline ck_negotiate_in host_ranges(uint32_t minor_min, uint32_t minor_max, uint32_t schema_min,
                                   uint32_t schema_max, uint32_t major = CK_ABI_MAJOR) {
    return ck_negotiate_in{sizeof(ck_negotiate_in), major, minor_min, minor_max, schema_min, schema_max};
}

// Collects what the module logs; the callback may run on any thread.
struct LogCapture {
    struct Record {
        int32_t level;
        std::string text;
    };
    std::mutex mutex;
    std::vector<Record> records;

    static void callback(void* self, int32_t level, const char* message, size_t length) {
        auto* capture = static_cast<LogCapture*>(self);
        std::lock_guard lock(capture->mutex);
        capture->records.push_back({level, std::string(message, length)});
    }
};

// dlopen'ed library, closed on destruction.
class Library {
public:
    explicit Library(const std::string& path) : handle_(dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
        if (handle_ == nullptr) throw std::runtime_error("dlopen " + path + ": " + dlerror());
    }
    ~Library() { dlclose(handle_); }
    Library(const Library&) = delete;
    Library& operator=(const Library&) = delete;

    void* symbol(const char* name) const { return dlsym(handle_, name); }

    ck_plugin_negotiate_v1_fn entry() const {
        return reinterpret_cast<ck_plugin_negotiate_v1_fn>(symbol(CK_PLUGIN_ENTRY_SYMBOL));
    }

private:
    void* handle_;
};

// A negotiated, created module context: what a host holds per module.
class Session {
public:
    Session(const std::string& path, int32_t max_log_level = CK_LOG_INFO) : library_(path) {
        auto negotiate = library_.entry();
        if (negotiate == nullptr) throw std::runtime_error(path + " has no " CK_PLUGIN_ENTRY_SYMBOL);
        ck_negotiate_in in = host_ranges(0, CK_ABI_MINOR, CK_SCHEMA_REVISION, CK_SCHEMA_REVISION);
        ck_negotiate_out out{};
        out.struct_size = sizeof(out);
        ck_error err = make_error();
        if (negotiate(&in, &out, &err) != CK_OK) throw std::runtime_error(std::string("negotiate: ") + err.message);
        api_ = out.api;
        ck_host_info host{};
        host.struct_size = sizeof(host);
        host.host_name = "abi-test-host";
        host.host_version = "0";
        host.host_data = &log;
        host.log = &LogCapture::callback;
        host.max_log_level = max_log_level;
        if (api_->create(&host, &ctx_, &err) != CK_OK) throw std::runtime_error(std::string("create: ") + err.message);
    }
    ~Session() { api_->destroy(ctx_); }
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    const ck_plugin_api& api() const { return *api_; }
    const ck_plugin_ctx* ctx() const { return ctx_; }

    // Index of the expansion with this id (throws when absent).
    uint32_t expansion_index(const std::string& id) const {
        for (uint32_t i = 0; i < api_->expansion_count(ctx_); ++i)
            if (id == api_->expansion_at(ctx_, i)->id) return i;
        throw std::runtime_error("no expansion " + id);
    }

    LogCapture log;

private:
    Library library_;
    const ck_plugin_api* api_ = nullptr;
    ck_plugin_ctx* ctx_ = nullptr;
};

// Releases a module-produced buffer at scope exit, as hosts must.
struct ScopedBuffer {
    ck_buffer buffer{};
    ScopedBuffer() = default;
    ScopedBuffer(const ScopedBuffer&) = delete;
    ScopedBuffer& operator=(const ScopedBuffer&) = delete;
    ~ScopedBuffer() {
        if (buffer.release != nullptr) buffer.release(&buffer);
    }
    ck_buffer* out() { return &buffer; }
};

}  // namespace ck::abi_test

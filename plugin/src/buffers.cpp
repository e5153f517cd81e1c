#include "buffers.hpp"

namespace ck::sdk::detail {
namespace {

void clear_fields(ck_buffer* self) noexcept {
    self->data = nullptr;
    self->size = 0;
    self->release = nullptr;
    self->private_data = nullptr;
}

// The builder allocated with flatbuffers' default allocator (new[]), so the
// same allocator frees it: allocation and release stay inside the module.
void release_builder_memory(ck_buffer* self) noexcept {
    if (self == nullptr) return;
    flatbuffers::DefaultAllocator::dealloc(self->private_data, 0);
    clear_fields(self);
}

void release_borrowed(ck_buffer* self) noexcept {
    if (self != nullptr) clear_fields(self);
}

}  // namespace

// The ABI-1.0 layout of ck_buffer is the smallest any ABI-1 host has, so it
// is written in full; struct_size tells the host what was written.
void reset_buffer(ck_buffer* out) noexcept {
    out->struct_size = sizeof(ck_buffer);
    clear_fields(out);
}

void hand_over(flatbuffers::FlatBufferBuilder& finished, ck_buffer* out) noexcept {
    const size_t size = finished.GetSize();
    size_t allocated = 0, offset = 0;
    uint8_t* raw = finished.ReleaseRaw(allocated, offset);
    out->struct_size = sizeof(ck_buffer);
    out->data = raw + offset;
    out->size = size;
    out->private_data = raw;
    out->release = &release_builder_memory;
}

void lend(const std::vector<uint8_t>& bytes, ck_buffer* out) noexcept {
    out->struct_size = sizeof(ck_buffer);
    out->data = bytes.data();
    out->size = bytes.size();
    out->private_data = nullptr;
    out->release = &release_borrowed;
}

void make_empty(ck_buffer* out) noexcept {
    reset_buffer(out);
    out->release = &release_borrowed;
}

}  // namespace ck::sdk::detail

#include "exported_symbols.hpp"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <iterator>

namespace ck::validate {
namespace {

// Bounds-checked reads of a file held in memory: a hostile file gives an
// error, never a read out of range.
struct Image {
    std::vector<char> bytes;
    bool has(uint64_t offset, uint64_t size) const {
        return offset <= bytes.size() && size <= bytes.size() - offset;
    }
    template <typename T>
    bool read(uint64_t offset, T& out) const {
        if (!has(offset, sizeof(T))) return false;
        std::memcpy(&out, bytes.data() + offset, sizeof(T));
        return true;
    }
};

}  // namespace

ExportedSymbols exported_symbols(const std::filesystem::path& file) {
    ExportedSymbols result;
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        result.error = "cannot open " + file.string();
        return result;
    }
    Image image;
    image.bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    Elf64_Ehdr header{};
    if (!image.read(0, header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0) {
        result.error = "not an ELF file";
        return result;
    }
    if (header.e_ident[EI_CLASS] != ELFCLASS64) {
        result.error = "not a 64-bit ELF file";
        return result;
    }
    if (header.e_shentsize != sizeof(Elf64_Shdr)) {
        result.error = "unexpected section header size";
        return result;
    }
    for (uint16_t s = 0; s < header.e_shnum; ++s) {
        Elf64_Shdr section{};
        if (!image.read(header.e_shoff + uint64_t(s) * sizeof(Elf64_Shdr), section)) {
            result.error = "section header " + std::to_string(s) + " lies outside the file";
            return result;
        }
        if (section.sh_type != SHT_DYNSYM) continue;
        Elf64_Shdr strings{};
        if (section.sh_link >= header.e_shnum ||
            !image.read(header.e_shoff + uint64_t(section.sh_link) * sizeof(Elf64_Shdr), strings) ||
            !image.has(strings.sh_offset, strings.sh_size) || !image.has(section.sh_offset, section.sh_size)) {
            result.error = "the dynamic symbol table lies outside the file";
            return result;
        }
        for (uint64_t at = sizeof(Elf64_Sym); at + sizeof(Elf64_Sym) <= section.sh_size; at += sizeof(Elf64_Sym)) {
            Elf64_Sym sym{};
            image.read(section.sh_offset + at, sym);
            const unsigned bind = ELF64_ST_BIND(sym.st_info);
            const unsigned visibility = ELF64_ST_VISIBILITY(sym.st_other);
            if (sym.st_shndx == SHN_UNDEF || sym.st_shndx == SHN_ABS) continue;
            if (bind != STB_GLOBAL && bind != STB_WEAK && bind != STB_GNU_UNIQUE) continue;
            if (visibility != STV_DEFAULT && visibility != STV_PROTECTED) continue;
            if (sym.st_name >= strings.sh_size) continue;
            const char* name = image.bytes.data() + strings.sh_offset + sym.st_name;
            const size_t max = strings.sh_size - sym.st_name;
            result.functions_and_data.emplace_back(name, strnlen(name, max));
        }
        return result;
    }
    result.error = "no dynamic symbol table (not a shared object?)";
    return result;
}

}  // namespace ck::validate

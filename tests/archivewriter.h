#pragma once
// Archives written in memory with libarchive, for tests of the bundle reader: members of any
// type (files, directories, symlinks, hard links), as tar, zip or a bare .gz.
#include <archive.h>
#include <archive_entry.h>

#include <string>
#include <vector>

namespace kubelane::test {

struct ArchiveMember {
    std::string name, content;
    unsigned type = AE_IFREG;
    std::string link; // symlink target or hard link name
};

// An archive written with libarchive: "tar", "zip" or "raw" (a bare .gz), gzip or not.
inline std::string makeArchive(const std::vector<ArchiveMember> &members, const std::string &format, bool gzip)
{
    std::string out;
    archive *a = archive_write_new();
    if (format == "zip")
        archive_write_set_format_zip(a);
    else if (format == "raw")
        archive_write_set_format_raw(a);
    else
        archive_write_set_format_pax_restricted(a);
    if (gzip)
        archive_write_add_filter_gzip(a);
    archive_write_set_bytes_in_last_block(a, 1);
    archive_write_open(
        a, &out, nullptr,
        [](archive *, void *client, const void *buf, size_t n) -> la_ssize_t {
            static_cast<std::string *>(client)->append(static_cast<const char *>(buf), n);
            return static_cast<la_ssize_t>(n);
        },
        nullptr);
    for (const auto &m : members) {
        archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, m.name.c_str());
        archive_entry_set_filetype(e, m.type);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_mtime(e, 1607325383, 0);
        if (m.type == AE_IFLNK)
            archive_entry_set_symlink(e, m.link.c_str());
        else if (!m.link.empty())
            archive_entry_set_hardlink(e, m.link.c_str());
        archive_entry_set_size(e, m.type == AE_IFREG && m.link.empty() ? static_cast<la_int64_t>(m.content.size()) : 0);
        archive_write_header(a, e);
        if (m.type == AE_IFREG && m.link.empty())
            archive_write_data(a, m.content.data(), m.content.size());
        archive_entry_free(e);
    }
    archive_write_close(a);
    archive_write_free(a);
    return out;
}

} // namespace kubelane::test

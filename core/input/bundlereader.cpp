#include "bundlereader.h"

#include "displaypath.h"

#include "spillbuffer.h"

#include "../util/parallel.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <atomic>
#include <iterator>
#include <optional>
#include <charconv>
#include <cstdio>
#include <limits>
#include <filesystem>
#include <sys/stat.h>

namespace fs = std::filesystem;

namespace kubelane::core {

namespace {

bool isMetadataFile(const std::string &name)
{
    // Sample/bundle documentation and our own session files are not logs.
    return name == "EXPECTED.json" || name == "CONTENTS.md" || name == "README.md" || name.ends_with(".kubelane-session.json");
}

// Where logs are written, as opposed to a bundle collected from there.
bool isLiveLogLocation(const std::string &path)
{
    std::error_code ec;
    const std::string absolute = fs::weakly_canonical(fs::absolute(path, ec), ec).string();
    for (const char *root : {"/var/log/", "/var/lib/docker/containers/", "/var/lib/containerd/", "/run/log/"})
        if (absolute.starts_with(root))
            return true;
    return false;
}

// An archive held in memory, handed to libarchive a piece at a time: how far it has read
// is how many compressed bytes the members so far came from (the expansion ratio's divisor).
struct MemoryArchiveSource {
    static constexpr std::size_t kPiece = 64u << 10;
    std::string_view data;
    std::size_t position = 0;
    std::size_t consumed = 0; // the furthest byte handed out

    static la_ssize_t read(archive *, void *self, const void **buffer)
    {
        auto *s = static_cast<MemoryArchiveSource *>(self);
        const std::size_t n = std::min(kPiece, s->data.size() - s->position);
        *buffer = s->data.data() + s->position;
        s->position += n;
        s->consumed = std::max(s->consumed, s->position);
        return static_cast<la_ssize_t>(n);
    }
    static la_int64_t skip(archive *, void *self, la_int64_t request)
    {
        auto *s = static_cast<MemoryArchiveSource *>(self);
        const auto n = std::min<std::uint64_t>(static_cast<std::uint64_t>(std::max<la_int64_t>(request, 0)), s->data.size() - s->position);
        s->position += n;
        return static_cast<la_int64_t>(n);
    }
    static la_int64_t seek(archive *, void *self, la_int64_t offset, int whence)
    {
        auto *s = static_cast<MemoryArchiveSource *>(self);
        const la_int64_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? la_int64_t(s->position) : la_int64_t(s->data.size());
        const la_int64_t to = base + offset;
        if (to < 0 || to > la_int64_t(s->data.size()))
            return ARCHIVE_FATAL;
        s->position = static_cast<std::size_t>(to);
        return to;
    }
};

// What a folder or an input names, in the order the bundle lists it: a file to read, or what
// is already known of a path (skipped, or an error in the result's files).
struct ListedPath {
    enum Kind { Read, Skip, Error } kind;
    std::string path;
    std::string reason; // Skip, Error
};

class Reader {
public:
    // `total`: the bytes read so far by every reader of the bundle (files are read side by side).
    Reader(const BundleReadOptions &o, std::atomic<std::uint64_t> &total) : m_options(o), m_total(total) { }

    BundleReadResult result;

    // Lists an input: a folder's files, sorted, or the file itself.
    static void list(const std::string &input, std::vector<ListedPath> &out)
    {
        std::error_code ec;
        const fs::path p(input);
        if (fs::is_directory(p, ec)) {
            std::vector<fs::path> files;
            for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
                std::error_code fec;
                if (it->is_regular_file(fec))
                    files.push_back(it->path());
                else if (!it->is_directory(fec))
                    out.push_back({ListedPath::Skip, it->path().string(), "not a regular file (a socket, device or broken link)"});
            }
            if (ec)
                out.push_back({ListedPath::Error, input, "cannot list folder: " + ec.message()});
            std::sort(files.begin(), files.end());
            for (const auto &f : files) {
                if (isMetadataFile(f.filename().string()))
                    out.push_back({ListedPath::Skip, f.string(), "bundle documentation, not a log"});
                else
                    out.push_back({ListedPath::Read, f.string(), {}});
            }
            return;
        }
        if (!fs::exists(p, ec)) {
            out.push_back({ListedPath::Error, input, "no such file or folder"});
            return;
        }
        out.push_back({ListedPath::Read, input, {}});
    }

    void addListed(const ListedPath &listed)
    {
        switch (listed.kind) {
        case ListedPath::Read:
            if (!cancelled())
                addFile(listed.path);
            break;
        case ListedPath::Skip: result.skipped.push_back({listed.path, listed.reason}); break;
        case ListedPath::Error: result.files.push_back({listed.path, nullptr, 0, listed.reason}); break;
        }
    }
    // The files, skips and notes of a reader of one listed path, after this reader's.
    void append(Reader &&part)
    {
        std::move(part.result.files.begin(), part.result.files.end(), std::back_inserter(result.files));
        std::move(part.result.skipped.begin(), part.result.skipped.end(), std::back_inserter(result.skipped));
        std::move(part.result.notes.begin(), part.result.notes.end(), std::back_inserter(result.notes));
        m_readForLackOfGuard += part.m_readForLackOfGuard;
    }

    void addMemory(const std::string &name, BytesPtr bytes) { addBytes(name, std::move(bytes), 0, 0); }

private:
    bool cancelled() const { return m_options.cancel && m_options.cancel->load(); }

    void addFile(const std::string &path)
    {
        struct stat st { };
        const std::int64_t mtime = ::stat(path.c_str(), &st) == 0 ? st.st_mtime : 0;
        if (m_total.load() + std::uint64_t(std::max<off_t>(st.st_size, 0)) > m_options.maxTotalBytes) {
            result.files.push_back(
                {path, nullptr, 0, "skipped: the bundle exceeds the limit of " + formatByteSize(m_options.maxTotalBytes) + " read in all"});
            return;
        }
        // A log read where its writer keeps it may be truncated (rotated) while kubelane has
        // it open: a copy in memory cannot be cut short under us. A bundle is mapped; should
        // it shrink all the same, the lost tail reads as zeros (Bytes::lostTail).
        const bool live = isLiveLogLocation(path) || !S_ISREG(st.st_mode); // a pipe (<(zcat ...)) cannot be mapped
        std::string error;
        BytesPtr bytes = live ? Bytes::readFile(path, error) : Bytes::mapFile(path, error);
        if (!bytes) {
            result.files.push_back({path, nullptr, 0, "cannot open: " + error});
            return;
        }
        if (bytes->readForLackOfGuard())
            ++m_readForLackOfGuard;
        addBytes(path, std::move(bytes), mtime, 0);
    }

    void addBytes(const std::string &path, BytesPtr bytes, std::int64_t mtime, int depth, std::string damage = {})
    {
        if (looksLikeArchive(*bytes)) {
            if (depth < m_options.maxArchiveDepth) {
                if (!damage.empty()) // an archive cut short inside an archive: what it holds up to there
                    result.files.push_back({path, nullptr, 0, "archive member is " + damage});
                readArchive(path, *bytes, mtime, depth);
                return;
            }
            result.skipped.push_back({path,
                                      "an archive inside " + std::to_string(depth)
                                          + " archives: not opened (the limit of nested archives is "
                                          + std::to_string(m_options.maxArchiveDepth) + ")"});
            return;
        }
        const std::uint64_t total = m_total += bytes->size();
        if (m_options.progress)
            m_options.progress(path, total);
        result.files.push_back({path, std::move(bytes), mtime, {}, std::move(damage)});
    }

    // One archive's limits against bombs: what its members expanded to so far against the
    // compressed bytes they came from.
    struct ArchiveBudget {
        const MemoryArchiveSource *source = nullptr;
        std::uint64_t expanded = 0;
    };

    // `rawOnly`: the decompressed stream is one file, whatever it looks like (a .gz of zeros
    // looks like the end of an empty tar archive to the tar reader).
    void readArchive(const std::string &outer, std::string_view data, std::int64_t outerMtime, int depth, bool rawOnly = false)
    {
        archive *a = archive_read_new();
        archive_read_support_filter_all(a);
        if (!rawOnly)
            archive_read_support_format_all(a);
        archive_read_support_format_raw(a); // a bare .gz holds one unnamed file
        MemoryArchiveSource source{data};
        archive_read_set_read_callback(a, &MemoryArchiveSource::read);
        archive_read_set_skip_callback(a, &MemoryArchiveSource::skip);
        archive_read_set_seek_callback(a, &MemoryArchiveSource::seek);
        archive_read_set_callback_data(a, &source);
        if (archive_read_open1(a) != ARCHIVE_OK) {
            result.files.push_back({outer, nullptr, 0, std::string("not a readable archive: ") + errorOf(a)});
            archive_read_free(a);
            return;
        }
        ArchiveBudget budget{&source};
        archive_entry *entry = nullptr;
        std::string lastMember;
        std::size_t members = 0, folders = 0;
        int status;
        while ((status = archive_read_next_header(a, &entry)) == ARCHIVE_OK || status == ARCHIVE_WARN) {
            if (cancelled())
                break;
            ++members;
            const bool raw = archive_format(a) == ARCHIVE_FORMAT_RAW;
            const auto type = archive_entry_filetype(entry);
            std::string name =
                raw ? stripCompressionSuffix(outer) : normalise(archive_entry_pathname(entry) ? archive_entry_pathname(entry) : "");
            if (!raw && type == AE_IFDIR) {
                ++folders;
                continue;
            }
            if (name.empty()) // "/", "./" or "a/..": nothing is left of the name to show
                name = "member " + std::to_string(members) + " (no name)";
            const std::string display = raw ? name : outer + "!" + name;
            lastMember = display;
            // Links and devices are names only: nothing is followed out of the archive.
            if (!raw && archive_entry_hardlink(entry)) {
                result.skipped.push_back(
                    {display,
                     std::string("a hard link to ") + archive_entry_hardlink(entry) + " inside the archive, read once under that name"});
                continue;
            }
            if (!raw && type != AE_IFREG) {
                result.skipped.push_back(
                    {display, type == AE_IFLNK ? "a symbolic link inside the archive, not followed" : "not a regular file"});
                continue;
            }
            if (!raw && isMetadataFile(fs::path(name).filename().string())) {
                result.skipped.push_back({display, "bundle documentation, not a log"});
                continue;
            }
            Entry member = readEntry(a, display, budget);
            const std::int64_t mtime = archive_entry_mtime_is_set(entry) ? archive_entry_mtime(entry) : outerMtime;
            if (member.outcome == Entry::Read) {
                addBytes(display, std::move(member.bytes), mtime, depth + 1);
                continue;
            }
            if (member.outcome == Entry::Damaged && member.bytes && !member.bytes->empty()) {
                // Everything before the damage is still the log it was.
                addBytes(display, std::move(member.bytes), mtime, depth + 1,
                         "damaged after " + formatByteSize(member.bytesRead) + ": " + member.error);
                break;
            }
            result.files.push_back(
                {display, nullptr, 0, member.outcome == Entry::Damaged ? "archive member is corrupt: " + member.error : member.error});
            if (member.outcome != Entry::NotRead)
                break; // damaged data or a bomb: reading on would decompress it all again
        }
        // RETRY ("Damaged tar archive"), FAILED and FATAL all end the archive here.
        const bool broken = status != ARCHIVE_EOF && status != ARCHIVE_OK && status != ARCHIVE_WARN;
        if (broken)
            result.files.push_back(
                {outer, nullptr, 0,
                 "archive is corrupt or truncated" + (lastMember.empty() ? std::string() : " after " + lastMember) + ": " + errorOf(a)});
        const bool compressed = archive_filter_count(a) > 1;
        archive_read_free(a);
        if (members == 0 && status == ARCHIVE_EOF) {
            if (compressed && !rawOnly)
                readArchive(outer, data, outerMtime, depth, true); // one compressed file after all
            else
                result.skipped.push_back({outer, "an archive with no files in it"});
        } else if (members == folders && status == ARCHIVE_EOF) {
            result.skipped.push_back({outer, "an archive with no files in it, only folders"});
        }
    }

    static std::string errorOf(archive *a) { return archive_error_string(a) ? archive_error_string(a) : "unreadable data"; }

    struct Entry {
        enum Outcome { Read, NotRead, Damaged, OverLimit } outcome = Read;
        BytesPtr bytes; // Read; Damaged: what came before the damage
        std::string error;
        std::uint64_t bytesRead = 0;
    };

    // A member's decompressed bytes: in memory while small, else in a private temporary file
    // that is mapped like a plain file, so a large archive does not cost its size in memory.
    Entry readEntry(archive *a, const std::string &display, ArchiveBudget &budget)
    {
        char buf[1 << 16];
        SpillBuffer out;
        Entry e;
        auto keepWhatCame = [&] {
            std::string ignored;
            e.bytesRead = out.size();
            e.bytes = out.finish(ignored);
        };
        for (;;) {
            const la_ssize_t n = archive_read_data(a, buf, sizeof buf);
            if (n == 0) {
                e.bytes = out.finish(e.error);
                e.outcome = e.bytes ? Entry::Read : Entry::NotRead;
                return e;
            }
            if (n < 0) {
                e.outcome = Entry::Damaged;
                e.error = errorOf(a);
                keepWhatCame();
                return e;
            }
            budget.expanded += static_cast<std::uint64_t>(n);
            if (std::string why = overLimit(display, budget, out.size() + std::uint64_t(n)); !why.empty()) {
                e.outcome = Entry::OverLimit;
                e.error = std::move(why);
                return e;
            }
            if (!out.append(std::string_view(buf, static_cast<std::size_t>(n)), e.error)) {
                e.outcome = Entry::NotRead;
                return e;
            }
        }
    }

    // Why reading must stop here, or "": the message names the member, the limit and the
    // option that raises it.
    std::string overLimit(const std::string &member, const ArchiveBudget &budget, std::uint64_t memberBytes) const
    {
        const std::uint64_t compressed = std::max<std::uint64_t>(budget.source->consumed, 1);
        if (budget.expanded > m_options.maxExpandedBytes)
            return "not read: " + member + " expands past " + formatByteSize(m_options.maxExpandedBytes)
                + ", the limit for one archive (a decompression bomb?); raise it with --max-expanded SIZE";
        if (budget.expanded >= m_options.ratioCheckFrom && double(budget.expanded) > m_options.maxExpansionRatio * double(compressed))
            return "not read: " + member + " expands to more than " + std::to_string(static_cast<long long>(m_options.maxExpansionRatio))
                + " times its compressed size (" + formatByteSize(budget.expanded) + " from " + formatByteSize(compressed)
                + "; a decompression bomb?); raise the limit with --max-ratio N";
        if (m_total.load() + memberBytes > m_options.maxTotalBytes)
            return "not read: " + member + ": the bundle exceeds the limit of " + formatByteSize(m_options.maxTotalBytes) + " read in all";
        return {};
    }

    // The one file a compressed stream holds is named after the stream, less its suffix. A name
    // left as "", "." or ".." ("a/...gz") would read as a directory, or as a step out of the
    // archive, so it keeps its suffix and says it was decompressed instead.
    static std::string stripCompressionSuffix(const std::string &path)
    {
        for (const char *ext : {".gz", ".bz2", ".xz", ".zst"}) {
            if (!path.ends_with(ext))
                continue;
            const std::string stripped = path.substr(0, path.size() - std::char_traits<char>::length(ext));
            const std::string_view name = fileNameOfDisplayPath(stripped);
            if (name.empty() || name == "." || name == "..")
                break;
            return stripped;
        }
        return path + "~decompressed";
    }

    // Archive member names are names, not paths to follow: drop leading '/', '.' and '..'
    // components so the display path cannot climb out of the archive.
    static std::string normalise(const std::string &name)
    {
        std::vector<std::string> parts;
        size_t i = 0;
        while (i <= name.size()) {
            const size_t e = std::min(name.find('/', i), name.size());
            const std::string part = name.substr(i, e - i);
            if (part == "..") {
                if (!parts.empty())
                    parts.pop_back();
            } else if (!part.empty() && part != ".") {
                parts.push_back(part);
            }
            i = e + 1;
        }
        std::string out;
        for (const auto &p : parts)
            out += (out.empty() ? "" : "/") + p;
        return out;
    }

public:
    // Said once for the bundle: which files would be named is no help, only that memory went.
    void noteFilesReadForLackOfGuard()
    {
        if (m_readForLackOfGuard > 0)
            result.notes.push_back(std::to_string(m_readForLackOfGuard) + (m_readForLackOfGuard == 1 ? " file was" : " files were")
                                   + " read into memory, not mapped: more than " + std::to_string(Bytes::kGuardSlots)
                                   + " files are mapped at once, as many as the guard against files truncated while open holds");
    }

private:
    const BundleReadOptions &m_options;
    std::atomic<std::uint64_t> &m_total;
    std::size_t m_readForLackOfGuard = 0;
};

} // namespace

bool looksLikeArchive(std::string_view h)
{
    auto starts = [&](std::string_view magic) { return h.substr(0, magic.size()) == magic; };
    if (starts("\x1f\x8b") || starts("BZh")
        || starts("\xfd"
                  "7zXZ")
        || starts("\x28\xb5\x2f\xfd") || starts("PK\x03\x04"))
        return true;
    return h.size() > 262 && h.substr(257, 5) == "ustar";
}

// The listed files are read side by side: a bundle of compressed logs (rotated .gz files)
// decompresses on every core, not on one. Each listed path has a reader of its own, and their
// results are put together in the order of the listing, as one reader would have read them.
// Only the limit of what is read in all (BundleReadOptions::maxTotalBytes) is shared: reached,
// it stops the files being read at that moment, which need not be the last listed.
BundleReadResult readBundle(const std::vector<std::string> &inputs, const BundleReadOptions &options)
{
    std::vector<ListedPath> listed;
    for (const auto &input : inputs)
        Reader::list(input, listed);
    std::atomic<std::uint64_t> total{0};
    std::vector<std::optional<Reader>> parts(listed.size());
    const auto order = largestFirst(listed.size(), [&](std::size_t i) {
        std::error_code ec;
        const auto size = listed[i].kind == ListedPath::Read ? fs::file_size(listed[i].path, ec) : 0;
        return ec ? std::uintmax_t(0) : size;
    });
    forEachInParallel(
        listed.size(), options.threads,
        [&](std::size_t i) {
            parts[i].emplace(options, total);
            parts[i]->addListed(listed[i]);
        },
        &order);
    Reader reader(options, total);
    for (auto &part : parts)
        reader.append(std::move(*part));
    reader.noteFilesReadForLackOfGuard();
    return std::move(reader.result);
}

BundleReadResult readBundleBytes(const std::string &name, BytesPtr bytes, const BundleReadOptions &options)
{
    std::atomic<std::uint64_t> total{0};
    Reader reader(options, total);
    reader.addMemory(name, std::move(bytes));
    return std::move(reader.result);
}

std::string formatByteSize(std::uint64_t bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    double value = double(bytes);
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    char text[32];
    std::snprintf(text, sizeof text, value == double(std::uint64_t(value)) || unit == 0 ? "%.0f %s" : "%.1f %s", value, units[unit]);
    return text;
}

std::optional<std::uint64_t> parseByteSize(std::string_view text)
{
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end == text.data())
        return std::nullopt;
    std::string_view unit(end, static_cast<std::size_t>(text.data() + text.size() - end));
    if (!unit.empty() && (unit.back() == 'B' || unit.back() == 'b'))
        unit.remove_suffix(1);
    if (unit.size() == 2 && unit.back() == 'i')
        unit.remove_suffix(1);
    int shift = 0;
    if (unit == "K" || unit == "k")
        shift = 10;
    else if (unit == "M" || unit == "m")
        shift = 20;
    else if (unit == "G" || unit == "g")
        shift = 30;
    else if (unit == "T" || unit == "t")
        shift = 40;
    else if (!unit.empty())
        return std::nullopt;
    if (shift && value > (std::numeric_limits<std::uint64_t>::max() >> shift))
        return std::nullopt;
    return value << shift;
}

} // namespace kubelane::core

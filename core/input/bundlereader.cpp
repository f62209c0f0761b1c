#include "bundlereader.h"

#include "spillbuffer.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <filesystem>
#include <sys/stat.h>

namespace fs = std::filesystem;

namespace kubelane::core {

namespace {

bool isMetadataFile(const std::string &name)
{
    // Sample/bundle documentation and our own session files are not logs.
    return name == "EXPECTED.json" || name == "CONTENTS.md" || name == "README.md"
        || name.ends_with(".kubelane-session.json");
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

class Reader {
public:
    explicit Reader(const BundleReadOptions &o) : m_options(o) {}

    BundleReadResult result;

    void addPath(const std::string &input)
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
            }
            if (ec)
                result.files.push_back({input, nullptr, 0, "cannot list folder: " + ec.message()});
            std::sort(files.begin(), files.end());
            for (const auto &f : files) {
                if (cancelled())
                    return;
                if (isMetadataFile(f.filename().string())) {
                    result.skipped.push_back(f.string() + " (bundle documentation, not a log)");
                    continue;
                }
                addFile(f.string());
            }
            return;
        }
        if (!fs::exists(p, ec)) {
            result.files.push_back({input, nullptr, 0, "no such file or folder"});
            return;
        }
        addFile(input);
    }

private:
    bool cancelled() const { return m_options.cancel && m_options.cancel->load(); }

    void addFile(const std::string &path)
    {
        struct stat st {};
        const std::int64_t mtime = ::stat(path.c_str(), &st) == 0 ? st.st_mtime : 0;
        if (m_total + std::uint64_t(std::max<off_t>(st.st_size, 0)) > m_options.maxTotalBytes) {
            result.files.push_back({path, nullptr, 0, "skipped: bundle exceeds the size limit"});
            return;
        }
        // A log read where its writer keeps it may be truncated (rotated) while kubelane has
        // it open: a copy in memory cannot be cut short under us, a mapping can.
        const bool live = isLiveLogLocation(path) || !S_ISREG(st.st_mode); // a pipe (<(zcat ...)) cannot be mapped
        std::string error;
        BytesPtr bytes = live ? Bytes::readFile(path, error) : Bytes::mapFile(path, error);
        if (!bytes) {
            result.files.push_back({path, nullptr, 0, "cannot open: " + error});
            return;
        }
        addBytes(path, std::move(bytes), mtime, 0);
    }

    void addBytes(const std::string &path, BytesPtr bytes, std::int64_t mtime, int depth)
    {
        if (looksLikeArchive(*bytes) && depth < m_options.maxArchiveDepth) {
            readArchive(path, *bytes, mtime, depth);
            return;
        }
        m_total += bytes->size();
        if (m_options.progress)
            m_options.progress(path, m_total);
        result.files.push_back({path, std::move(bytes), mtime, {}});
    }

    void readArchive(const std::string &outer, std::string_view data, std::int64_t outerMtime, int depth)
    {
        archive *a = archive_read_new();
        archive_read_support_filter_all(a);
        archive_read_support_format_all(a);
        archive_read_support_format_raw(a); // a bare .gz holds one unnamed file
        if (archive_read_open_memory(a, data.data(), data.size()) != ARCHIVE_OK) {
            result.files.push_back({outer, nullptr, 0, std::string("not a readable archive: ") + archive_error_string(a)});
            archive_read_free(a);
            return;
        }
        archive_entry *entry = nullptr;
        int status;
        while ((status = archive_read_next_header(a, &entry)) == ARCHIVE_OK || status == ARCHIVE_WARN) {
            if (cancelled())
                break;
            const bool raw = archive_format(a) == ARCHIVE_FORMAT_RAW;
            if (!raw && archive_entry_filetype(entry) != AE_IFREG)
                continue;
            std::string name = raw ? stripCompressionSuffix(outer) : normalise(archive_entry_pathname(entry) ? archive_entry_pathname(entry) : "");
            const std::string display = raw ? name : outer + "!" + name;
            if (!raw && isMetadataFile(fs::path(name).filename().string())) {
                result.skipped.push_back(display + " (bundle documentation, not a log)");
                continue;
            }
            std::string error;
            bool archiveReadable = true;
            BytesPtr bytes = readEntry(a, error, archiveReadable);
            if (!bytes) {
                result.files.push_back({display, nullptr, 0, (archiveReadable ? "not read: " : "archive member is corrupt: ") + error});
                if (!archiveReadable)
                    break;
                continue; // the next member is still there to read
            }
            const std::int64_t mtime = archive_entry_mtime_is_set(entry) ? archive_entry_mtime(entry) : outerMtime;
            addBytes(display, std::move(bytes), mtime, depth + 1);
        }
        if (status == ARCHIVE_FATAL)
            result.files.push_back({outer, nullptr, 0, std::string("archive is corrupt or truncated: ") + (archive_error_string(a) ? archive_error_string(a) : "")});
        archive_read_free(a);
    }

    // A member's decompressed bytes: in memory while small, else in a private temporary file
    // that is mapped like a plain file, so a large archive does not cost its size in memory.
    // `archiveReadable` false: the archive's own data is broken, nothing after can be read.
    BytesPtr readEntry(archive *a, std::string &error, bool &archiveReadable)
    {
        char buf[1 << 16];
        SpillBuffer out;
        for (;;) {
            const la_ssize_t n = archive_read_data(a, buf, sizeof buf);
            if (n == 0)
                return out.finish(error);
            if (n < 0) {
                error = archive_error_string(a) ? archive_error_string(a) : "unreadable data";
                archiveReadable = false;
                return nullptr;
            }
            if (m_total + out.size() + std::uint64_t(n) > m_options.maxTotalBytes) {
                error = "the bundle exceeds the size limit";
                return nullptr;
            }
            if (!out.append(std::string_view(buf, static_cast<std::size_t>(n)), error))
                return nullptr;
        }
    }

    static std::string stripCompressionSuffix(const std::string &path)
    {
        for (const char *ext : {".gz", ".bz2", ".xz", ".zst"})
            if (path.ends_with(ext))
                return path.substr(0, path.size() - std::char_traits<char>::length(ext));
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

    const BundleReadOptions &m_options;
    std::uint64_t m_total = 0;
};

} // namespace

bool looksLikeArchive(std::string_view h)
{
    auto starts = [&](std::string_view magic) { return h.substr(0, magic.size()) == magic; };
    if (starts("\x1f\x8b") || starts("BZh") || starts("\xfd" "7zXZ") || starts("\x28\xb5\x2f\xfd") || starts("PK\x03\x04"))
        return true;
    return h.size() > 262 && h.substr(257, 5) == "ustar";
}

BundleReadResult readBundle(const std::vector<std::string> &inputs, const BundleReadOptions &options)
{
    Reader reader(options);
    for (const auto &input : inputs)
        reader.addPath(input);
    return std::move(reader.result);
}

} // namespace kubelane::core

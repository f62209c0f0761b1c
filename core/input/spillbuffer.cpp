#include "spillbuffer.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/statfs.h>
#include <unistd.h>

namespace kubelane::core {

namespace {

bool writeAll(int fd, std::string_view data, std::string &error)
{
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = std::string("cannot write the temporary copy: ") + std::strerror(errno);
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

// An anonymous file in `folder`: O_TMPFILE where the file system has it, else a named one
// removed at once.
int openAnonymousFile(const std::string &folder)
{
#ifdef O_TMPFILE
    if (const int fd = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600); fd >= 0)
        return fd;
#endif
    std::string name = folder + "/kubelane-XXXXXX";
    const int fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd >= 0)
        ::unlink(name.c_str());
    return fd;
}

// A tmpfs (or ramfs) keeps its files in memory.
bool isInRam(const char *folder)
{
    struct statfs fs { };
    if (::statfs(folder, &fs) != 0)
        return false;
    const auto type = static_cast<unsigned long>(fs.f_type);
    return type == TMPFS_MAGIC || type == RAMFS_MAGIC;
}

} // namespace

std::string chooseTemporaryFolder(const TemporaryFolderChoice &where)
{
    if (!where.tmpdir.empty())
        return where.tmpdir;
    return where.tmpInRam && where.varTmpOnDisk ? "/var/tmp" : "/tmp";
}

std::string temporaryFolder()
{
    TemporaryFolderChoice where;
    if (const char *dir = std::getenv("TMPDIR"))
        where.tmpdir = dir;
    where.tmpInRam = isInRam("/tmp");
    where.varTmpOnDisk = !isInRam("/var/tmp") && ::access("/var/tmp", W_OK | X_OK) == 0;
    return chooseTemporaryFolder(where);
}

SpillBuffer::~SpillBuffer()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool SpillBuffer::append(std::string_view piece, std::string &error)
{
    m_size += piece.size();
    if (m_fd < 0 && !m_cannotSpill && m_memory.size() + piece.size() > kInMemoryLimit && !spill(error))
        return false;
    if (m_fd < 0) {
        m_memory.append(piece);
        return true;
    }
    if (writeAll(m_fd, piece, error))
        return true;
    // The temporary folder is full (or over quota): go on in memory, from what the file
    // held before this piece (of which some may have been written).
    if (!backToMemory(m_size - piece.size(), error))
        return false;
    m_memory.append(piece);
    return true;
}

bool SpillBuffer::backToMemory(std::uint64_t bytes, std::string &error)
{
    m_memory.assign(bytes, '\0');
    for (std::size_t at = 0; at < m_memory.size();) {
        const ssize_t n = ::pread(m_fd, m_memory.data() + at, m_memory.size() - at, static_cast<off_t>(at));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = std::string("cannot read back the temporary copy: ") + (n < 0 ? std::strerror(errno) : "it is shorter than written");
            return false;
        }
        at += static_cast<std::size_t>(n);
    }
    ::close(m_fd);
    m_fd = -1;
    m_cannotSpill = true;
    error.clear();
    return true;
}

bool SpillBuffer::spill(std::string &error)
{
    m_fd = openAnonymousFile(temporaryFolder());
    if (m_fd < 0) {
        m_cannotSpill = true; // no usable temporary folder: keep it in memory
        return true;
    }
    if (writeAll(m_fd, m_memory, error)) {
        m_memory.clear(); // and its buffer given back: `= {}` would keep it
        m_memory.shrink_to_fit();
        return true;
    }
    ::close(m_fd); // full already: stay in memory
    m_fd = -1;
    m_cannotSpill = true;
    error.clear();
    return true;
}

BytesPtr SpillBuffer::finish(std::string &error)
{
    if (m_fd < 0)
        return makeBytes(std::move(m_memory));
    return Bytes::mapDescriptor(m_fd, error);
}

} // namespace kubelane::core

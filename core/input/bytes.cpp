#include "bytes.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kubelane::core {

Bytes::Bytes(std::string text) : m_owned(std::move(text))
{
    m_data = m_owned.data();
    m_size = m_owned.size();
}

Bytes::~Bytes()
{
    if (m_map)
        ::munmap(m_map, m_mapLength);
}

std::shared_ptr<const Bytes> Bytes::mapFile(const std::string &path, std::string &error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = std::strerror(errno);
        return nullptr;
    }
    auto bytes = mapDescriptor(fd, error);
    ::close(fd);
    return bytes;
}

std::shared_ptr<const Bytes> Bytes::readFile(const std::string &path, std::string &error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = std::strerror(errno);
        return nullptr;
    }
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            error = std::strerror(errno);
            ::close(fd);
            return nullptr;
        }
        if (n == 0)
            break;
        text.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return std::make_shared<const Bytes>(std::move(text));
}

std::shared_ptr<const Bytes> Bytes::mapDescriptor(int fd, std::string &error)
{
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        error = std::strerror(errno);
        return nullptr;
    }
    if (!S_ISREG(st.st_mode)) {
        error = "not a regular file";
        return nullptr;
    }
    auto bytes = std::make_shared<Bytes>();
    if (st.st_size > 0) {
        void *map = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
        if (map == MAP_FAILED) {
            error = std::strerror(errno);
            return nullptr;
        }
        // Parsed front to back: let the kernel read ahead further.
        ::madvise(map, static_cast<std::size_t>(st.st_size), MADV_SEQUENTIAL);
        bytes->m_map = map;
        bytes->m_mapLength = static_cast<std::size_t>(st.st_size);
        bytes->m_data = static_cast<const char *>(map);
        bytes->m_size = bytes->m_mapLength;
    }
    return bytes;
}

void Bytes::endSequentialReading() const
{
    if (m_map)
        ::madvise(m_map, m_mapLength, MADV_NORMAL);
}

void Bytes::releasePages(std::uint64_t offset, std::uint64_t length) const
{
    if (!m_map || offset >= m_mapLength)
        return;
    static const std::uint64_t page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    const std::uint64_t end = std::min<std::uint64_t>(offset + length, m_mapLength);
    const std::uint64_t first = (offset + page - 1) / page * page;
    const std::uint64_t last = end == m_mapLength ? (end + page - 1) / page * page : end / page * page;
    if (last > first)
        ::madvise(static_cast<char *>(m_map) + first, last - first, MADV_DONTNEED);
}

} // namespace kubelane::core

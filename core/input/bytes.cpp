#include "bytes.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace kubelane::core {

namespace {

// The mappings the SIGBUS handler may repair. A fixed table of lock-free slots: the handler
// runs on the faulting thread at any moment and may neither lock nor allocate.
struct GuardedMapping {
    std::atomic<std::uintptr_t> begin{0}; // 0 = free
    std::atomic<std::uintptr_t> end{0};
    std::atomic<bool> lost{false};
};
constexpr int kGuardSlots = Bytes::kGuardSlots;
GuardedMapping g_guarded[kGuardSlots];
struct sigaction g_previousSigbus { };
std::uintptr_t g_pageSize = 4096; // read before the handler is installed: sysconf is no call for a handler

void onSigbus(int signal, siginfo_t *info, void *context)
{
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (auto &slot : g_guarded) {
        const std::uintptr_t begin = slot.begin.load(std::memory_order_acquire);
        if (begin == 0 || address < begin || address >= slot.end.load(std::memory_order_acquire))
            continue;
        // The file lost this page and everything after it: zeros in their place. mmap is a
        // plain system call on Linux, safe here in practice (what JVMs do for the same fault).
        const std::uintptr_t page = g_pageSize;
        const std::uintptr_t from = address / page * page;
        const std::uintptr_t to = (slot.end.load() + page - 1) / page * page;
        if (::mmap(reinterpret_cast<void *>(from), to - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            slot.lost.store(true);
            return;
        }
        break;
    }
    // Not a mapping of ours (or it could not be repaired): what would have happened without us.
    if (g_previousSigbus.sa_flags & SA_SIGINFO) {
        g_previousSigbus.sa_sigaction(signal, info, context);
    } else if (g_previousSigbus.sa_handler != SIG_DFL && g_previousSigbus.sa_handler != SIG_IGN) {
        g_previousSigbus.sa_handler(signal);
    } else {
        ::signal(signal, SIG_DFL); // returning re-executes the access, which now kills
    }
}

int guardMapping(const void *map, std::size_t length)
{
    static std::once_flag installed;
    std::call_once(installed, [] {
        g_pageSize = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
        struct sigaction action { };
        action.sa_sigaction = onSigbus;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGBUS, &action, &g_previousSigbus);
    });
    const auto begin = reinterpret_cast<std::uintptr_t>(map);
    for (int i = 0; i < kGuardSlots; ++i) {
        std::uintptr_t expected = 0;
        // Claim with a placeholder, fill in, then publish: the handler never sees half a slot.
        if (!g_guarded[i].begin.compare_exchange_strong(expected, 1, std::memory_order_acq_rel))
            continue;
        g_guarded[i].lost.store(false);
        g_guarded[i].end.store(begin + length, std::memory_order_release);
        g_guarded[i].begin.store(begin, std::memory_order_release);
        return i;
    }
    return -1;
}

void unguardMapping(int slot)
{
    if (slot < 0)
        return;
    g_guarded[slot].end.store(0, std::memory_order_release);
    g_guarded[slot].begin.store(0, std::memory_order_release);
}

// A file's bytes read into memory from an open descriptor (rewound first).
bool readDescriptor(int fd, std::string &text, std::string &error)
{
    if (::lseek(fd, 0, SEEK_SET) < 0 && errno != ESPIPE) {
        error = std::strerror(errno);
        return false;
    }
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            error = std::strerror(errno);
            return false;
        }
        if (n == 0)
            return true;
        text.append(buffer, static_cast<std::size_t>(n));
    }
}

} // namespace

Bytes::Bytes(std::string text) : m_owned(std::move(text))
{
    m_data = m_owned.data();
    m_size = m_owned.size();
}

Bytes::~Bytes()
{
    if (m_map) {
        unguardMapping(m_guardSlot);
        ::munmap(m_map, m_mapLength);
    }
}

bool Bytes::lostTail() const
{
    return m_guardSlot >= 0 && g_guarded[m_guardSlot].lost.load();
}

std::shared_ptr<const Bytes> Bytes::mapFile(const std::string &path, std::string &error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = std::strerror(errno);
        return nullptr;
    }
    std::shared_ptr<Bytes> bytes = map(fd, error);
    if (bytes && bytes->m_map) {
        const int slot = guardMapping(bytes->m_map, bytes->m_mapLength);
        if (slot >= 0) {
            bytes->m_guardSlot = slot;
        } else { // more files mapped than the guard holds: this one is read into memory
            std::string text;
            bytes = readDescriptor(fd, text, error) ? std::make_shared<Bytes>(std::move(text)) : nullptr;
            if (bytes)
                bytes->m_readForLackOfGuard = true;
        }
    }
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
    const bool read = readDescriptor(fd, text, error);
    ::close(fd);
    return read ? std::make_shared<const Bytes>(std::move(text)) : nullptr;
}

std::shared_ptr<const Bytes> Bytes::mapDescriptor(int fd, std::string &error)
{
    return map(fd, error);
}

int Bytes::guardedMappings()
{
    return static_cast<int>(std::count_if(std::begin(g_guarded), std::end(g_guarded),
                                          [](const GuardedMapping &slot) { return slot.begin.load(std::memory_order_acquire) != 0; }));
}

std::shared_ptr<Bytes> Bytes::map(int fd, std::string &error)
{
    struct stat st { };
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

#pragma once
// The bytes of one input: text held in memory (archive members, converted encodings, pastes,
// tests) or a read-only mapping of the file itself. A bundle of plain files is not copied
// into memory: the kernel's page cache holds it, and the parser gives back the pages it has
// read (releasePages), so a 1 GB bundle does not cost 1 GB of the process's memory.
// A mapped file that another process truncates while it is mapped can no longer be read in
// full: touching a page past its new end raises SIGBUS. The bundle reader reads logs where
// their writers keep them (/var/log, the container runtimes' folders) into memory, and maps
// bundles; and for a bundle truncated all the same (a collection still being written), a
// SIGBUS handler maps zero pages over the lost tail of the mapping it fell in, so the read
// goes on and sees NULs there (counted as binary lines) and lostTail() says so. Reading every
// bundle into memory instead would cost its size in memory (issue 11's work); the handler
// costs nothing until a file shrinks. A fault outside our mappings goes on to the handler
// installed before ours (the sanitizers') or the default action.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace kubelane::core {

class Bytes {
public:
    Bytes() = default;
    explicit Bytes(std::string text);
    Bytes(const Bytes &) = delete;
    Bytes &operator=(const Bytes &) = delete;
    ~Bytes();

    // Maps `path` read-only, guarded against SIGBUS (another process may truncate it); null
    // with `error` set when it cannot be opened or mapped. Past the guard's slots (more files
    // mapped at once than it holds) the file is read into memory: readForLackOfGuard() says so.
    static std::shared_ptr<const Bytes> mapFile(const std::string &path, std::string &error);
    // Reads `path` into memory: for a live log, which its writer may truncate at any moment.
    static std::shared_ptr<const Bytes> readFile(const std::string &path, std::string &error);
    // Maps an open file kubelane alone holds (a spill file, unlinked: no one can truncate
    // it), so without the SIGBUS guard. Closing is the caller's: the mapping does not need it.
    static std::shared_ptr<const Bytes> mapDescriptor(int fd, std::string &error);
    // How many mappings the SIGBUS guard holds now, of kGuardSlots.
    static int guardedMappings();
    static constexpr int kGuardSlots = 4096;

    std::string_view view() const { return {m_data, m_size}; }
    operator std::string_view() const { return view(); }
    const char *data() const { return m_data; }
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    std::string_view substr(std::size_t pos, std::size_t n = std::string_view::npos) const { return view().substr(pos, n); }
    bool isMapped() const { return m_map != nullptr; }
    // True when the mapped file shrank while mapped and its lost end was read as zeros.
    bool lostTail() const;
    // True when mapFile read the file into memory: every guard slot was taken.
    bool readForLackOfGuard() const { return m_readForLackOfGuard; }

    // Lets the kernel drop the mapped pages wholly inside [offset, offset + length) from this
    // process; reading them again fetches them from the page cache. Nothing for text in memory.
    void releasePages(std::uint64_t offset, std::uint64_t length) const;
    void releaseAllPages() const { releasePages(0, size()); }
    // The front-to-back read is over: later reads (the log view, evidence) jump about, so the
    // kernel should stop reading far ahead.
    void endSequentialReading() const;

private:
    std::string m_owned;
    const char *m_data = "";
    std::size_t m_size = 0;
    void *m_map = nullptr;
    std::size_t m_mapLength = 0;
    int m_guardSlot = -1; // the SIGBUS guard's record of this mapping
    bool m_readForLackOfGuard = false;

    static std::shared_ptr<Bytes> map(int fd, std::string &error);
};

using BytesPtr = std::shared_ptr<const Bytes>;

// For a reader going front to back: gives back the pages it has passed, a few MiB at a time,
// and the rest when it is done, so parsing a file holds only a window of it in memory.
class ReleaseBehind {
public:
    explicit ReleaseBehind(const Bytes &bytes) : m_bytes(bytes) { }
    ReleaseBehind(const ReleaseBehind &) = delete;
    ReleaseBehind &operator=(const ReleaseBehind &) = delete;
    ~ReleaseBehind()
    {
        m_bytes.releaseAllPages();
        m_bytes.endSequentialReading();
    }
    void passed(std::uint64_t offset)
    {
        if (offset < m_released + kStep)
            return;
        m_bytes.releasePages(m_released, offset - m_released);
        m_released = offset;
    }

private:
    static constexpr std::uint64_t kStep = 8u << 20;
    const Bytes &m_bytes;
    std::uint64_t m_released = 0;
};

inline BytesPtr makeBytes(std::string text)
{
    return std::make_shared<const Bytes>(std::move(text));
}

} // namespace kubelane::core

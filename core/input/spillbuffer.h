#pragma once
// Collects bytes arriving in pieces (an archive member being decompressed): in memory while
// small, then in a private temporary file that is unlinked at once, so nothing is left on
// disk and nothing is ever written next to the user's bundle. When the temporary folder
// fills up, it goes on in memory: a full /tmp never costs a log.
#include "bytes.h"

#include <string>
#include <string_view>

namespace kubelane::core {

class SpillBuffer {
public:
    static constexpr std::size_t kInMemoryLimit = 4u << 20;

    SpillBuffer() = default;
    SpillBuffer(const SpillBuffer &) = delete;
    SpillBuffer &operator=(const SpillBuffer &) = delete;
    ~SpillBuffer();

    bool append(std::string_view piece, std::string &error);
    std::uint64_t size() const { return m_size; }
    // The bytes so far, mapped from the file or moved out of memory; null with `error` set.
    BytesPtr finish(std::string &error);

private:
    bool spill(std::string &error);
    bool backToMemory(std::uint64_t bytes, std::string &error); // the file's first `bytes` into memory, the file closed

    std::string m_memory;
    int m_fd = -1;
    bool m_cannotSpill = false;
    std::uint64_t m_size = 0;
};

// Where a spilled member goes. $TMPDIR when the user set it. Otherwise /tmp, unless /tmp is
// a tmpfs (Fedora, Arch, Debian 13) and /var/tmp is a writable folder on disk: a tmpfs file
// is RAM (shared memory, outside the process's RSS but not free), which spilling exists to
// avoid.
struct TemporaryFolderChoice {
    std::string tmpdir;        // $TMPDIR ("" = unset)
    bool tmpInRam = false;     // /tmp is a tmpfs
    bool varTmpOnDisk = false; // /var/tmp is a writable folder, not a tmpfs
};
std::string chooseTemporaryFolder(const TemporaryFolderChoice &where);
// The choice above, for this machine.
std::string temporaryFolder();

} // namespace kubelane::core

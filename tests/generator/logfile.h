#pragma once
// One output log file: lines collected with their time, sorted and written with the
// envelope of how the log was collected, plus the occasional damaged line real collections
// have (a run of NUL bytes after an unclean shutdown, a line torn by copytruncate rotation).
#include "cluster.h"
#include "logtext.h"
#include "random.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kubelane::bundlegen {

struct FileFigures {
    std::string path; // relative to the bundle
    std::uint64_t lines = 0, bytes = 0, damaged = 0;
};

class LogFile {
public:
    LogFile(std::string relativePath, LogShape shape, std::string host = {}, std::string identifier = {})
        : m_path(std::move(relativePath)), m_shape(shape), m_host(std::move(host)), m_identifier(std::move(identifier))
    { }

    // A klog line of the file's process (kubelet, kube-controller-manager); `verbosity` is the
    // V level it is logged at (JSON lines print it; below 0: by its wording).
    void klog(Nanos t, char severity, int pid, std::string_view fileLine, const std::string &message, int verbosity = -1);
    // A line of systemd about the unit (journald files only; other shapes do not have them).
    void systemd(Nanos t, const std::string &message);
    // A line the process wrote without klog (flag deprecation warnings): journald and CRI
    // keep it with their envelope, a --log-file never gets it.
    void plain(Nanos t, int pid, std::string text);

    // The process logs with --logging-format=json: klog lines are written as JSON records.
    void setJson(bool json) { m_json = json; }
    bool json() const { return m_json; }

    LogShape shape() const { return m_shape; }
    // What the file will weigh, envelopes included (damaged lines not counted).
    std::uint64_t bytes() const { return m_bytes; }
    const std::string &path() const { return m_path; }
    std::size_t size() const { return m_lines.size(); }

    // Sorts by time (stable), adds damaged lines at `damageRate` and writes the file.
    FileFigures write(const std::string &bundleDir, Random &rng, double damageRate);

private:
    // The envelope is added when writing: the collector stamps lines as they arrive, in order.
    enum class Kind : std::uint8_t { Process, Systemd };
    struct Line {
        Nanos t;
        std::uint64_t seq;
        int pid;
        Kind kind;
        std::string text;
    };
    std::string m_path;
    LogShape m_shape;
    std::string m_host, m_identifier;
    std::vector<Line> m_lines;
    std::uint64_t m_seq = 0;
    std::uint64_t m_bytes = 0;
    bool m_json = false;

    void add(Nanos t, int pid, Kind kind, std::string text);
};

// A damaged copy of `line` as a collection of this shape would have it.
std::string damagedLine(Random &rng, LogShape shape, const std::string &line);

// Creates the directories of `path` and opens it for writing; throws std::runtime_error.
void writeWholeFile(const std::string &path, const std::string &content);
std::string ensureParent(const std::string &bundleDir, const std::string &relative);

} // namespace kubelane::bundlegen

#include "logfile.h"

#include "klogjsonline.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace kubelane::bundlegen {

namespace {

// journald stamps a line when it receives it, some microseconds after the process did; the
// container runtime likewise. A fixed function of the line's sequence keeps it deterministic.
Nanos receiveLag(std::uint64_t seq)
{
    return (9 + static_cast<Nanos>(seq * 7919 % 71)) * kUs + static_cast<Nanos>(seq * 104729 % 1000);
}

} // namespace

void LogFile::add(Nanos t, int pid, Kind kind, std::string text)
{
    std::uint64_t envelope = 0;
    if (m_shape == LogShape::Journald) // "Jun 19 08:00:01.273113 " host " " identifier "[" pid "]: "
        envelope = 23 + m_host.size() + 1 + (kind == Kind::Systemd ? 7 : m_identifier.size()) + 4 + std::to_string(pid).size();
    else if (m_shape == LogShape::Cri) // "2024-06-19T08:00:01.273113939Z stderr F "
        envelope = 40;
    m_bytes += envelope + text.size() + 1;
    m_lines.push_back({t, m_seq++, pid, kind, std::move(text)});
}

void LogFile::klog(Nanos t, char severity, int pid, std::string_view fileLine, const std::string &message, int verbosity)
{
    add(t, pid, Kind::Process,
        m_json ? klogJsonLine(t, severity, fileLine, message, verbosity) : klogHeader(severity, t, pid, fileLine) + message);
}

void LogFile::plain(Nanos t, int pid, std::string text)
{
    if (m_shape != LogShape::RawKlog)
        add(t, pid, Kind::Process, std::move(text));
}

void LogFile::systemd(Nanos t, const std::string &message)
{
    if (m_shape == LogShape::Journald)
        add(t, 1, Kind::Systemd, message);
}

std::string damagedLine(Random &rng, LogShape shape, const std::string &line)
{
    switch (shape) {
    case LogShape::RawKlog:
        // Blocks the file system allocated but never filled before power went.
        return std::string(static_cast<std::size_t>(rng.between(8, 160)), '\0');
    case LogShape::Cri: {
        // copytruncate cut a line: its tail is left without the timestamp.
        const std::size_t from =
            static_cast<std::size_t>(rng.between(40, static_cast<std::int64_t>(std::max<std::size_t>(41, line.size() - 1))));
        std::string tail = from < line.size() ? line.substr(from) : std::string("stderr F");
        if (!tail.empty() && (tail[0] == ' ' || tail[0] == '\t'))
            tail[0] = '~';
        return tail;
    }
    case LogShape::Journald: break;
    }
    return {};
}

std::string ensureParent(const std::string &bundleDir, const std::string &relative)
{
    const std::filesystem::path full = std::filesystem::path(bundleDir) / relative;
    std::filesystem::create_directories(full.parent_path());
    return full.string();
}

void writeWholeFile(const std::string &path, const std::string &content)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        throw std::runtime_error("cannot write " + path);
    out << content;
    if (!out)
        throw std::runtime_error("cannot write " + path);
}

FileFigures LogFile::write(const std::string &bundleDir, Random &rng, double damageRate)
{
    std::stable_sort(m_lines.begin(), m_lines.end(), [](const Line &a, const Line &b) { return a.t < b.t; });
    FileFigures f;
    f.path = m_path;
    std::string content;
    Nanos lastReceived = 0;
    for (const Line &l : m_lines) {
        const Nanos received = std::max(l.t + (l.kind == Kind::Systemd ? 0 : receiveLag(l.seq)), lastReceived + kUs);
        lastReceived = received;
        std::string line;
        if (m_shape == LogShape::Journald)
            line = journaldPrefix(received, m_host, l.kind == Kind::Systemd ? "systemd" : m_identifier, l.pid);
        else if (m_shape == LogShape::Cri)
            line = criPrefix(received);
        line += l.text;
        content += line;
        content += '\n';
        ++f.lines;
        if (m_shape != LogShape::Journald && rng.chance(damageRate)) {
            content += damagedLine(rng, m_shape, line);
            content += '\n';
            ++f.lines;
            ++f.damaged;
        }
    }
    f.bytes = content.size();
    writeWholeFile(ensureParent(bundleDir, m_path), content);
    m_lines.clear();
    m_lines.shrink_to_fit();
    m_bytes = 0;
    return f;
}

} // namespace kubelane::bundlegen

// etcd 3.2-3.4's log (github.com/coreos/pkg/capnslog, etcd's default until 3.5 moved to zap):
// "2021-08-06 13:32:58.159380 W | etcdserver: read-only range request ... took too long": the
// local date and time, one level letter, the package and its message. Kubernetes 1.13-1.21
// clusters ran it (kubeadm's etcd static pod, k3s' embedded etcd, whose lines sit among its
// klog lines).
#include "../logformat.h"

namespace kubelane::core {

namespace {

// capnslog's level letters: Critical, Error, Warning, Notice, Info, Debug, Trace.
bool severityOfLetter(char letter, Severity &out)
{
    switch (letter) {
    case 'C': out = Severity::Fatal; return true;
    case 'E': out = Severity::Error; return true;
    case 'W': out = Severity::Warning; return true;
    case 'N':
    case 'I': out = Severity::Info; return true;
    case 'D':
    case 'T': out = Severity::Debug; return true;
    default: return false;
    }
}

// The line's envelope: its local time, its level, the package's message ("etcdserver: ...").
bool readCapnslogLine(std::string_view s, LineEnvelope &out)
{
    std::size_t at = 0;
    if (!parseDateAndTime(s, '-', out.local, at))
        return false;
    // " W | " after the time
    if (at + 5 > s.size() || s[at] != ' ' || s[at + 2] != ' ' || s[at + 3] != '|' || s[at + 4] != ' '
        || !severityOfLetter(s[at + 1], out.severity))
        return false;
    out.haveLocal = out.haveSeverity = true;
    out.payload = s.substr(at + 5);
    return true;
}

class CapnslogFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::Capnslog; }
    const char *name() const override { return "etcd capnslog"; }
    int specificity() const override { return 44; }
    FileReader reader() const override { return FileReader::EnvelopeLines; }
    bool readsAmongOtherLines() const override { return true; }

    LineMatch matchLine(std::string_view line) const override
    {
        LineEnvelope unused;
        return {readCapnslogLine(line, unused), false, 0};
    }
    bool unwrapLine(std::string_view line, std::uint8_t, LineEnvelope &out) const override { return readCapnslogLine(line, out); }
};

} // namespace

const LogFormat &capnslogFormat()
{
    static const CapnslogFormat format;
    return format;
}

} // namespace kubelane::core

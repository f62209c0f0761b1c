// `talosctl dmesg` (Talos Linux has no journal and no log files: its API serves each node's
// kernel ring): each kernel and OS message as machined formats it, "%s: %7s: [%s]: %s":
// facility, priority right-aligned to 7, RFC 3339 time in UTC, text
// ("user: warning: [2022-01-25T10:31:37.694471566Z]: [talos] service[etcd](Waiting): ...").
// machined writes its own log there as facility user; the kernel's lines are kern. Given
// several nodes (-n a,b) talosctl puts each line's node first, "10.1.1.2: ": the host-prefix
// shape (shape/sectionsplitter) makes each node a source of its own.
#include "../exportrecord.h"
#include "../logformat.h"

#include <algorithm>

namespace kubelane::core {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

struct KmsgLine {
    std::string_view facility, message;
    Severity severity = Severity::Info;
    Timestamp utc;
};

// "daemon:    info: [2022-01-25T10:31:41.763675566Z]: udevd[1533]: starting version 3.2.10"
bool parseKmsgLine(std::string_view s, KmsgLine &out)
{
    const std::size_t colon = s.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 16)
        return false;
    out.facility = s.substr(0, colon);
    if (!std::all_of(out.facility.begin(), out.facility.end(), [](char c) { return (c >= 'a' && c <= 'z') || isDigit(c); }))
        return false;
    std::size_t i = colon + 1;
    while (i < s.size() && s[i] == ' ')
        ++i;
    const std::size_t end = s.find(": [", i);
    if (end == std::string_view::npos)
        return false;
    // The kernel's priority names (emerg .. debug), which the exports' severity names include.
    if (!severityFromName(s.substr(i, end - i), out.severity))
        return false;
    const std::size_t close = s.find("]: ", end + 3);
    if (close == std::string_view::npos)
        return false;
    const auto t = parseRfc3339(s.substr(end + 3, close - end - 3));
    if (!t)
        return false;
    out.utc = *t;
    out.message = s.substr(close + 3);
    return true;
}

class TalosDmesgFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::TalosDmesg; }
    const char *name() const override { return "talosctl dmesg"; }
    int specificity() const override { return 59; }
    FileReader reader() const override { return FileReader::EnvelopeLines; }

    LineMatch matchLine(std::string_view line) const override
    {
        KmsgLine k;
        return {parseKmsgLine(line, k), false, 0};
    }
    bool unwrapLine(std::string_view line, std::uint8_t, LineEnvelope &out) const override
    {
        KmsgLine k;
        if (!parseKmsgLine(line, k))
            return false;
        out.payload = k.message;
        out.utc = k.utc.ns;
        out.haveSeverity = true;
        out.severity = k.severity;
        out.component = k.facility == "kern" ? std::string_view("kernel") : std::string_view("talos");
        return true;
    }
};

} // namespace

const LogFormat &talosDmesgFormat()
{
    static const TalosDmesgFormat format;
    return format;
}

} // namespace kubelane::core

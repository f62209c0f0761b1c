// zap's console encoder (go.uber.org/zap NewConsoleEncoder): a time, the level, then the
// logger's name and caller when configured, the message and the context as JSON, separated
// by tabs: "2023-02-21T19:57:21.304Z\tERROR\tkubernetes endpoint watch error\t{...}". Talos'
// own services (`talosctl logs machined`) and operators built on controller-runtime in its
// development mode print it. A copy out of a browser or an issue has spaces for the tabs.
#include "../exportrecord.h"
#include "../logformat.h"

namespace kubelane::core {

namespace {

struct ZapLine {
    Timestamp utc;
    Severity severity = Severity::Info;
    std::string_view message; // from the logger's name on
};

// The time must be a full date and time with its zone (ISO 8601 or RFC 3339, zap's
// ISO8601TimeEncoder or RFC3339(Nano)TimeEncoder): an epoch float says too little.
bool parseZapLine(std::string_view s, ZapLine &out)
{
    const std::size_t sep = s.find_first_of(" \t");
    if (sep == std::string_view::npos || sep < 20 || s[10] != 'T')
        return false;
    const auto t = parseRfc3339(s.substr(0, sep));
    if (!t)
        return false;
    std::string_view rest = s.substr(sep + 1);
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) // a tab copied as spaces
        rest.remove_prefix(1);
    const std::size_t levelEnd = rest.find_first_of(" \t");
    if (levelEnd == std::string_view::npos)
        return false;
    // zapcore's level names (DEBUG .. FATAL, capitalised by default), which the exports' include.
    if (!severityFromName(rest.substr(0, levelEnd), out.severity))
        return false;
    out.utc = *t;
    out.message = rest.substr(levelEnd + 1);
    while (!out.message.empty() && (out.message.front() == ' ' || out.message.front() == '\t'))
        out.message.remove_prefix(1);
    return true;
}

class ZapConsoleFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::ZapConsole; }
    const char *name() const override { return "zap console"; }
    int specificity() const override { return 42; }
    FileReader reader() const override { return FileReader::EnvelopeLines; }
    // An operator built on controller-runtime logs its own zap lines between client-go's klog
    // ones (leader election): each is an event of its own (rabbitmq cluster-operator#69).
    bool readsAmongOtherLines() const override { return true; }

    LineMatch matchLine(std::string_view line) const override
    {
        ZapLine z;
        return {parseZapLine(line, z), false, 0};
    }
    bool unwrapLine(std::string_view line, std::uint8_t, LineEnvelope &out) const override
    {
        ZapLine z;
        if (!parseZapLine(line, z))
            return false;
        out.payload = z.message;
        out.utc = z.utc.ns;
        out.haveSeverity = true;
        out.severity = z.severity;
        return true;
    }
};

} // namespace

const LogFormat &zapConsoleFormat()
{
    static const ZapConsoleFormat format;
    return format;
}

} // namespace kubelane::core

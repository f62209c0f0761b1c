// Go's standard log package (log.LstdFlags, with log.Lmicroseconds when asked): "2021/08/06
// 13:32:58 message", the machine's local date and time. gRPC's logger puts its level first
// ("WARNING: 2021/08/06 13:32:58 grpc: Server.processUnaryRPC failed ..."): the lines that
// k3s' embedded etcd and containerd's gRPC write among their own. A logger made with a prefix
// prints it against the date, and etcd 3.4's raft logger its level after it ("raft2020/08/05
// 16:06:26 INFO: b273bc7741bcb020 is starting a new election at term 1").
#include "../exportrecord.h"
#include "../logformat.h"
#include "../../util/textscan.h"

namespace kubelane::core {

namespace {

// The line's envelope: its local time, gRPC's level when it gives one, the message.
// The length of a level word and its ": " at the start of `s` ("WARNING: "), with the level in
// `out`; 0 when `s` starts with none.
std::size_t levelWord(std::string_view s, LineEnvelope &out)
{
    const std::size_t colon = s.find(": ");
    if (colon == std::string_view::npos || colon == 0 || colon > 7 || !severityFromName(s.substr(0, colon), out.severity))
        return 0;
    out.haveSeverity = true;
    return colon + 2;
}

bool readGoLogLine(std::string_view s, LineEnvelope &out)
{
    // gRPC's "INFO: ", "WARNING: ", "ERROR: ", "FATAL: " before the date.
    s.remove_prefix(levelWord(s, out));
    // log.New's prefix against the date: a short lower-case word ("raft").
    std::size_t prefix = 0;
    while (prefix < s.size() && prefix < 16 && s[prefix] >= 'a' && s[prefix] <= 'z')
        ++prefix;
    if (prefix > 0 && !(prefix < s.size() && text::isDigit(s[prefix])))
        return false;
    s.remove_prefix(prefix);
    std::size_t at = 0;
    if (!parseDateAndTime(s, '/', out.local, at) || at >= s.size() || s[at] != ' ' || at + 1 == s.size())
        return false;
    out.haveLocal = true;
    out.payload = s.substr(at + 1);
    // The raft logger's level after the date (kept in the message, as it was written).
    if (!out.haveSeverity)
        levelWord(out.payload, out);
    return true;
}

class GoLogFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::GoLog; }
    const char *name() const override { return "Go log"; }
    int specificity() const override { return 43; }
    FileReader reader() const override { return FileReader::EnvelopeLines; }
    bool readsAmongOtherLines() const override { return true; }

    LineMatch matchLine(std::string_view line) const override
    {
        LineEnvelope unused;
        return {readGoLogLine(line, unused), false, 0};
    }
    bool unwrapLine(std::string_view line, std::uint8_t, LineEnvelope &out) const override { return readGoLogLine(line, out); }
};

} // namespace

const LogFormat &goLogFormat()
{
    static const GoLogFormat format;
    return format;
}

} // namespace kubelane::core

// key=value lines with a ts= time (go-kit's logfmt: promtail, Loki's own logs) or a time= one (logrus' and
// slog's text: containerd's, k3s' and RKE2's own log files).
#include "../logformat.h"
#include "../lokiexport.h"

namespace kubelane::core {

namespace {

class LogfmtFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::Logfmt; }
    const char *name() const override { return "logfmt"; }
    int specificity() const override { return 45; }
    FileReader reader() const override { return FileReader::LogfmtLines; }
    LineMatch matchLine(std::string_view line) const override
    {
        LogfmtLine l;
        return {parseLogfmtLine(line, l), false, 0};
    }
    Detection detect(const FormatSample &sample) const override
    {
        const double share = sample.shareOf(*this);
        return share > 0 ? Detection{share, withPayloadNote(sample, "logfmt (ts= or logrus/slog time= times)"), 0} : Detection{};
    }
};

} // namespace

const LogFormat &logfmtFormat()
{
    static const LogfmtFormat format;
    return format;
}

} // namespace kubelane::core

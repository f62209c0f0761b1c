// Loki's records as text: logcli's default output (a time, the stream's labels, the line) and
// Grafana Explore's text download (a local time and the line). Variant 1: a Grafana row.
#include "../logformat.h"
#include "../lokiexport.h"

namespace kubelane::core {

namespace {

class LokiTextFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::LokiExport; }
    const char *name() const override { return "Loki export"; }
    int specificity() const override { return 50; }
    FileReader reader() const override { return FileReader::LokiTextLines; }
    LineMatch matchLine(std::string_view line) const override
    {
        LokiTextLine loki;
        GrafanaTextLine grafana;
        if (parseLokiTextLine(line, loki) && !loki.labels.empty())
            return {true, false, 0};
        return {parseGrafanaTextLine(line, grafana), false, 1};
    }
    Detection detect(const FormatSample &sample) const override
    {
        const LineEvidence &e = sample.evidenceOf(*this);
        if (e.lines == 0)
            return {};
        const bool grafana = e.variants[1] * 2 > e.lines;
        return {sample.shareOf(*this),
                withPayloadNote(sample, grafana ? "Loki export (Grafana Explore text download)" : "Loki export (logcli default output)"),
                0};
    }
};

} // namespace

const LogFormat &lokiTextFormat()
{
    static const LokiTextFormat format;
    return format;
}

} // namespace kubelane::core

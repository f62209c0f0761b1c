// Loki's records as JSON: `logcli --output=jsonl`, Grafana Explore's JSON download.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class LokiJsonFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::LokiExport; }
    const char *name() const override { return "Loki export"; }
    int specificity() const override { return 110; }
    FileReader reader() const override { return FileReader::ExportRecords; }
    // The three exports are told apart by one look at their records' keys (exportdetection.h).
    Detection detect(const FormatSample &sample) const override
    {
        std::string detail;
        return sample.exportRecords(&detail) == id() ? Detection{1.0, detail, 0, true} : Detection{};
    }
};

} // namespace

const LogFormat &lokiJsonFormat()
{
    static const LokiJsonFormat format;
    return format;
}

} // namespace kubelane::core

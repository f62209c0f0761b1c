// Google Cloud Logging LogEntry records: `gcloud logging read --format=json`, the console's
// download, a sink's JSON lines.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class CloudLoggingFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::CloudLogging; }
    const char *name() const override { return "Cloud Logging export"; }
    int specificity() const override { return 120; }
    FileReader reader() const override { return FileReader::ExportRecords; }
    // The three exports are told apart by one look at their records' keys (exportdetection.h).
    Detection detect(const FormatSample &sample) const override
    {
        std::string detail;
        return sample.exportRecords(&detail) == id() ? Detection{1.0, detail, 0, true} : Detection{};
    }
};

} // namespace

const LogFormat &cloudLoggingFormat()
{
    static const CloudLoggingFormat format;
    return format;
}

} // namespace kubelane::core

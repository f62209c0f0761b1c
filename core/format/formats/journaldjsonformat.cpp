// `journalctl -o json`, json-pretty and json-seq: the journal's fields per entry.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class JournaldJsonFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::JournaldJson; }
    const char *name() const override { return "journald JSON"; }
    int specificity() const override { return 130; }
    FileReader reader() const override { return FileReader::ExportRecords; }
    // The three exports are told apart by one look at their records' keys (exportdetection.h).
    Detection detect(const FormatSample &sample) const override
    {
        std::string detail;
        return sample.exportRecords(&detail) == id() ? Detection{1.0, detail, 0, true} : Detection{};
    }
};

} // namespace

const LogFormat &journaldJsonFormat()
{
    static const JournaldJsonFormat format;
    return format;
}

} // namespace kubelane::core

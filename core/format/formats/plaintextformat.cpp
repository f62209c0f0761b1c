// Text with no line of a known log format: read for klog lines, pastes and systemd lines all the
// same, its other lines counted as not understood.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class PlainTextFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::PlainText; }
    const char *name() const override { return "plain text"; }
    int specificity() const override { return 10; }
    FileReader reader() const override { return FileReader::KlogTextLines; }
    Detection detect(const FormatSample &sample) const override
    {
        if (sample.examined() == 0)
            return {};
        return {kLastResortConfidence, "no known log format", 0};
    }
};

} // namespace

const LogFormat &plainTextFormat()
{
    static const PlainTextFormat format;
    return format;
}

} // namespace kubelane::core

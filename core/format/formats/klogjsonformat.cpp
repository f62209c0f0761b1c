// klog's JSON output (--logging-format=json): {"ts":..., "caller":..., "msg":...} per line.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class KlogJsonFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::KlogJson; }
    const char *name() const override { return "klog JSON"; }
    int specificity() const override { return 68; }
    FileReader reader() const override { return FileReader::KlogJsonRecords; }
    LineMatch matchLine(std::string_view line) const override
    {
        return {line.starts_with('{') && line.find("\"ts\":") != std::string_view::npos, false, 0};
    }
    Detection detect(const FormatSample &sample) const override
    {
        const double share = sample.shareOf(*this);
        return share > 0 ? Detection{share, name(), 0} : Detection{};
    }
};

} // namespace

const LogFormat &klogJsonFormat()
{
    static const KlogJsonFormat format;
    return format;
}

} // namespace kubelane::core

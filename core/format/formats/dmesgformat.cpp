// The kernel ring buffer as `dmesg -H` or `dmesg -T` prints it.
#include "../logformat.h"
#include "../dmesg.h"

namespace kubelane::core {

namespace {

class DmesgFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::Dmesg; }
    const char *name() const override { return "dmesg"; }
    int specificity() const override { return 30; }
    FileReader reader() const override { return FileReader::DmesgLines; }
    LineMatch matchLine(std::string_view line) const override
    {
        DmesgLine d;
        return {parseDmesgLine(line, d), false, 0};
    }
    Detection detect(const FormatSample &sample) const override
    {
        const double share = sample.shareOf(*this);
        if (share <= 0)
            return {};
        return {share, withPayloadNote(sample, "dmesg (local times; -H: to the minute, then the time since the line above)"), 0};
    }
};

} // namespace

const LogFormat &dmesgFormat()
{
    static const DmesgFormat format;
    return format;
}

} // namespace kubelane::core

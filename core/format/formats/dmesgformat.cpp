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
    // Variant 0: -H's minute and delta stamps; 1: -T's full ctime.
    LineMatch matchLine(std::string_view line) const override
    {
        DmesgLine d;
        const bool reads = parseDmesgLine(line, d);
        return {reads, false, static_cast<std::uint8_t>(reads && d.stamp == DmesgLine::Stamp::Full ? 1 : 0)};
    }
    Detection detect(const FormatSample &sample) const override
    {
        const double share = sample.shareOf(*this);
        if (share <= 0)
            return {};
        const LineEvidence &e = sample.evidenceOf(*this);
        const bool ctime = e.variants[1] * 2 > e.lines;
        return {share,
                withPayloadNote(sample,
                                ctime ? "dmesg -T (each line's local date and time)"
                                      : "dmesg -H (local times: to the minute, then the time since the line above)"),
                0};
    }
};

} // namespace

const LogFormat &dmesgFormat()
{
    static const DmesgFormat format;
    return format;
}

} // namespace kubelane::core

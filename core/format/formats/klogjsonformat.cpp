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
    // Variant 1: zap's own records (etcd, operators built on controller-runtime): a "level" on
    // every record and no klog verbosity "v". They are read alike; only the label differs.
    LineMatch matchLine(std::string_view line) const override
    {
        const bool reads = line.starts_with('{') && line.find("\"ts\":") != std::string_view::npos;
        const bool zap = reads && line.find("\"level\":") != std::string_view::npos && line.find("\"v\":") == std::string_view::npos;
        return {reads, false, static_cast<std::uint8_t>(zap ? 1 : 0)};
    }
    // etcd's client (zap JSON, "logger":"etcd-client") writes its records into the apiserver's
    // stderr between klog's text lines: each is an event of its own, read for its own time.
    bool readsAmongOtherLines() const override { return true; }
    bool unwrapLine(std::string_view line, std::uint8_t, LineEnvelope &out) const override
    {
        if (!line.ends_with('}') || !matchLine(line).reads)
            return false;
        out.payload = line;
        return true;
    }
    Detection detect(const FormatSample &sample) const override
    {
        const double share = sample.shareOf(*this);
        if (share <= 0)
            return {};
        const LineEvidence &e = sample.evidenceOf(*this);
        return {share, e.variants[1] * 2 > e.lines ? "zap JSON (a level on every record: etcd, operators)" : name(), 0};
    }
};

} // namespace

const LogFormat &klogJsonFormat()
{
    static const KlogJsonFormat format;
    return format;
}

} // namespace kubelane::core

// `kubectl logs --timestamps`: an RFC 3339 time and a space before each klog line.
#include "../logformat.h"
#include "../envelopes.h"
#include "../klogjson.h"
#include "../klogline.h"

namespace kubelane::core {

namespace {

class KubectlTimestampsFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::KubectlTimestamps; }
    const char *name() const override { return "kubectl logs --timestamps"; }
    int specificity() const override { return 40; }
    FileReader reader() const override { return FileReader::TimestampPrefixLines; }
    LineMatch matchLine(std::string_view line) const override
    {
        // Only a klog payload makes the prefix kubectl's: a journald short-iso line also
        // starts with an RFC 3339 time, followed by its host.
        TimestampPrefixLine t;
        KlogHeader h;
        if (!parseTimestampPrefixLine(line, t))
            return {};
        const bool klogJson = looksLikeKlogJson(t.message);
        return {klogJson || parseKlogHeader(t.message, h), klogJson, 0};
    }
};

} // namespace

const LogFormat &kubectlTimestampsFormat()
{
    static const KubectlTimestampsFormat format;
    return format;
}

} // namespace kubelane::core

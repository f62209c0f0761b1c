// `kubectl logs --timestamps`: an RFC 3339 time and a space before each klog line; and a log
// forwarder's lines, which put the program's name between the two.
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
    // Variant 1: a log forwarder's program tag between the stamp and the line
    // ("2018-05-09T18:07:46.733671Z - kubelet I0509 18:07:46.627682 ...").
    LineMatch matchLine(std::string_view line) const override
    {
        // Only a klog payload makes the prefix kubectl's: a journald short-iso line also
        // starts with an RFC 3339 time, followed by its host.
        TimestampPrefixLine t;
        if (!parseTimestampPrefixLine(line, t))
            return {};
        if (isKlogPayload(t.message))
            return {true, looksLikeKlogJson(t.message), 0};
        std::string_view program, rest;
        if (splitProgramTag(t.message, program, rest) && isKlogPayload(rest))
            return {true, looksLikeKlogJson(rest), 1};
        return {};
    }
    Detection detect(const FormatSample &sample) const override
    {
        const LineEvidence &e = sample.evidenceOf(*this);
        if (e.lines == 0)
            return {};
        const bool tagged = e.variants[1] * 2 > e.lines;
        return {sample.shareOf(*this),
                withPayloadNote(sample, tagged ? "time-stamped lines with a program tag (a log forwarder's)" : name()),
                std::uint8_t(tagged ? 1 : 0)};
    }

private:
    static bool isKlogPayload(std::string_view message)
    {
        KlogHeader h;
        return looksLikeKlogJson(message) || parseKlogHeader(message, h);
    }
};

} // namespace

const LogFormat &kubectlTimestampsFormat()
{
    static const KubectlTimestampsFormat format;
    return format;
}

} // namespace kubelane::core

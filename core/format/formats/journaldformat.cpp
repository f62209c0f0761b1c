// journalctl's text output (short, short-precise, short-iso, short-full, short-unix, short-monotonic,
// with-unit...) and its "-- Boot ... --" lines. Variant: 0 for those, the style + 1 for a line.
#include "../logformat.h"
#include "../envelopes.h"
#include "../klogjson.h"

namespace kubelane::core {

namespace {

class JournaldFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::Journald; }
    const char *name() const override { return "journald"; }
    int specificity() const override { return 35; }
    FileReader reader() const override { return FileReader::JournaldLines; }
    LineMatch matchLine(std::string_view line) const override
    {
        JournaldLine j;
        if (parseJournaldLine(line, j) || parseJournaldLineWithoutStamp(line, j))
            return {true, looksLikeKlogJson(j.message), static_cast<std::uint8_t>(static_cast<int>(j.style) + 1)};
        return {isJournaldMetaLine(line), false, 0};
    }
    Detection detect(const FormatSample &sample) const override
    {
        const LineEvidence &e = sample.evidenceOf(*this);
        if (e.lines == 0)
            return {};
        const bool styled = e.lines > e.variants[0];
        const std::string detail = styled ? journaldStyleName(static_cast<JournaldStyle>(e.mostSeenVariant(1) - 1)) : name();
        return {sample.shareOf(*this), withPayloadNote(sample, detail), 0};
    }
};

} // namespace

const LogFormat &journaldFormat()
{
    static const JournaldFormat format;
    return format;
}

} // namespace kubelane::core

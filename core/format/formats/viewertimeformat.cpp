// Lines copied out of a web log viewer that shows each line's time in the reader's own zone,
// as moment.js formats it with "l LTS" in English: "4/28/2016 9:31:27 AM" right before the
// line, with no space where the page had two columns (Rancher 1.x's container log view:
// "4/28/2016 9:31:27 AME0428 16:31:27.398119 21191 kubelet.go:2741] ..."). The viewer's
// zone is not the node's, so only its date is used, for the klog line's year.
#include "../klogjson.h"
#include "../logformat.h"
#include "../../util/textscan.h"

namespace kubelane::core {

namespace {

// "M/D/YYYY h:mm:ss AM" (month, day and hour of one or two digits) and an optional space.
bool splitViewerTime(std::string_view line, CivilTime &date, std::string_view &rest)
{
    std::size_t at = 0;
    auto number = [&](std::size_t minDigits, std::size_t maxDigits, unsigned &out) {
        std::size_t n = 0;
        while (at + n < line.size() && n < maxDigits && line[at + n] >= '0' && line[at + n] <= '9')
            ++n;
        if (n < minDigits || !text::parseDigits(line, at, n, out))
            return false;
        at += n;
        return true;
    };
    auto literal = [&](char c) { return at < line.size() && line[at++] == c; };
    unsigned month = 0, day = 0, year = 0, hour = 0, minute = 0, second = 0;
    if (!(number(1, 2, month) && literal('/') && number(1, 2, day) && literal('/') && number(4, 4, year) && literal(' ')
          && number(1, 2, hour) && literal(':') && number(2, 2, minute) && literal(':') && number(2, 2, second) && literal(' ')))
        return false;
    if (!(line.substr(at).starts_with("AM") || line.substr(at).starts_with("PM")) || !isValidDate(int(year), month, day) || hour < 1
        || hour > 12 || minute > 59 || second > 60)
        return false;
    at += 2;
    if (at < line.size() && line[at] == ' ')
        ++at;
    date.year = int(year);
    date.month = month;
    date.day = day;
    rest = line.substr(at);
    return true;
}

class ViewerTimeFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::ViewerTime; }
    const char *name() const override { return "log viewer copy"; }
    int specificity() const override { return 57; }
    FileReader reader() const override { return FileReader::EnvelopeLines; }

    LineMatch matchLine(std::string_view line) const override
    {
        CivilTime date;
        std::string_view rest;
        // Only a log line after it makes the prefix a viewer's: a date and time start many texts.
        if (!splitViewerTime(line, date, rest) || !isKlogLine(rest))
            return {};
        return {true, looksLikeKlogJson(rest), 0};
    }
    Detection detect(const FormatSample &sample) const override
    {
        const LineEvidence &e = sample.evidenceOf(*this);
        if (e.lines == 0)
            return {};
        return {sample.shareOf(*this), withPayloadNote(sample, "log viewer copy (the reader's local date and time before each line)"), 0};
    }
    bool unwrapLine(std::string_view line, std::uint8_t, LineEnvelope &out) const override
    {
        return splitViewerTime(line, out.viewerDate, out.payload);
    }
};

} // namespace

const LogFormat &viewerTimeFormat()
{
    static const ViewerTimeFormat format;
    return format;
}

} // namespace kubelane::core

// containerd / CRI-O container logs: "2024-01-02T03:04:05.123456789Z stdout F message".
#include "../logformat.h"
#include "../envelopes.h"
#include "../klogjson.h"

namespace kubelane::core {

namespace {

class CriLogFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::CriLog; }
    const char *name() const override { return "CRI container log"; }
    int specificity() const override { return 55; }
    FileReader reader() const override { return FileReader::CriLines; }
    LineMatch matchLine(std::string_view line) const override
    {
        CriLine c;
        if (!parseCriLine(line, c))
            return {};
        return {true, looksLikeKlogJson(c.message), 0};
    }
};

} // namespace

const LogFormat &criLogFormat()
{
    static const CriLogFormat format;
    return format;
}

} // namespace kubelane::core

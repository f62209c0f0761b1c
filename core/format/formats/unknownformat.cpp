// An empty file (or one of empty lines): what detection answers when nothing is read.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class UnknownFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::Unknown; }
    const char *name() const override { return "unknown"; }
    int specificity() const override { return 0; }
    FileReader reader() const override { return FileReader::KlogTextLines; }
    Detection detect(const FormatSample &) const override { return {}; }
};

} // namespace

const LogFormat &unknownFormat()
{
    static const UnknownFormat format;
    return format;
}

} // namespace kubelane::core

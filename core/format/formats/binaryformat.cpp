// Binary data: most of the sample's lines hold control bytes (NULs after an unclean shutdown, a
// core file, an image).
#include "../logformat.h"

namespace kubelane::core {

namespace {

class BinaryFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::Binary; }
    const char *name() const override { return "binary"; }
    int specificity() const override { return 90; }
    FileReader reader() const override { return FileReader::KlogTextLines; }
    Detection detect(const FormatSample &sample) const override
    {
        if (sample.examined() == 0 || sample.binaryLines() * 2 <= sample.examined())
            return {};
        return {double(sample.binaryLines()) / sample.examined(), "binary data", 0};
    }
};

} // namespace

const LogFormat &binaryFormat()
{
    static const BinaryFormat format;
    return format;
}

} // namespace kubelane::core

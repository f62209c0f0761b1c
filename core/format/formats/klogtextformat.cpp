// Raw klog/glog text: "I0102 15:04:05.123456   1234 file.go:12] message", and glog's preamble.
#include "../logformat.h"
#include "../klogline.h"

namespace kubelane::core {

namespace {

class KlogTextFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::KlogText; }
    const char *name() const override { return "klog text"; }
    int specificity() const override { return 60; }
    FileReader reader() const override { return FileReader::KlogTextLines; }
    LineMatch matchLine(std::string_view line) const override
    {
        KlogHeader h;
        return {parseKlogHeader(line, h) || isGlogPreamble(line), false, 0};
    }
};

} // namespace

const LogFormat &klogTextFormat()
{
    static const KlogTextFormat format;
    return format;
}

} // namespace kubelane::core

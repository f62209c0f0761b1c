// A Go stack dump on its own (dockerd's SIGUSR1 file, a panic): "goroutine 1 [running]:" headers.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class GoroutineDumpFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::GoroutineDump; }
    const char *name() const override { return "Go goroutine dump"; }
    int specificity() const override { return 80; }
    FileReader reader() const override { return FileReader::GoroutineDump; }
    LineMatch matchLine(std::string_view line) const override
    {
        return {line.starts_with("goroutine ") && line.find(" [") != std::string_view::npos, false, 0};
    }
    // A dump inside a log (a klog line, then a panic's goroutines) is that log: the headers
    // make a dump only of a file no line format reads a line of.
    Detection detect(const FormatSample &sample) const override
    {
        return sample.evidenceOf(*this).lines > 0 ? Detection{kFallbackConfidence, name(), 0} : Detection{};
    }
};

} // namespace

const LogFormat &goroutineDumpFormat()
{
    static const GoroutineDumpFormat format;
    return format;
}

} // namespace kubelane::core

// The table `kubectl get events` prints (ages, no times).
#include "../logformat.h"

namespace kubelane::core {

namespace {

class KubeEventTableFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::KubeEventTable; }
    const char *name() const override { return "kubectl events table"; }
    int specificity() const override { return 98; }
    FileReader reader() const override { return FileReader::EventTable; }
    Detection detect(const FormatSample &sample) const override
    {
        return sample.kubeObjects() == KubeObjectsSyntax::EventTable ? Detection{1.0, "kubectl events table", 0, true} : Detection{};
    }
};

} // namespace

const LogFormat &kubeEventTableFormat()
{
    static const KubeEventTableFormat format;
    return format;
}

} // namespace kubelane::core

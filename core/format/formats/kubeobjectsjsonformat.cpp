// Kubernetes API objects as JSON: `kubectl get -o json`, `kubectl cluster-info dump`.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class KubeObjectsJsonFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::KubeObjects; }
    const char *name() const override { return "Kubernetes objects"; }
    int specificity() const override { return 100; }
    FileReader reader() const override { return FileReader::KubeObjectsJson; }
    Detection detect(const FormatSample &sample) const override
    {
        return sample.kubeObjects() == KubeObjectsSyntax::Json ? Detection{1.0, "Kubernetes objects (JSON)", 0, true} : Detection{};
    }
};

} // namespace

const LogFormat &kubeObjectsJsonFormat()
{
    static const KubeObjectsJsonFormat format;
    return format;
}

} // namespace kubelane::core

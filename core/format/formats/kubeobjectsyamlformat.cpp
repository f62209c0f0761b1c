// Kubernetes API objects as YAML: `kubectl get -o yaml`, must-gather's resource files.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class KubeObjectsYamlFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::KubeObjects; }
    const char *name() const override { return "Kubernetes objects"; }
    int specificity() const override { return 99; }
    FileReader reader() const override { return FileReader::KubeObjectsYaml; }
    Detection detect(const FormatSample &sample) const override
    {
        return sample.kubeObjects() == KubeObjectsSyntax::Yaml ? Detection{1.0, "Kubernetes objects (YAML)", 0, true} : Detection{};
    }
};

} // namespace

const LogFormat &kubeObjectsYamlFormat()
{
    static const KubeObjectsYamlFormat format;
    return format;
}

} // namespace kubelane::core

// `kubectl describe node(s)`: the Conditions table of each node, times in RFC 1123.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class KubeDescribeFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::KubeDescribe; }
    const char *name() const override { return "kubectl describe node"; }
    int specificity() const override { return 97; }
    FileReader reader() const override { return FileReader::KubeDescribe; }
    Detection detect(const FormatSample &sample) const override
    {
        return sample.kubeObjects() == KubeObjectsSyntax::DescribeNode ? Detection{1.0, "kubectl describe node", 0, true} : Detection{};
    }
};

} // namespace

const LogFormat &kubeDescribeFormat()
{
    static const KubeDescribeFormat format;
    return format;
}

} // namespace kubelane::core

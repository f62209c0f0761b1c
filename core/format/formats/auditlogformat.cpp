// kube-apiserver's audit log: an audit.k8s.io Event per line.
#include "../logformat.h"

namespace kubelane::core {

namespace {

class AuditLogFormat final : public LogFormat {
public:
    SourceFormat id() const override { return SourceFormat::AuditLog; }
    const char *name() const override { return "kube-apiserver audit log"; }
    int specificity() const override { return 69; }
    FileReader reader() const override { return FileReader::AuditRecords; }
    LineMatch matchLine(std::string_view line) const override
    {
        const bool audit = line.find("\"auditID\"") != std::string_view::npos || line.find("audit.k8s.io") != std::string_view::npos;
        return {line.starts_with('{') && audit, false, 0};
    }
};

} // namespace

const LogFormat &auditLogFormat()
{
    static const AuditLogFormat format;
    return format;
}

} // namespace kubelane::core

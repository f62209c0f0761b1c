#include "formatregistry.h"

namespace kubelane::core {

// One line per format: the function its file in formats/ defines. A new format is its file
// and its line here, anywhere in the list (ARCHITECTURE.md, "Recipe: a new log format").
#define KUBELANE_LOG_FORMATS(X)                                                                                                            \
    X(unknownFormat)                                                                                                                       \
    X(plainTextFormat)                                                                                                                     \
    X(binaryFormat)                                                                                                                        \
    X(klogTextFormat)                                                                                                                      \
    X(journaldFormat)                                                                                                                      \
    X(criLogFormat)                                                                                                                        \
    X(dockerJsonFormat)                                                                                                                    \
    X(kubectlTimestampsFormat)                                                                                                             \
    X(klogJsonFormat)                                                                                                                      \
    X(auditLogFormat)                                                                                                                      \
    X(goroutineDumpFormat)                                                                                                                 \
    X(kubeObjectsJsonFormat)                                                                                                               \
    X(kubeObjectsYamlFormat)                                                                                                               \
    X(kubeEventTableFormat)                                                                                                                \
    X(kubeDescribeFormat)                                                                                                                  \
    X(journaldJsonFormat)                                                                                                                  \
    X(cloudLoggingFormat)                                                                                                                  \
    X(lokiJsonFormat)                                                                                                                      \
    X(lokiTextFormat)                                                                                                                      \
    X(logfmtFormat)                                                                                                                        \
    X(dmesgFormat)                                                                                                                         \
    X(sternFormat)                                                                                                                         \
    X(viewerTimeFormat)                                                                                                                    \
    X(talosDmesgFormat)                                                                                                                    \
    X(zapConsoleFormat)                                                                                                                    \
    X(capnslogFormat)                                                                                                                      \
    X(goLogFormat)                                                                                                                         \
    X(dockerDesktopFormat)                                                                                                                 \
    /* one line per format above; the list ends here */

#define KUBELANE_DECLARE_FORMAT(function) const LogFormat &function();
KUBELANE_LOG_FORMATS(KUBELANE_DECLARE_FORMAT)
#undef KUBELANE_DECLARE_FORMAT

const std::vector<const LogFormat *> &logFormats()
{
#define KUBELANE_LIST_FORMAT(function) &function(),
    static const std::vector<const LogFormat *> formats{KUBELANE_LOG_FORMATS(KUBELANE_LIST_FORMAT)};
#undef KUBELANE_LIST_FORMAT
    return formats;
}

const LogFormat &logFormat(SourceFormat id)
{
    for (const LogFormat *f : logFormats())
        if (f->id() == id)
            return *f;
    return unknownFormat();
}

const char *formatName(SourceFormat id)
{
    return logFormat(id).name();
}

} // namespace kubelane::core

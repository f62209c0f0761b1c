// Whole files through the source parser, seeded with kube-apiserver audit logs: format
// detection picks the audit reader for them (and the other readers for what the mutations
// turn them into). The event types and goroutine map are kubelane's own.
#include "core/classify/eventtypecatalog.h"
#include "core/classify/goroutinemap.h"
#include "core/load/sourceparser.h"
#include "fuzzsupport.h"

#include <memory>

using namespace kubelane;

namespace {

struct Catalogs {
    std::shared_ptr<const core::EventTypeCatalog> types = core::EventTypeCatalog::loadFile(KUBELANE_RESOURCES "/events.json");
    std::shared_ptr<const core::GoroutineMap> roles = core::GoroutineMap::loadFile(KUBELANE_RESOURCES "/goroutines.json");
};

} // namespace

KUBELANE_FUZZ_TARGET(fuzz_audit_json)
{
    static const Catalogs catalogs;
    static core::SourceParser parser(*catalogs.types, *catalogs.roles);
    core::InputFile file;
    file.path = "audit/kube-apiserver-audit.log";
    file.bytes = core::makeBytes(std::string(fuzz::text(data, size)));
    const core::ParsedSource parsed = parser.parse(file, 0);
    if (parsed.events.size() != parsed.times.size())
        __builtin_trap();
    return 0;
}

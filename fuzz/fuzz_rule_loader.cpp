// Root-cause rule files (--rules FILE): anything but a RuleError is a bug.
#include "core/analysis/analyzer.h"
#include "core/classify/eventtypecatalog.h"
#include "core/rules/ruleset.h"
#include "fuzzsupport.h"

#include <string>

using namespace kubelane;

KUBELANE_FUZZ_TARGET(fuzz_rule_loader)
{
    static const auto types = core::EventTypeCatalog::loadFile(KUBELANE_RESOURCES "/events.json");
    core::RuleSet rules;
    try {
        rules.loadJson(std::string(fuzz::text(data, size)), "fuzz.json");
        rules.resolveEventTypes(*types);
        for (const auto &rule : rules.rules())
            core::fillTemplate(rule.explanation, {});
    } catch (const core::RuleError &) { }
    return 0;
}

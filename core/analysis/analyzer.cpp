#include "analyzer.h"

#include "../util/parallel.h"
#include "../util/stagereport.h"

#include "../facts/factcontext.h"
#include "../rules/ruleset.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iterator>

namespace fs = std::filesystem;

namespace kubelane::core {

std::shared_ptr<const Analysis> analyzeIncident(const std::shared_ptr<const Incident> &incident, const AnalyzeOptions &options)
{
    RuleSet rules;
    const fs::path dir = fs::path(options.resourceDir) / "rules";
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec))
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto &f : files)
        rules.loadFile(f.string());
    for (const auto &f : options.extraRuleFiles)
        rules.loadFile(f);
    if (incident->eventTypes)
        rules.resolveEventTypes(*incident->eventTypes);
    for (const auto &id : options.onlyRules)
        if (std::none_of(rules.rules().begin(), rules.rules().end(), [&](const Rule &r) { return r.id == id; }))
            throw RuleError("--rule " + id + ": no such rule");

    auto analysis = std::make_shared<Analysis>();
    analysis->incident = incident;
    const FactContext ctx(*incident);
    analysis->keys = ctx.keys;
    Facts &facts = analysis->facts;
    // Two chains of detectors. Each detector writes only its own facts and reads only the
    // facts of detectors before it in its chain (the status/probe order reads the kubelet
    // runs), so the chains run side by side; they are about even in time.
    const std::function<void()> chains[] = {
        [&] {
            detectNodes(ctx, facts);
            detectHeartbeats(ctx, facts, options.gracePeriod);
            detectNodeConditions(ctx, facts);
            detectTaints(ctx, facts);
            detectPlegHealth(ctx, facts);
            detectReadiness(ctx, facts);
            detectRuntimeDumps(ctx, facts);
        },
        [&] {
            detectKubeletRuns(ctx, facts);
            detectStatusProbeOrder(ctx, facts);
            detectContainerEvents(ctx, facts);
        },
    };
    forEachInParallel(std::size(chains), options.threads, [&](std::size_t i) { chains[i](); });
    analysis->incident->releaseMappedPages(); // the fields and messages the detectors read
    stageDone("facts");
    rules.setTimeBudget(options.ruleTimeBudget);
    analysis->findings = rules.evaluate(*analysis, options.onlyRules, &analysis->problems);
    stageDone("rules");
    return analysis;
}

} // namespace kubelane::core

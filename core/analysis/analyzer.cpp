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
    analysis->eventIndex = EventStoreIndex(incident->events);
    const FactContext ctx(*incident, analysis->eventIndex);
    analysis->keys = ctx.keys;
    Facts &facts = analysis->facts;
    // Two chains of detectors. Each detector writes only its own facts and reads only the
    // facts of detectors before it in its chain (the status/probe order, the PLEG's health and
    // the runtime outages read the kubelet runs), so the chains run side by side; they are about even in time.
    // A detector reads a few lines here and there (a field that is a slice of its line, a
    // line's number); each read maps the page-cache folio it falls in, up to 2 MiB on a
    // freshly written file. The pages go back after each detector, not after all.
    const auto then = [&](auto detect) {
        detect();
        incident->releaseMappedPages();
    };
    const std::function<void()> chains[] = {
        [&] {
            then([&] { detectNodes(ctx, facts); });
            then([&] { detectHeartbeats(ctx, facts, options.gracePeriod); });
            then([&] { detectNodeConditions(ctx, facts); });
            then([&] { detectTaints(ctx, facts); });
            then([&] { detectReadiness(ctx, facts); });
            then([&] { detectRuntimeDumps(ctx, facts); });
        },
        [&] {
            then([&] { detectKubeletRuns(ctx, facts); });
            then([&] { detectPlegHealth(ctx, facts); });
            then([&] { detectRuntimeOutages(ctx, facts); });
            then([&] { detectStatusProbeOrder(ctx, facts); });
            then([&] { detectContainerEvents(ctx, facts); });
        },
    };
    forEachInParallel(std::size(chains), options.threads, [&](std::size_t i) { chains[i](); });
    then([&] { detectClockSteps(ctx, facts); }); // the gaps of one chain, the kubelet runs of the other
    stageDone("facts");
    rules.setTimeBudget(options.ruleTimeBudget);
    analysis->findings = rules.evaluate(*analysis, options.onlyRules, &analysis->problems, options.threads);
    stageDone("rules");
    return analysis;
}

} // namespace kubelane::core

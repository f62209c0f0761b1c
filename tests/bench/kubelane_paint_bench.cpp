// Paint cost of the swimlane timeline with a million events: the time to build the lanes and
// the time per frame (fit all, zoomed in, panning; median and 95th percentile), as ratios
// against the same widget painting a one-event bundle in the same run. Not a test: it prints,
// it does not judge.
//
//   kubelane_paint_bench [EVENTS]      (default 1000000; runs on the offscreen platform)
//   kubelane_paint_bench BUNDLE...     the same on a real bundle's analysis (a folder, files,
//                                      archives: what `kubelane BUNDLE` opens)
#include "../ui/uitestdata.h"

#include "core/load/loader.h"
#include "ui/lanemodel.h"
#include "ui/timelinewidget.h"

#include <QApplication>
#include <QElapsedTimer>

#include <qcustomplot.h>

#include <functional>
#include <algorithm>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <random>

using namespace kubelane;

namespace {

// `events` kubelet events over an hour on 16 nodes with 8 pods each, of the kinds a busy node logs.
std::shared_ptr<const core::Analysis> syntheticBundle(std::size_t events)
{
    uitest::IncidentBuilder b;
    std::vector<core::PodId> pods;
    for (int n = 0; n < 16; ++n)
        for (int p = 0; p < 8; ++p)
            pods.push_back(b.pod("default", "web-" + std::to_string(n) + "-" + std::to_string(p), "node-" + std::to_string(n)));
    struct Kind {
        const char *type, *role, *message;
        core::Severity severity;
    };
    const Kind kinds[] = {
        {"probe.result", "probe-worker", "Probe succeeded probeType=\"Readiness\"", core::Severity::Info},
        {"pod.status.generate", "pod-worker", "Generating pod status", core::Severity::Info},
        {"container.started", "container-runtime", "Container started", core::Severity::Info},
        {"probe.failed", "probe-worker", "Probe failed probeType=\"Liveness\"", core::Severity::Warning},
        {"runtime.rpc-failed", "container-runtime", "ListPodSandbox from runtime service failed", core::Severity::Error},
    };
    std::mt19937 rng(42); // same bundle every run
    for (std::size_t i = 0; i < events; ++i) {
        const Kind &k = kinds[rng() % (rng() % 10 == 0 ? 5 : 3)];
        const core::PodId pod = pods[rng() % pods.size()];
        b.add(uitest::at(3600.0 * static_cast<double>(i) / static_cast<double>(events)), k.type, k.role, k.message, k.severity, pod, "app",
              std::string(b.incident().text(b.incident().pods[pod.index()].node)));
    }
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    return core::analyzeIncident(b.finish(), options);
}

std::shared_ptr<const core::Analysis> analyzedBundle(const std::vector<std::string> &inputs)
{
    core::LoadOptions load;
    load.resourceDir = KUBELANE_RESOURCES;
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    return core::analyzeIncident(core::loadBundle(inputs, load), options);
}

bool isCount(const char *arg)
{
    return *arg && std::all_of(arg, arg + std::strlen(arg), [](char c) { return c >= '0' && c <= '9'; });
}

struct FrameTimes {
    double median = 0, p95 = 0; // ms
};

// Milliseconds per immediate replot over `frames` runs of `step` (which changes the view): the
// median is the frame a user typically sees, the 95th percentile the stutter they notice.
FrameTimes msPerFrame(ui::TimelineWidget &w, int frames, const std::function<void(int)> &step)
{
    std::vector<double> ms;
    for (int i = 0; i < frames; ++i) {
        step(i);
        QElapsedTimer t;
        t.start();
        w.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QApplication::processEvents();
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) {
        return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * static_cast<double>(ms.size() - 1) + 0.5))];
    };
    return {at(0.5), at(0.95)};
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const bool synthetic = argc < 2 || isCount(argv[1]);
    const std::size_t wanted = argc > 1 && synthetic ? std::stoul(argv[1]) : 1'000'000;

    QElapsedTimer t;
    t.start();
    std::shared_ptr<const core::Analysis> analysis;
    try {
        analysis = synthetic ? syntheticBundle(wanted) : analyzedBundle(std::vector<std::string>(argv + 1, argv + argc));
    } catch (const std::exception &e) {
        std::cerr << "kubelane_paint_bench: " << e.what() << "\n";
        return 2;
    }
    const std::size_t events = analysis->incident->events.size();
    const double buildBundleS = static_cast<double>(t.nsecsElapsed()) / 1e9;
    t.restart();
    auto lanes = std::make_shared<const ui::LaneModel>(analysis);
    const double buildLanesS = static_cast<double>(t.nsecsElapsed()) / 1e9;

    ui::TimelineWidget w;
    w.resize(1600, 1000);
    w.show();
    QApplication::processEvents();

    // Baseline: the same widget and size, painting a one-event bundle.
    w.setLaneModel(std::make_shared<const ui::LaneModel>(syntheticBundle(1)));
    QApplication::processEvents();
    const double baseline = msPerFrame(w, 10, [](int) {}).median;

    w.setLaneModel(lanes);
    QApplication::processEvents();
    const FrameTimes fit = msPerFrame(w, 20, [&](int) { w.fitAll(); });
    // Zooming: each frame a view of 1 % of the span (36 s of the synthetic hour) around another moment.
    const core::Duration span = lanes->last() - lanes->first();
    const FrameTimes zoomed = msPerFrame(w, 40, [&](int i) {
        const core::Timestamp at = lanes->first() + core::Duration{span.ns / 40 * i};
        w.setVisibleRange(at, at + core::Duration{span.ns / 100});
    });
    w.fitAll();
    w.setVisibleRange(lanes->first(), lanes->first() + core::Duration{span.ns / 6}); // a sixth (10 min of the hour), panned through
    const FrameTimes panning = msPerFrame(w, 40, [&](int) { w.panBy(0.1); });
    for (const auto &lane : lanes->lanes())
        if (lane.isGroup())
            w.expandLane(lane.id);
    QApplication::processEvents();
    const FrameTimes allOpen = msPerFrame(w, 20, [&](int) { w.fitAll(); });

    std::cout << std::fixed << std::setprecision(2);
    std::cout << "bundle           " << (synthetic ? "" : "loaded: ") << events << " events, " << lanes->laneCount() << " lanes (built in "
              << buildBundleS << " s; lanes in " << buildLanesS << " s)\n";
    std::cout << "baseline frame   " << baseline << " ms (same widget, one event)\n";
    auto line = [&](const char *what, const FrameTimes &f) {
        std::cout << what << "median " << f.median << " ms, p95 " << f.p95 << " ms = " << std::setprecision(1) << f.median / baseline
                  << " x baseline, " << 1000.0 / f.median << " frames/s\n"
                  << std::setprecision(2);
    };
    line("fit all          ", fit);
    line("zoomed to 1 %    ", zoomed);
    line("panning          ", panning);
    line("all groups open  ", allOpen);
    std::cout << "(20-40 frames each, 1600 x 1000, offscreen raster)\n";
    return 0;
}

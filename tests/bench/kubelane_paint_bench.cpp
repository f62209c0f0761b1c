// Paint cost of the swimlane timeline with a million events: the time to build the lanes and
// the time per frame (fit all, zoomed in, panning), as ratios against the same widget
// painting a one-event bundle in the same run. Not a test: it prints, it does not judge.
//
//   kubelane_paint_bench [EVENTS]      (default 1000000; runs on the offscreen platform)
#include "../ui/uitestdata.h"

#include "ui/lanemodel.h"
#include "ui/timelinewidget.h"

#include <QApplication>
#include <QElapsedTimer>

#include <qcustomplot.h>

#include <functional>
#include <algorithm>
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
              std::string(b.incident().text(b.incident().pods[pod].node)));
    }
    core::AnalyzeOptions options;
    options.resourceDir = KUBELANE_RESOURCES;
    return core::analyzeIncident(b.finish(), options);
}

// Median milliseconds per immediate replot over `frames` runs of `step` (which changes the
// view): the frame a user typically sees, not the luckiest one.
double msPerFrame(ui::TimelineWidget &w, int frames, const std::function<void(int)> &step)
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
    std::nth_element(ms.begin(), ms.begin() + static_cast<std::ptrdiff_t>(ms.size() / 2), ms.end());
    return ms[ms.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const std::size_t events = argc > 1 ? std::stoul(argv[1]) : 1'000'000;

    QElapsedTimer t;
    t.start();
    const auto analysis = syntheticBundle(events);
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
    const double baseline = msPerFrame(w, 10, [](int) {});

    w.setLaneModel(lanes);
    QApplication::processEvents();
    const double fit = msPerFrame(w, 10, [&](int) { w.fitAll(); });
    const core::Timestamp mid = lanes->first() + core::Duration{(lanes->last() - lanes->first()).ns / 2};
    w.setVisibleRange(mid, mid + core::Duration::fromSeconds(36)); // 1 % of the hour
    const double zoomed = msPerFrame(w, 10, [](int) {});
    w.fitAll();
    w.setVisibleRange(lanes->first(), lanes->first() + core::Duration::fromSeconds(600)); // a 10 min view, panned through the hour
    const double panning = msPerFrame(w, 20, [&](int) { w.panBy(0.1); });
    for (const auto &lane : lanes->lanes())
        if (lane.isGroup())
            w.expandLane(lane.id);
    QApplication::processEvents();
    const double allOpen = msPerFrame(w, 10, [&](int) { w.fitAll(); });

    std::cout << std::fixed << std::setprecision(2);
    std::cout << "bundle           " << events << " events, " << lanes->laneCount() << " lanes (built in " << buildBundleS << " s; lanes in "
              << buildLanesS << " s)\n";
    std::cout << "baseline frame   " << baseline << " ms (same widget, one event)\n";
    auto line = [&](const char *what, double ms) {
        std::cout << what << ms << " ms = " << std::setprecision(1) << ms / baseline << " x baseline, " << 1000.0 / ms << " frames/s\n"
                  << std::setprecision(2);
    };
    line("fit all          ", fit);
    line("zoomed to 1 %    ", zoomed);
    line("panning          ", panning);
    line("all groups open  ", allOpen);
    std::cout << "(median of 10-20 frames, 1600 x 1000, offscreen raster)\n";
    return 0;
}

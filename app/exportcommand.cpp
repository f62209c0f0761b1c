#include "exportcommand.h"

#include "ui/exportscene.h"
#include "ui/lanefilter.h"
#include "ui/lanemodel.h"
#include "ui/notesstore.h"
#include "ui/perfettoexport.h"
#include "ui/timelineimage.h"

#include <QApplication>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <future>
#include <iostream>
#include <optional>
#include <system_error>
#include <utility>

namespace kubelane::app {

namespace {

// "node-heartbeat-gap", "a, b and 3 more": what the title calls the bundle.
QString bundleName(const std::vector<std::string> &inputs)
{
    QStringList names;
    for (const auto &i : inputs) {
        QFileInfo fi(QString::fromStdString(i));
        names << (fi.fileName().isEmpty() ? QFileInfo(fi.absolutePath()).fileName() : fi.fileName());
    }
    if (names.size() > 3)
        return QStringLiteral("%1, %2 and %3 more").arg(names[0], names[1]).arg(names.size() - 2);
    return names.join(QStringLiteral(", "));
}

std::vector<ui::Note> sessionNotes(const std::vector<std::string> &inputs)
{
    QStringList paths;
    for (const auto &i : inputs)
        paths << QString::fromStdString(i);
    ui::NotesStore store;
    QString error;
    if (!store.open(paths, &error))
        std::cerr << "kubelane: notes not loaded: " << error.toStdString() << "\n";
    return store.notes();
}

// Qt's offscreen platform warns that XDG_RUNTIME_DIR is unset on every headless run; the
// export never uses it, and the user should only see what concerns the export.
void quietMessages(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
        return;
    if (type != QtDebugMsg)
        std::cerr << "kubelane: " << message.toStdString() << "\n";
}

// "1 finding", "3 marks": the summary line's counts.
std::string count(std::size_t n, const char *one, const char *many = nullptr)
{
    return std::to_string(n) + " " + (n == 1 ? std::string(one) : many ? std::string(many) : std::string(one) + "s");
}

// The headless request both formats frame: --finding, --rule, --from/--to and --lanes as
// frameExport reads them. `load` loses its window: the bundle is loaded whole so facts near
// the edges stay right. Nothing, with the message printed, when --lanes does not parse:
// checked before the load, not after it.
std::optional<ui::ExportRequest> exportRequest(const CommandLine &cl, core::LoadOptions &load)
{
    ui::ExportRequest request;
    request.from = std::exchange(load.from, std::nullopt);
    request.to = std::exchange(load.to, std::nullopt);
    if (cl.finding)
        request.finding = *cl.finding - 1;
    request.rules = cl.onlyRules;
    request.lanes = QString::fromStdString(cl.lanes);
    QString error;
    if (!ui::LaneFilter::validate(request.lanes, &error)) {
        std::cerr << "kubelane: --lanes: " << error.toStdString() << "\n";
        return std::nullopt;
    }
    return request;
}

// The bundle loaded and analysed, and its lane model: the events are placed in their lanes on
// another thread while the facts and rules run (as the window's loader does), then the
// analysis's lanes are added. Null, with the exit code, when the load or the rules failed.
std::pair<std::shared_ptr<const ui::LaneModel>, int> loadIntoLanes(const CommandLine &cl, const core::LoadOptions &load,
                                                                   const core::AnalyzeOptions &analyzeOptions)
{
    std::future<std::shared_ptr<ui::LaneModel>> placing;
    const LoadedAnalysis loaded =
        loadAndAnalyze(cl.inputs, load, analyzeOptions, [&](const std::shared_ptr<const core::Incident> &incident) {
            try {
                placing = std::async(std::launch::async, [incident] { return std::make_shared<ui::LaneModel>(incident); });
            } catch (const std::system_error &) {
                // No thread to be had: the events are placed after the rules, on this one.
            }
        });
    if (!loaded.analysis)
        return {nullptr, loaded.exitCode}; // the future, if any, is waited for as it goes
    std::shared_ptr<ui::LaneModel> model =
        placing.valid() ? placing.get() : std::make_shared<ui::LaneModel>(std::shared_ptr<const core::Incident>(loaded.analysis->incident));
    model->addAnalysis(loaded.analysis);
    return {std::move(model), kExitOk};
}

// --format perfetto: the trace of what the image would show: frameExport's window, lanes and
// findings (a finding framed with its chain and evidence, --rule without a match refused).
// Without --finding or --rule the trace holds every lane and finding of the window.
int writePerfetto(const CommandLine &cl, const core::AnalyzeOptions &analyzeOptions)
{
    core::LoadOptions load = cl.load;
    auto request = exportRequest(cl, load);
    if (!request)
        return kExitBadArguments;
    request->wholeBundle = !request->finding && request->rules.empty();
    const auto [model, exitCode] = loadIntoLanes(cl, load, analyzeOptions);
    if (!model)
        return exitCode;
    QString error;
    const auto scene = ui::frameExport(model, *request, &error);
    if (!scene) {
        std::cerr << "kubelane: " << error.toStdString() << "\n";
        return kExitNothingMatches;
    }
    ui::PerfettoRequest trace;
    trace.from = scene->start;
    trace.to = scene->end;
    trace.shown = scene->shown;
    trace.findings = scene->findings;

    std::ofstream out(cl.output, std::ios::binary | std::ios::trunc);
    const ui::PerfettoCounts counts = ui::writePerfettoTrace(out, *model, trace);
    out.close();
    if (!out) {
        std::cerr << "kubelane: " << cl.output << ": could not be written\n";
        return kExitCannotWrite;
    }
    if (counts.marks + counts.spans == 0) {
        std::remove(cl.output.c_str());
        std::cerr << "kubelane: nothing lies in the window and lanes chosen; " << cl.output << " not written\n";
        return kExitNothingMatches;
    }
    std::cerr << "kubelane: wrote " << cl.output << " (" << count(counts.processes, "process", "processes") << ", "
              << count(counts.threads, "thread") << ", " << count(counts.spans, "span") << ", " << count(counts.marks, "mark") << ", "
              << count(counts.flows, "ordering") << ", " << count(counts.findings, "finding")
              << "); open it at https://ui.perfetto.dev (Open trace file)\n";
    return kExitOk;
}

} // namespace

int runExport(int argc, char **argv, const CommandLine &cl, const core::AnalyzeOptions &analyzeOptions)
{
    if (cl.perfetto)
        return writePerfetto(cl, analyzeOptions);
    // No display needed, and the same image whatever the desktop: always the offscreen platform.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    qInstallMessageHandler(quietMessages);
    QApplication qapp(argc, argv);
    QApplication::setApplicationName("kubelane");
    QApplication::setOrganizationName("kubelane");

    core::LoadOptions load = cl.load;
    auto request = exportRequest(cl, load);
    if (!request)
        return kExitBadArguments;
    const auto [model, exitCode] = loadIntoLanes(cl, load, analyzeOptions);
    if (!model)
        return exitCode;
    QString error;
    auto scene = ui::frameExport(model, *request, &error);
    if (!scene) {
        std::cerr << "kubelane: " << error.toStdString() << "\n";
        return kExitNothingMatches;
    }
    scene->bundleName = bundleName(cl.inputs);
    scene->utcOffsetSeconds = cl.displayUtcOffset;
    scene->notes = sessionNotes(cl.inputs);

    ui::ImageSize size;
    if (cl.width > 0)
        size.width = cl.width;
    size.height = cl.height;
    size.scale = cl.scale;
    const ui::TimelineImage image(std::move(*scene), size);
    if (!image.save(QString::fromStdString(cl.output), &error)) {
        std::cerr << "kubelane: " << error.toStdString() << "\n";
        return kExitCannotWrite;
    }
    const QSize px = image.pixelSize();
    const auto &shown = image.scene();
    const auto notesInView = std::count_if(shown.notes.begin(), shown.notes.end(),
                                           [&](const ui::Note &n) { return n.time >= shown.start && n.time <= shown.end; });
    std::cerr << "kubelane: wrote " << cl.output << " (" << px.width() << " x " << px.height() << " px, "
              << count(shown.findings.size(), "finding") << ", " << count(static_cast<std::size_t>(notesInView), "note") << ")\n";
    return kExitOk;
}

} // namespace kubelane::app

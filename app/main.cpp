// kubelane: open a Kubernetes incident's logs as one timeline.
#include "commandline.h"
#include "exportcommand.h"
#include "loadandanalyze.h"
#include "core/analysis/analyzer.h"
#include "reopencommand.h"
#include "core/report/analysisreport.h"
#include "core/report/markdownreport.h"
#include "core/util/memorypolicy.h"
#include "core/util/stagereport.h"
#include "ui/mainwindow.h"

#include "version.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTimer>
#include <QFileInfo>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

using namespace kubelane;

namespace {

using app::kExitBadArguments;
using app::kExitOk;

core::AnalyzeOptions analyzeOptions(const app::CommandLine &cl)
{
    core::AnalyzeOptions o;
    o.resourceDir = cl.load.resourceDir;
    o.extraRuleFiles = cl.ruleFiles;
    o.onlyRules = cl.onlyRules;
    o.gracePeriod = cl.gracePeriod;
    return o;
}

// Ends the process once the output is out, without tearing the event store down: freeing
// millions of events and their tables one by one took 8 % of an analyze run, and the
// kernel takes the memory back at once anyway.
[[noreturn]] void exitWithoutTeardown(int code)
{
    std::cout.flush();
    std::cerr.flush();
    std::_Exit(code);
}

int runAnalyze(const app::CommandLine &cl)
{
    const app::LoadedAnalysis loaded = app::loadAndAnalyze(cl.inputs, cl.load, analyzeOptions(cl));
    if (!loaded.analysis)
        return loaded.exitCode;
    const core::Incident &incident = *loaded.analysis->incident;
    if (cl.json) {
        std::cout << core::analysisJson(incident, loaded.analysis.get()) << "\n";
    } else if (cl.markdown) {
        core::MarkdownOptions options;
        const app::ReopenCommandMaker reopen(cl);
        options.reopenCommand = [&reopen](std::size_t index, const core::Finding &f) {
            const app::ReopenCommands commands = reopen.forFinding(index, f);
            return commands.window.empty() ? commands.window : commands.window + "\n" + commands.exportImage;
        };
        std::cout << core::analysisMarkdown(incident, loaded.analysis.get(), options);
    } else {
        std::cout << core::analysisText(incident, loaded.analysis.get(), cl.verbose);
    }
    std::cout.flush();
    core::stageDone("report");
    exitWithoutTeardown(std::cout ? kExitOk : app::kExitCannotWrite);
}

// The sample the README's run command opens when no bundle is given.
QString defaultSample(const std::string &resources)
{
    for (const QString &candidate : {QStringLiteral("samples/node-heartbeat-gap"),
                                     QString::fromStdString(resources) + QStringLiteral("/../samples/node-heartbeat-gap")}) {
        if (QFileInfo::exists(candidate))
            return QDir(candidate).absolutePath();
    }
    return {};
}

// Peak resident memory of this process so far, in MB (Linux; 0 where unknown).
double peakResidentMegabytes()
{
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("VmHWM:"))
            return std::atof(line.c_str() + 6) / 1024.0;
    return 0;
}

// --first-paint-report: from here (the process is up) until the window has painted itself
// complete with the loaded bundle; grab() renders every widget, the timeline included, at once.
void reportFirstPaint(ui::MainWindow &window)
{
    auto clock = std::make_shared<QElapsedTimer>();
    clock->start();
    QObject::connect(&window, &ui::MainWindow::bundleLoaded, &window, [&window, clock] {
        const double loaded = clock->elapsed() / 1000.0;
        QTimer::singleShot(0, &window, [&window, clock, loaded] {
            window.grab();
            const double painted = clock->elapsed() / 1000.0;
            std::cout << "window first paint " << painted << " s (loaded and analysed " << loaded << " s, painting "
                      << (painted - loaded) * 1000 << " ms), peak RSS " << static_cast<long>(peakResidentMegabytes()) << " MB\n";
            exitWithoutTeardown(app::kExitOk);
        });
    });
    QObject::connect(&window, &ui::MainWindow::loadFailed, &window, [](const QString &message) {
        std::cerr << "kubelane: " << message.toStdString() << "\n";
        exitWithoutTeardown(app::kExitLoadFailed);
    });
}

int runGui(int argc, char **argv, app::CommandLine cl)
{
    QApplication qapp(argc, argv);
    QApplication::setApplicationName("kubelane");
    QApplication::setOrganizationName("kubelane");
    // A view to open on (a shared "kubelane BUNDLE --finding 2 ..."): all findings stay, the
    // rule's first one is selected.
    ui::ViewRequest view;
    if (cl.finding)
        view.finding = *cl.finding - 1;
    if (!cl.onlyRules.empty())
        view.rule = cl.onlyRules.front();
    view.from = cl.viewFrom;
    view.to = cl.viewTo;
    view.lanes = QString::fromStdString(cl.lanes);
    if (cl.zoneGiven)
        view.utcOffsetSeconds = cl.displayUtcOffset;
    cl.onlyRules.clear();
    ui::MainWindow window(cl.load, analyzeOptions(cl));
    window.setInitialView(view);
    // KUBELANE_SCREENSHOT=FILE: open, select finding KUBELANE_SCREENSHOT_FINDING (1-based,
    // default 1; 0 = the window's own choice), save the window as FILE and exit (README screenshots, CI smoke test).
    // KUBELANE_SCREENSHOT_SIZE=WxH sizes the window first (default 1600x1000).
    if (const QString shot = qEnvironmentVariable("KUBELANE_SCREENSHOT"); !shot.isEmpty()) {
        QSize size(1600, 1000);
        if (const QStringList wh = qEnvironmentVariable("KUBELANE_SCREENSHOT_SIZE").split('x');
            wh.size() == 2 && wh[0].toInt() > 0 && wh[1].toInt() > 0)
            size = QSize(wh[0].toInt(), wh[1].toInt());
        window.scheduleScreenshot(shot,
                                  qEnvironmentVariableIsSet("KUBELANE_SCREENSHOT_FINDING")
                                      ? qEnvironmentVariableIntValue("KUBELANE_SCREENSHOT_FINDING") - 1
                                      : view.isEmpty() ? 0
                                                       : -1,
                                  size);
    }
    if (cl.firstPaintReport)
        reportFirstPaint(window);
    // Screenshots and measurements want the default layout; a user gets theirs back.
    if (qEnvironmentVariable("KUBELANE_SCREENSHOT").isEmpty() && !cl.firstPaintReport)
        window.restoreLayout();
    window.show();
    QStringList inputs;
    for (const auto &i : cl.inputs)
        inputs << QString::fromStdString(i);
    if (inputs.isEmpty())
        if (const QString sample = defaultSample(cl.load.resourceDir); !sample.isEmpty())
            inputs << sample;
    if (!inputs.isEmpty())
        window.openBundle(inputs);
    return qapp.exec();
}

} // namespace

int main(int argc, char **argv)
{
    core::mapLargeBlocksApart();
    std::vector<std::string> args(argv + 1, argv + argc);
    app::CommandLine cl;
    try {
        cl = app::parseCommandLine(args);
    } catch (const std::invalid_argument &e) {
        std::cerr << "kubelane: " << e.what() << "\n\n" << app::usage();
        return kExitBadArguments;
    }
    cl.load.resourceDir = core::locateResources(cl.resourceDir, std::filesystem::canonical("/proc/self/exe").string());
    switch (cl.command) {
    case app::CommandLine::Command::Help: std::cout << app::usage(); return kExitOk;
    case app::CommandLine::Command::Version: std::cout << "kubelane " KUBELANE_VERSION " (commit " KUBELANE_COMMIT ")\n"; return kExitOk;
    case app::CommandLine::Command::Analyze: return runAnalyze(cl);
    case app::CommandLine::Command::Export: return app::runExport(argc, argv, cl, analyzeOptions(cl));
    case app::CommandLine::Command::Gui: break;
    }
    return runGui(argc, argv, cl);
}

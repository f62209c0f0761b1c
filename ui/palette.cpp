#include "palette.h"

namespace kubelane::ui {

namespace {

QColor withAlpha(QColor c, int alpha)
{
    c.setAlpha(alpha);
    return c;
}

} // namespace

EventCategory Palette::categoryNamed(std::string_view name)
{
    static constexpr std::pair<std::string_view, EventCategory> kNames[] = {
        {"process", EventCategory::Process},
        {"status", EventCategory::Status},
        {"probe", EventCategory::Probe},
        {"container", EventCategory::Container},
        {"node-health", EventCategory::NodeHealth},
        {"runtime", EventCategory::Runtime},
        {"api", EventCategory::Api},
    };
    for (const auto &[known, category] : kNames)
        if (name == known)
            return category;
    return EventCategory::Other;
}

const char *Palette::categoryName(EventCategory c)
{
    switch (c) {
    case EventCategory::Process: return "process";
    case EventCategory::Status: return "pod status";
    case EventCategory::Probe: return "probe";
    case EventCategory::Container: return "container";
    case EventCategory::NodeHealth: return "node health";
    case EventCategory::Runtime: return "runtime / PLEG";
    case EventCategory::Api: return "API";
    case EventCategory::Other: return "other";
    case EventCategory::Count: break;
    }
    return "other";
}

const char *Palette::stateName(StateKind s)
{
    switch (s) {
    case StateKind::ReadyTrue: return "Ready True";
    case StateKind::ReadyFalse: return "Ready False";
    case StateKind::ReadyUnknown: return "Ready Unknown";
    case StateKind::KubeletUp: return "kubelet up";
    case StateKind::KubeletDown: return "kubelet down";
    case StateKind::TaintPresent: return "taint";
    case StateKind::TaintQueued: return "taint queued, not applied";
    case StateKind::ContainerRunning: return "running";
    case StateKind::Unhealthy: return "unhealthy";
    case StateKind::Count: break;
    }
    return "";
}

QColor Palette::state(StateKind s) const
{
    switch (s) {
    case StateKind::ReadyTrue: return m_readyTrue;
    case StateKind::ReadyFalse: return m_readyFalse;
    case StateKind::ReadyUnknown: return m_readyUnknown;
    case StateKind::KubeletUp: return m_kubeletUp;
    case StateKind::KubeletDown: return m_kubeletDown;
    case StateKind::TaintPresent:
    case StateKind::TaintQueued: return m_taint;
    case StateKind::ContainerRunning: return m_running;
    case StateKind::Unhealthy: return m_unhealthy;
    case StateKind::Count: break;
    }
    return m_readyUnknown;
}

Palette Palette::light()
{
    return fromQt(QPalette(QColor(0xef, 0xef, 0xef), QColor(0xff, 0xff, 0xff)));
}

Palette Palette::fromQt(const QPalette &qt)
{
    using namespace okabeito;
    Palette p;
    p.background = qt.color(QPalette::Base);
    p.dark = p.background.lightness() < 128;
    p.text = qt.color(QPalette::Text);
    p.mutedText = p.dark ? p.text.darker(150) : p.text.lighter(220);
    if (p.mutedText == p.text)
        p.mutedText = p.dark ? QColor(160, 160, 160) : QColor(110, 110, 110);
    // Neutrals are mixed from the background so they sit quietly under the marks.
    const QColor bg = p.background;
    auto shade = [&](int amount) { return p.dark ? bg.lighter(100 + amount) : bg.darker(100 + amount / 2); };
    if (p.dark && bg.lightness() < 20) {
        // lighter() of near-black barely moves; mix instead.
        auto mix = [&](int v) { return QColor(bg.red() + v, bg.green() + v, bg.blue() + v); };
        p.grid = mix(48);
        p.rowAlternate = mix(10);
        p.groupRow = mix(22);
    } else {
        p.grid = shade(24);
        p.rowAlternate = shade(5);
        p.groupRow = shade(12);
    }
    p.highlightRow = withAlpha(yellow, p.dark ? 40 : 70);
    p.findingShade = withAlpha(yellow, p.dark ? 34 : 60);
    p.selection = p.dark ? skyBlue : blue;
    p.evidence = p.dark ? QColor(255, 255, 255) : QColor(0, 0, 0);
    p.searchHit = QColor(0xF0, 0xE4, 0x42); // Okabe-Ito yellow, drawn with a dark rim on light backgrounds
    p.tick = p.dark ? QColor(200, 200, 200) : QColor(60, 60, 60);
    p.tickFailed = vermillion;
    p.gapOverGrace = withAlpha(vermillion, p.dark ? 110 : 90);
    p.gapUnderGrace = withAlpha(orange, p.dark ? 90 : 70);
    p.arrowRace = vermillion;
    p.arrowSafe = bluishGreen;
    p.note = p.dark ? yellow : QColor(0x8a, 0x6d, 0x00);
    p.cursor = p.dark ? QColor(230, 230, 230) : QColor(40, 40, 40);
    p.measure = p.dark ? skyBlue : blue;
    p.labelBackground = withAlpha(bg, 225);
    // Callouts are outside the mark palette, so a numbered disc never reads as an event.
    p.callout = p.dark ? QColor(0xc9, 0xa7, 0xeb) : QColor(0x5b, 0x2a, 0x86);
    p.calloutText = p.dark ? QColor(0, 0, 0) : QColor(255, 255, 255);

    p.m_categories[int(EventCategory::Process)] = p.dark ? QColor(235, 235, 235) : black;
    p.m_categories[int(EventCategory::Status)] = p.dark ? skyBlue.lighter(110) : blue;
    p.m_categories[int(EventCategory::Probe)] = bluishGreen;
    p.m_categories[int(EventCategory::Container)] = reddishPurple;
    p.m_categories[int(EventCategory::NodeHealth)] = orange;
    p.m_categories[int(EventCategory::Runtime)] = vermillion;
    p.m_categories[int(EventCategory::Api)] = p.dark ? QColor(0x7f, 0xc6, 0xee) : skyBlue.darker(115);
    p.m_categories[int(EventCategory::Other)] = p.dark ? QColor(130, 130, 130) : QColor(150, 150, 150);

    p.m_readyTrue = withAlpha(bluishGreen, 200);
    p.m_readyFalse = withAlpha(vermillion, 210);
    p.m_readyUnknown = p.dark ? QColor(150, 150, 150) : QColor(140, 140, 140);
    p.m_kubeletUp = withAlpha(blue, p.dark ? 230 : 190);
    p.m_kubeletDown = withAlpha(vermillion, 150);
    p.m_taint = withAlpha(orange, 220);
    p.m_running = withAlpha(skyBlue, 200);
    p.m_unhealthy = withAlpha(vermillion, 190);
    return p;
}

} // namespace kubelane::ui

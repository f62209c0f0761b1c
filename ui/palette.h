#pragma once
// Colours of the timeline. Marks and bars use the Okabe-Ito palette (distinguishable with the
// common colour-vision deficiencies); neutrals follow the system palette, so the window is
// light or dark with the desktop. Shape, not colour alone, carries severity.
#include "core/model/event.h"

#include <QColor>
#include <QPalette>

#include <array>
#include <string_view>

namespace kubelane::ui {

// Families of event types: what a mark's fill colour says.
enum class EventCategory : std::uint8_t { Process, Status, Probe, Container, NodeHealth, Runtime, Api, Other, Count };

// States drawn as bars.
enum class StateKind : std::uint8_t {
    ReadyTrue,
    ReadyFalse,
    ReadyUnknown,
    KubeletUp,
    KubeletDown,
    TaintPresent,
    TaintQueued, // queued by the controller, never seen applied (TaintInterval::queuedNotApplied)
    ContainerRunning,
    Unhealthy,
    Count
};

class Palette {
public:
    static Palette fromQt(const QPalette &qt);
    static Palette light();

    // The colour family of an events.json category ("status" -> Status); Other for "" or a
    // category the palette has no colour for.
    static EventCategory categoryNamed(std::string_view category);
    static const char *categoryName(EventCategory c);
    static const char *stateName(StateKind s);

    QColor category(EventCategory c) const { return m_categories[static_cast<int>(c)]; }
    QColor state(StateKind s) const;
    // Unknown and "down" are hatched as well as coloured, so they read without colour.
    static bool isHatched(StateKind s)
    {
        return s == StateKind::ReadyUnknown || s == StateKind::KubeletDown || s == StateKind::TaintQueued;
    }

    bool dark = false;
    QColor background; // plot background
    QColor text;
    QColor mutedText;
    QColor grid;
    QColor rowAlternate;  // every other lane row
    QColor groupRow;      // rows of groups (control plane, node, pod)
    QColor highlightRow;  // lanes of the selected finding
    QColor findingShade;  // the selected finding's time range
    QColor selection;     // selected mark, cursor label background
    QColor evidence;      // outline of evidence marks
    QColor searchHit;     // halo of events the search box matches
    QColor tick;          // heartbeat tick
    QColor tickFailed;    // failed heartbeat attempt
    QColor gapOverGrace;  // heartbeat gap longer than the grace period
    QColor gapUnderGrace; // shorter gap: shown, but not alarming
    QColor arrowRace;     // ordering arrow: status generated before the first readiness result
    QColor arrowSafe;     // the other order
    QColor note;
    QColor cursor;
    QColor measure;
    QColor labelBackground; // behind text drawn over marks
    QColor callout;         // numbered finding marker of an exported image
    QColor calloutText;

private:
    std::array<QColor, static_cast<int>(EventCategory::Count)> m_categories;
    QColor m_readyTrue, m_readyFalse, m_readyUnknown, m_kubeletUp, m_kubeletDown, m_taint, m_running, m_unhealthy;
};

// Okabe & Ito (2008), "Color Universal Design".
namespace okabeito {
inline const QColor black{0, 0, 0};
inline const QColor orange{0xE6, 0x9F, 0x00};
inline const QColor skyBlue{0x56, 0xB4, 0xE9};
inline const QColor bluishGreen{0x00, 0x9E, 0x73};
inline const QColor yellow{0xF0, 0xE4, 0x42};
inline const QColor blue{0x00, 0x72, 0xB2};
inline const QColor vermillion{0xD5, 0x5E, 0x00};
inline const QColor reddishPurple{0xCC, 0x79, 0xA7};
} // namespace okabeito

} // namespace kubelane::ui

#pragma once
// The selected event's details (parsed fields, type, lane, source file:line) and its raw
// line among the neighbouring lines of the same file. Follows the selection both ways:
// selecting an event shows its lines; clicking another line selects that line's event.
#include "lanemodel.h"
#include "sourcelineindex.h"

#include <QTextEdit>
#include <QWidget>

#include <memory>

namespace re2 {
class RE2;
}
class QLabel;
class QTextBlock;
class QPlainTextEdit;
class QTextBrowser;

namespace kubelane::ui {

class LogView : public QWidget {
    Q_OBJECT
public:
    explicit LogView(QWidget *parent = nullptr);
    void setLaneModel(std::shared_ptr<const LaneModel> model);
    void setUtcOffset(int seconds);
    void showEvent(core::EventIndex event);
    // Highlights the search box's matches (case-insensitive RE2) in the raw lines.
    void setSearch(const QString &pattern);
    int searchHighlightCount() const { return m_searchHits; }
    // How the shown time differs from what the raw line says (zone and skew), or empty.
    // Says nothing when the line's clock already reads the display zone and had no skew.
    static QString timeCorrection(const core::Incident &incident, core::EventIndex event, int displayOffsetSeconds);
    core::EventIndex currentEvent() const { return m_event; }
    QPlainTextEdit *rawView() const { return m_raw; }
    QString detailsText() const;

    // Lines [first, last] of the raw text around `event` (`context` either side), as shown.
    struct Excerpt {
        QStringList lines;
        std::uint32_t firstLine = 0; // 1-based number of lines[0]
        int eventRow = -1;           // index into lines of the event's first line
        int eventRows = 1;
    };
    static Excerpt excerpt(const core::Incident &incident, core::EventIndex event, int context);
    // Event whose lines include line `line` of `source`, or kNoEvent.
    core::EventIndex eventAtLine(core::SourceId source, std::uint32_t line);

signals:
    void eventActivated(core::EventIndex event);

private:
    void showDetails(core::EventIndex event);
    void rawCursorMoved();
    void updateHighlights();
    void highlightMatches(const QTextBlock &block, const re2::RE2 &re, QList<QTextEdit::ExtraSelection> &selections);

    std::shared_ptr<const LaneModel> m_model;
    QTextBrowser *m_details = nullptr;
    QLabel *m_title = nullptr;
    QPlainTextEdit *m_raw = nullptr;
    core::EventIndex m_event = core::kNoEvent;
    Excerpt m_excerpt;
    core::SourceId m_excerptSource = 0;
    SourceLineIndex m_lines;
    int m_utcOffset = 0;
    QString m_search;
    std::shared_ptr<const re2::RE2> m_searchRe; // compiled once per pattern, not per highlight pass
    int m_searchHits = 0;
    bool m_updating = false;
};

} // namespace kubelane::ui

#include "legendwidget.h"

#include "eventplottable.h"
#include "statebarplottable.h"

#include <QPainter>

#include <functional>

namespace kubelane::ui {

LegendWidget::LegendWidget(QWidget *parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void LegendWidget::setPalette(const Palette &palette)
{
    m_palette = palette;
    update();
}

QSize LegendWidget::sizeHint() const { return QSize(800, heightForWidth(width() > 0 ? width() : 800)); }

int LegendWidget::heightForWidth(int width) const { return layout(nullptr, width); }

void LegendWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateGeometry();
}

int LegendWidget::layout(QPainter *p, int width) const
{
    QFont f = font();
    f.setPointSizeF(std::max(7.0, f.pointSizeF() * 0.9));
    const QFontMetricsF fm(f);
    const double lineH = std::max(18.0, fm.height() + 6);
    const double iconW = 22;
    const Palette &pal = m_palette;
    double x = 6, y = 3;
    auto item = [&](const QString &text, const std::function<void(QPainter *, QRectF)> &icon) {
        const double w = iconW + 4 + fm.horizontalAdvance(text) + 14;
        if (x + w > width && x > 6) {
            x = 6;
            y += lineH;
        }
        if (p) {
            const QRectF iconRect(x, y + 2, iconW, lineH - 4);
            p->save();
            p->setRenderHint(QPainter::Antialiasing, true);
            icon(p, iconRect);
            p->restore();
            p->setPen(pal.text);
            p->setFont(f);
            p->drawText(QRectF(x + iconW + 4, y, w, lineH), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
        x += w;
    };
    auto heading = [&](const QString &text) {
        const double w = fm.horizontalAdvance(text) + 8;
        if (x + w + 60 > width && x > 6) {
            x = 6;
            y += lineH;
        }
        if (p) {
            QFont b = f;
            b.setBold(true);
            p->setFont(b);
            p->setPen(pal.mutedText);
            p->drawText(QRectF(x, y, w + 10, lineH), Qt::AlignVCenter | Qt::AlignLeft, text);
        }
        x += w + 2;
    };
    const double r = 4.5;
    heading(tr("Severity"));
    item(tr("info"), [&](QPainter *q, QRectF rc) { drawEventShape(q, rc.center(), r, core::Severity::Info, false, pal.category(EventCategory::Status), pal.text); });
    item(tr("warning"), [&](QPainter *q, QRectF rc) { drawEventShape(q, rc.center(), r, core::Severity::Warning, false, pal.category(EventCategory::Status), pal.text); });
    item(tr("error"), [&](QPainter *q, QRectF rc) { drawEventShape(q, rc.center(), r, core::Severity::Error, false, pal.category(EventCategory::Status), pal.text); });
    item(tr("fatal"), [&](QPainter *q, QRectF rc) { drawEventShape(q, rc.center(), r, core::Severity::Fatal, false, pal.category(EventCategory::Status), pal.text); });
    item(tr("folded (< 3 px apart)"), [&](QPainter *q, QRectF rc) {
        QColor c = pal.category(EventCategory::Api);
        c.setAlpha(200);
        q->setPen(QPen(c.darker(130), 1));
        q->setBrush(c);
        q->drawRoundedRect(QRectF(rc.left() + 1, rc.center().y() - 3.5, rc.width() - 2, 7), 3.5, 3.5);
    });
    heading(tr("Event type"));
    for (EventCategory c : {EventCategory::Process, EventCategory::Status, EventCategory::Probe, EventCategory::Container,
                            EventCategory::NodeHealth, EventCategory::Runtime, EventCategory::Api, EventCategory::Other}) {
        item(tr(Palette::categoryName(c)), [&, c](QPainter *q, QRectF rc) {
            drawEventShape(q, rc.center(), r, core::Severity::Info, c == EventCategory::Other, pal.category(c), pal.text);
        });
    }
    heading(tr("State"));
    for (StateKind s : {StateKind::ReadyTrue, StateKind::ReadyFalse, StateKind::ReadyUnknown, StateKind::KubeletUp,
                        StateKind::KubeletDown, StateKind::TaintPresent, StateKind::ContainerRunning, StateKind::Unhealthy}) {
        item(tr(Palette::stateName(s)), [&, s](QPainter *q, QRectF rc) {
            q->setRenderHint(QPainter::Antialiasing, false);
            paintStateBar(q, QRectF(rc.left(), rc.top() + 2, rc.width(), rc.height() - 4), s, pal, false);
        });
    }
    heading(tr("Heartbeats"));
    item(tr("heartbeat"), [&](QPainter *q, QRectF rc) {
        q->setPen(QPen(pal.tick, 1.3));
        for (int i = 0; i < 3; ++i)
            q->drawLine(QPointF(rc.left() + 4 + i * 7, rc.top() + 3), QPointF(rc.left() + 4 + i * 7, rc.bottom() - 3));
    });
    item(tr("failed"), [&](QPainter *q, QRectF rc) {
        q->setPen(QPen(pal.tickFailed, 2));
        q->drawLine(QPointF(rc.center().x(), rc.top() + 4), QPointF(rc.center().x(), rc.bottom() - 4));
    });
    item(tr("gap > grace period"), [&](QPainter *q, QRectF rc) { q->fillRect(rc, pal.gapOverGrace); });
    item(tr("gap ≤ grace period"), [&](QPainter *q, QRectF rc) { q->fillRect(rc, pal.gapUnderGrace); });
    heading(tr("Order"));
    item(tr("status before probe (race)"), [&](QPainter *q, QRectF rc) {
        q->setPen(QPen(pal.arrowRace, 2));
        q->drawLine(QPointF(rc.left() + 2, rc.center().y()), QPointF(rc.right() - 2, rc.center().y()));
        q->drawLine(QPointF(rc.right() - 2, rc.center().y()), QPointF(rc.right() - 7, rc.center().y() - 4));
        q->drawLine(QPointF(rc.right() - 2, rc.center().y()), QPointF(rc.right() - 7, rc.center().y() + 4));
    });
    item(tr("probe before status"), [&](QPainter *q, QRectF rc) {
        q->setPen(QPen(pal.arrowSafe, 2));
        q->drawLine(QPointF(rc.left() + 2, rc.center().y()), QPointF(rc.right() - 2, rc.center().y()));
        q->drawLine(QPointF(rc.right() - 2, rc.center().y()), QPointF(rc.right() - 7, rc.center().y() - 4));
        q->drawLine(QPointF(rc.right() - 2, rc.center().y()), QPointF(rc.right() - 7, rc.center().y() + 4));
    });
    item(tr("evidence"), [&](QPainter *q, QRectF rc) {
        q->setPen(QPen(pal.evidence, 2));
        q->setBrush(Qt::NoBrush);
        q->drawEllipse(rc.center(), 6, 6);
    });
    item(tr("finding window"), [&](QPainter *q, QRectF rc) { q->fillRect(rc, pal.findingShade); });
    return static_cast<int>(y + lineH + 3);
}

void LegendWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), m_palette.background);
    layout(&p, width());
}

} // namespace kubelane::ui

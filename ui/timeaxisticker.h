#pragma once
// Ticks and labels of the time axis. Keys are seconds since the lane model's origin (see
// TimelineCoordinates); labels are wall-clock times in the chosen zone, with as many
// fraction digits as the tick step needs, and the date where the day changes.
#include "core/model/timestamp.h"

#include <qcustomplot.h>

namespace kubelane::ui {

class TimeAxisTicker : public QCPAxisTicker {
public:
    explicit TimeAxisTicker(core::Timestamp origin = {});
    void setOrigin(core::Timestamp origin);
    void setUtcOffset(int seconds);
    int utcOffset() const { return m_utcOffset; }

    // Step in seconds for a visible span of `seconds` and about `ticks` ticks: 1-2-5 below a
    // second, then 1 2 5 10 15 30 s, 1 2 5 10 15 30 min, 1 2 3 6 12 h, days.
    static double niceStep(double seconds, int ticks);
    // Fraction digits a label needs at this step.
    static int digitsFor(double step);

protected:
    double getTickStep(const QCPRange &range) override;
    int getSubTickCount(double tickStep) override;
    QVector<QString> createLabelVector(const QVector<double> &ticks, const QLocale &locale, QChar formatChar, int precision) override;

private:
    core::Timestamp m_origin;
    int m_utcOffset = 0;
    QCPRange m_range; // of the last generate()
    double m_step = 1;
};

// "2020-03-12 10:42:26.102104 +08:00" / "... UTC"
QString formatTimestamp(core::Timestamp t, int utcOffsetSeconds, int fractionDigits = 6, bool withDate = true);
QString zoneName(int utcOffsetSeconds);
// "43 µs", "47.2 s" (core::formatDuration), signed when asked.
QString formatDurationText(core::Duration d);
// To the microsecond (the ruler's measure and the ordering arrows): "1.234567 s", "812.345 ms", "43 µs".
QString formatPreciseDuration(core::Duration d);

} // namespace kubelane::ui

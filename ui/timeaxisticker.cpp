#include "timeaxisticker.h"

#include "timelinecoordinates.h"

#include <cmath>

namespace kubelane::ui {

TimeAxisTicker::TimeAxisTicker(core::Timestamp origin) : m_origin(origin)
{
    setTickCount(8);
}

void TimeAxisTicker::setOrigin(core::Timestamp origin)
{
    m_origin = origin;
}

void TimeAxisTicker::setUtcOffset(int seconds)
{
    m_utcOffset = seconds;
    // Ticks fall on multiples of the step counted from the tick origin; moving it by the
    // zone offset puts them on round *local* times. The origin itself is a UTC midnight.
    setTickOrigin(-static_cast<double>(seconds));
}

double TimeAxisTicker::niceStep(double seconds, int ticks)
{
    static const double steps[] = {1e-9, 2e-9, 5e-9,  1e-8,  2e-8,  5e-8,  1e-7,      2e-7,      5e-7,       1e-6,      2e-6, 5e-6, 1e-5,
                                   2e-5, 5e-5, 1e-4,  2e-4,  5e-4,  1e-3,  2e-3,      5e-3,      1e-2,       2e-2,      5e-2, 0.1,  0.2,
                                   0.5,  1,    2,     5,     10,    15,    30,        60,        120,        300,       600,  900,  1800,
                                   3600, 7200, 10800, 21600, 43200, 86400, 2 * 86400, 7 * 86400, 14 * 86400, 28 * 86400};
    if (ticks < 1)
        ticks = 1;
    const double wanted = seconds / ticks;
    for (double s : steps)
        if (s >= wanted)
            return s;
    return steps[std::size(steps) - 1];
}

int TimeAxisTicker::digitsFor(double step)
{
    if (step >= 1 - 1e-12)
        return 0;
    if (step >= 1e-3 - 1e-15)
        return 3;
    if (step >= 1e-6 - 1e-18)
        return 6;
    return 9;
}

double TimeAxisTicker::getTickStep(const QCPRange &range)
{
    m_range = range;
    m_step = niceStep(range.size(), tickCount());
    return m_step;
}

int TimeAxisTicker::getSubTickCount(double tickStep)
{
    const double mantissa = tickStep / std::pow(10.0, std::floor(std::log10(tickStep) + 1e-9));
    if (tickStep >= 60 && std::fmod(tickStep, 60) == 0) {
        const double minutes = tickStep / 60;
        return minutes == 1 ? 5 : minutes == 15 || minutes == 30 ? 2 : minutes == 60 ? 3 : 1;
    }
    if (std::abs(mantissa - 1) < 1e-6)
        return 4;
    if (std::abs(mantissa - 2) < 1e-6)
        return 1;
    if (std::abs(mantissa - 5) < 1e-6)
        return 4;
    return 2; // 15, 30
}

QVector<QString> TimeAxisTicker::createLabelVector(const QVector<double> &ticks, const QLocale &, QChar, int)
{
    QVector<QString> labels;
    labels.reserve(ticks.size());
    const int digits = digitsFor(m_step);
    const bool minutesOnly = m_step >= 60;
    std::int64_t lastDay = std::numeric_limits<std::int64_t>::min();
    for (double key : ticks) {
        const core::Timestamp t = TimelineCoordinates::timeAtKey(m_origin, key);
        const core::CivilTime c = core::toCivil(t, m_utcOffset);
        const std::int64_t day = core::daysFromCivil(c.year, c.month, c.day);
        QString text = QString::fromStdString(core::formatTimeOfDay(t, digits, m_utcOffset));
        if (minutesOnly)
            text = text.left(5);
        // The date (and zone) on the first label and wherever the day changes. A first tick
        // hugging the left edge has its label cut off by the plot's border, so the next one says
        // it as well (labels are about 0.4 of a tick spacing wide on either side).
        const bool clippedAtLeft = labels.isEmpty() && key - m_range.lower < 0.4 * m_range.size() / std::max(1, tickCount());
        if (day != lastDay && !clippedAtLeft)
            text += QStringLiteral("\n%1-%2-%3 %4")
                        .arg(c.year, 4, 10, QChar('0'))
                        .arg(c.month, 2, 10, QChar('0'))
                        .arg(c.day, 2, 10, QChar('0'))
                        .arg(zoneName(m_utcOffset)); // the axis says which clock it reads
        lastDay = clippedAtLeft ? std::numeric_limits<std::int64_t>::min() : day;
        labels.push_back(text);
    }
    return labels;
}

QString zoneName(int utcOffsetSeconds)
{
    return utcOffsetSeconds == 0 ? QStringLiteral("UTC") : QString::fromStdString(core::formatUtcOffset(utcOffsetSeconds));
}

QString formatTimestamp(core::Timestamp t, int utcOffsetSeconds, int fractionDigits, bool withDate)
{
    const core::CivilTime c = core::toCivil(t, utcOffsetSeconds);
    QString out;
    if (withDate)
        out = QStringLiteral("%1-%2-%3 ").arg(c.year, 4, 10, QChar('0')).arg(c.month, 2, 10, QChar('0')).arg(c.day, 2, 10, QChar('0'));
    out += QString::fromStdString(core::formatTimeOfDay(t, fractionDigits, utcOffsetSeconds));
    out += ' ' + zoneName(utcOffsetSeconds);
    return out;
}

QString formatDurationText(core::Duration d)
{
    return QString::fromStdString(core::formatDuration(d));
}

QString formatPreciseDuration(core::Duration d)
{
    const std::int64_t ns = d.ns < 0 ? -d.ns : d.ns;
    const QString sign = d.ns < 0 ? QStringLiteral("-") : QString();
    if (ns < 1000)
        return sign + QStringLiteral("%1 ns").arg(ns);
    if (ns < 1'000'000)
        return sign + (ns % 1000 == 0 ? QStringLiteral("%1 µs").arg(ns / 1000) : QStringLiteral("%1 µs").arg(double(ns) / 1e3, 0, 'f', 3));
    if (ns < 1'000'000'000)
        return sign + QStringLiteral("%1 ms").arg(double(ns) / 1e6, 0, 'f', 3);
    if (ns < 120 * core::kNsPerSecond)
        return sign + QStringLiteral("%1 s").arg(double(ns) / 1e9, 0, 'f', 6);
    return sign + formatDurationText(core::Duration{ns});
}

} // namespace kubelane::ui

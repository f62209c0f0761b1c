#include "typedtime.h"

#include <QObject>
#include <QRegularExpression>

namespace kubelane::ui {

std::optional<int> parseTypedOffset(const QString &text)
{
    QString t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    // "+8:00" and "-5:30": one hour digit is as clear as two.
    if ((t.startsWith('+') || t.startsWith('-')) && t.size() >= 2 && t[1].isDigit() && (t.size() == 2 || !t[2].isDigit()))
        t.insert(1, '0');
    return core::parseUtcOffset(t.toStdString()); // real zones only: at most 14 hours
}

std::optional<core::Timestamp> parseTypedTime(const QString &text, int utcOffsetSeconds, core::Timestamp reference, QString *error)
{
    static const QRegularExpression re(
        QStringLiteral(
            R"(^\s*(?:(\d{4})-(\d{1,2})-(\d{1,2})[ T]+)?(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|UTC|[+-]\d{1,2}(?::?\d{2})?)?\s*$)"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch()) {
        if (error)
            *error = QObject::tr("expected a time such as 02:42:26.5 or 2020-03-12 02:42 (optionally with Z or +08:00)");
        return std::nullopt;
    }
    int offset = utcOffsetSeconds;
    if (!m.captured(8).isEmpty()) {
        const auto o = parseTypedOffset(m.captured(8));
        if (!o) {
            if (error)
                *error = QObject::tr("not a UTC offset: %1").arg(m.captured(8));
            return std::nullopt;
        }
        offset = *o;
    }
    const int hour = m.captured(4).toInt(), minute = m.captured(5).toInt(), second = m.captured(6).toInt();
    if (hour > 23 || minute > 59 || second > 60) {
        if (error)
            *error = QObject::tr("no such time of day: %1").arg(text.trimmed());
        return std::nullopt;
    }
    core::CivilTime c;
    const QString fraction = m.captured(7);
    c.nsOfDay = (std::int64_t(hour) * 3600 + minute * 60 + second) * core::kNsPerSecond
        + (fraction.isEmpty() ? 0 : (fraction + QString(9 - fraction.size(), '0')).toLongLong());
    const bool hasDate = !m.captured(1).isEmpty();
    if (hasDate) {
        c.year = m.captured(1).toInt();
        c.month = m.captured(2).toUInt();
        c.day = m.captured(3).toUInt();
        if (!core::isValidDate(c.year, c.month, c.day)) {
            if (error)
                *error = QObject::tr("no such date: %1").arg(m.captured(0).trimmed());
            return std::nullopt;
        }
        return core::toUtc(c, offset);
    }
    // Without a date: the reference's day in that zone, or the day before or after when that
    // lands nearer (02:10 typed while looking at 23:50 means the next day).
    const core::CivilTime ref = core::toCivil(reference, offset);
    c.year = ref.year;
    c.month = ref.month;
    c.day = ref.day;
    const core::Timestamp sameDay = core::toUtc(c, offset);
    const core::Duration day{86400 * core::kNsPerSecond};
    core::Timestamp best = sameDay;
    for (core::Timestamp candidate : {sameDay - day, sameDay + day}) {
        const auto distance = [&](core::Timestamp t) { return std::llabs((t - reference).ns); };
        if (distance(candidate) < distance(best))
            best = candidate;
    }
    return best;
}

} // namespace kubelane::ui

#pragma once
// "1 finding", "1,234 findings": counts in status lines and panels, with the number in the
// user's locale.
#include <QLocale>
#include <QString>

namespace kubelane::ui {

inline QString plural(qint64 n, const char *one, const char *many)
{
    return QStringLiteral("%1 %2").arg(QLocale().toString(n), QString::fromLatin1(n == 1 ? one : many));
}

} // namespace kubelane::ui

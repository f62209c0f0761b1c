#include "lanenameelision.h"

#include <QStringList>

namespace kubelane::ui {

namespace {

// Kubernetes' generated names use rand.String's alphabet (no vowels, no 0/1/3 that read as
// letters) for pod ids and for the template hash of a ReplicaSet.
bool isGeneratedToken(const QString &token)
{
    if (token.isEmpty())
        return false;
    bool digitsOnly = true;
    for (QChar c : token)
        digitsOnly = digitsOnly && c.isDigit();
    if (digitsOnly)
        return token.size() <= 10; // a StatefulSet ordinal, or a CronJob's schedule time (minutes since 1970: 8 digits)
    if (token.size() < 4 || token.size() > 10)
        return false;
    static const QString alphabet = QStringLiteral("bcdfghjklmnpqrstvwxz2456789");
    for (QChar c : token)
        if (!alphabet.contains(c))
            return false;
    return true;
}

} // namespace

QString generatedNameSuffix(const QString &name)
{
    const QStringList parts = name.split('-');
    if (parts.size() < 2)
        return {};
    int kept = 0;
    for (int i = static_cast<int>(parts.size()) - 1; i >= 1 && kept < 2; --i) {
        if (!isGeneratedToken(parts[i]))
            break;
        ++kept;
    }
    if (kept == 0)
        return {};
    QString suffix;
    for (int i = static_cast<int>(parts.size()) - kept; i < parts.size(); ++i)
        suffix += '-' + parts[i];
    return suffix;
}

QString elideLaneName(const QString &name, const QFontMetricsF &metrics, qreal width)
{
    if (metrics.horizontalAdvance(name) <= width)
        return name;
    const QString suffix = generatedNameSuffix(name);
    const QString ellipsis = QStringLiteral("…");
    if (!suffix.isEmpty()) {
        const QString head = name.left(name.size() - suffix.size());
        const qreal room = width - metrics.horizontalAdvance(suffix);
        if (room >= metrics.horizontalAdvance(QStringLiteral("pod ab") + ellipsis))
            return metrics.elidedText(head, Qt::ElideRight, room) + suffix;
    }
    return metrics.elidedText(name, Qt::ElideMiddle, width);
}

} // namespace kubelane::ui

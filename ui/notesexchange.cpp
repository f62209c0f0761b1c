#include "notesexchange.h"

#include "core/model/timestamp.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace kubelane::ui::notesexchange {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("NotesFile", text);
}

QJsonObject noteObject(const Note &n)
{
    QJsonObject o;
    o.insert(QStringLiteral("time"), QString::fromStdString(core::formatRfc3339(n.time, 9)));
    // Nanoseconds as a string as well: a JSON number is a double and would lose them.
    o.insert(QStringLiteral("ns"), QString::number(n.time.ns));
    if (!n.laneKey.isEmpty())
        o.insert(QStringLiteral("lane"), n.laneKey);
    o.insert(QStringLiteral("text"), n.text);
    return o;
}

// "ns" wins when present: it is exact. "time" is what a person writes by hand.
std::optional<core::Timestamp> noteTime(const QJsonObject &o, QString &why)
{
    const QJsonValue ns = o.value(QStringLiteral("ns"));
    if (ns.isString()) {
        bool ok = false;
        const qlonglong value = ns.toString().toLongLong(&ok);
        if (ok)
            return core::Timestamp{value};
        why = tr("\"ns\" is not a whole number of nanoseconds");
        return std::nullopt;
    }
    const QJsonValue time = o.value(QStringLiteral("time"));
    if (!time.isString()) {
        why = tr("no \"time\"");
        return std::nullopt;
    }
    const QByteArray text = time.toString().toUtf8();
    if (auto t = core::parseRfc3339(std::string_view(text.constData(), static_cast<std::size_t>(text.size()))))
        return t;
    why = tr("\"time\" %1 is not an RFC 3339 time with a zone").arg(time.toString());
    return std::nullopt;
}

std::optional<Note> readNote(const QJsonValue &v, QString &why)
{
    if (!v.isObject()) {
        why = tr("not an object");
        return std::nullopt;
    }
    const QJsonObject o = v.toObject();
    const std::optional<core::Timestamp> time = noteTime(o, why);
    if (!time)
        return std::nullopt;
    const QString text = o.value(QStringLiteral("text")).toString().trimmed();
    if (text.isEmpty()) {
        why = tr("no \"text\"");
        return std::nullopt;
    }
    return Note{*time, o.value(QStringLiteral("lane")).toString(), text};
}

} // namespace

QByteArray write(const std::vector<Note> &notes, const QStringList &inputs, bool localPaths)
{
    QJsonArray list;
    for (const Note &n : notes)
        list.append(noteObject(n));
    QStringList names;
    for (const QString &input : inputs)
        names << QFileInfo(input).fileName();
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("kubelane-notes"));
    root.insert(QStringLiteral("version"), kVersion);
    root.insert(QStringLiteral("bundle"), QJsonArray::fromStringList(names));
    if (localPaths)
        root.insert(QStringLiteral("inputs"), QJsonArray::fromStringList(inputs));
    root.insert(QStringLiteral("notes"), list);
    return QJsonDocument(root).toJson();
}

bool read(const QByteArray &json, NotesFile &out, QString *error)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (doc.isNull())
        return fail(parseError.errorString());
    const QJsonObject root = doc.object();
    const QJsonValue format = root.value(QStringLiteral("format"));
    // Session files written before the format had a name carry only version and notes.
    if (!doc.isObject() || (!format.isUndefined() && format.toString() != QStringLiteral("kubelane-notes"))
        || !root.value(QStringLiteral("notes")).isArray())
        return fail(tr("not a kubelane notes file (it needs \"format\": \"kubelane-notes\" and a \"notes\" list)"));
    const int version = root.value(QStringLiteral("version")).toInt(kVersion);
    if (version > kVersion)
        return fail(tr("written by a newer kubelane (notes version %1; this one reads version %2)").arg(version).arg(kVersion));
    for (const QJsonValue &name : root.value(QStringLiteral("bundle")).toArray())
        out.bundle << name.toString();
    const QJsonArray notes = root.value(QStringLiteral("notes")).toArray();
    for (qsizetype i = 0; i < notes.size(); ++i) {
        QString why;
        if (std::optional<Note> note = readNote(notes[i], why))
            out.notes.push_back(std::move(*note));
        else
            out.problems << tr("note %1: %2").arg(i + 1).arg(why);
    }
    std::stable_sort(out.notes.begin(), out.notes.end(), [](const Note &a, const Note &b) { return a.time < b.time; });
    return true;
}

} // namespace kubelane::ui::notesexchange

#include "shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QTableWidget>
#include <QVBoxLayout>

#include <utility>
#include <vector>

namespace kubelane::ui {

namespace {

// What the timeline does with the mouse (TimelineWidget's handlers).
std::vector<std::pair<QString, QString>> gestures()
{
    return {
        {QObject::tr("Wheel"), QObject::tr("Zoom in or out around the mouse")},
        {QObject::tr("Horizontal wheel / touchpad swipe"), QObject::tr("Pan in time")},
        {QObject::tr("Shift+wheel"), QObject::tr("Scroll the lanes up and down")},
        {QObject::tr("Drag"), QObject::tr("Pan in time")},
        {QObject::tr("Ctrl+drag"), QObject::tr("Zoom to the dragged range")},
        {QObject::tr("Shift+drag"), QObject::tr("Measure the time between two points")},
        {QObject::tr("Click a mark"), QObject::tr("Select its event: details and raw lines below")},
        {QObject::tr("Double-click"), QObject::tr("Zoom in there (on a note: edit it)")},
        {QObject::tr("Right click"),
         QObject::tr("Menu: add, edit or delete a note; copy the time; zoom to selection; fit all; clear measurement")},
        {QObject::tr("Hover"), QObject::tr("Tooltip of the mark or bar; the time under the mouse on the ruler")},
        {QObject::tr("Click a line in the raw log"), QObject::tr("Select that line's event")},
        {QObject::tr("Click an event type in the legend"), QObject::tr("Hide or show that kind of mark in every lane")},
    };
}

QString plainText(const QAction *a)
{
    return a->text().remove('&').remove(QStringLiteral("…"));
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Keys and mouse"));
    auto *layout = new QVBoxLayout(this);
    m_table = new QTableWidget(this);
    m_table->setColumnCount(2);
    m_table->setHorizontalHeaderLabels({tr("Key or gesture"), tr("What it does")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(true);
    auto addRow = [this](const QString &key, const QString &what, bool heading = false) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto *k = new QTableWidgetItem(key);
        auto *w = new QTableWidgetItem(what);
        if (heading) {
            QFont f = k->font();
            f.setBold(true);
            k->setFont(f);
        }
        m_table->setItem(row, 0, k);
        m_table->setItem(row, 1, w);
    };
    addRow(tr("Keys"), {}, true);
    for (const QAction *a : actions) {
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        if (!keys.isEmpty())
            addRow(keys.join(tr(" or ")), plainText(a));
    }
    addRow(tr("Mouse"), {}, true);
    for (const auto &[gesture, what] : gestures())
        addRow(gesture, what);
    m_table->resizeColumnToContents(0);
    m_table->resizeRowsToContents();
    layout->addWidget(m_table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(720, 620);
}

} // namespace kubelane::ui

#pragma once
// The "?" overlay: every key of the window's actions (read from the actions themselves, so it
// cannot drift from what the keys do) and every mouse gesture of the timeline.
#include <QDialog>
#include <QList>

class QAction;
class QTableWidget;

namespace kubelane::ui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);
    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table = nullptr;
};

} // namespace kubelane::ui

#pragma once
// The lane tree on the left of the timeline: a read-only QAbstractItemModel over LaneModel.
// Item ids are lane ids, so the view's rows and the plot's rows come from the same tree.
#include "lanemodel.h"

#include <QAbstractItemModel>

#include <memory>

namespace kubelane::ui {

class LaneTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Roles { LaneIdRole = Qt::UserRole + 1 };

    explicit LaneTreeModel(QObject *parent = nullptr);
    void setLaneModel(std::shared_ptr<const LaneModel> model);
    void setHighlighted(const std::vector<bool> &lanes, const QColor &color);

    QModelIndex indexOfLane(LaneId lane) const;
    // The lane an index shows (its internal id holds the lane's index).
    static LaneId laneOf(const QModelIndex &index) { return index.isValid() ? LaneId(static_cast<int>(index.internalId())) : LaneId(); }

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const LaneModel> m_model;
    std::vector<int> m_rowInParent; // lane index -> row under its parent
    std::vector<bool> m_highlighted;
    QColor m_highlightColor;
};

} // namespace kubelane::ui

#include "lanetreemodel.h"

#include <QFont>

namespace kubelane::ui {

LaneTreeModel::LaneTreeModel(QObject *parent) : QAbstractItemModel(parent) { }

void LaneTreeModel::setLaneModel(std::shared_ptr<const LaneModel> model)
{
    beginResetModel();
    m_model = std::move(model);
    m_rowInParent.assign(m_model ? static_cast<std::size_t>(m_model->laneCount()) : 0, 0);
    m_highlighted.clear();
    if (m_model) {
        for (std::size_t i = 0; i < m_model->roots().size(); ++i)
            m_rowInParent[m_model->roots()[i].index()] = static_cast<int>(i);
        for (const Lane &lane : m_model->lanes())
            for (std::size_t i = 0; i < lane.children.size(); ++i)
                m_rowInParent[lane.children[i].index()] = static_cast<int>(i);
    }
    endResetModel();
}

void LaneTreeModel::setHighlighted(const std::vector<bool> &lanes, const QColor &color)
{
    m_highlighted = lanes;
    m_highlightColor = color;
    if (rowCount() > 0)
        emit dataChanged(QModelIndex(), QModelIndex(), {Qt::BackgroundRole, Qt::FontRole});
    emit layoutChanged(); // views repaint every row, including collapsed ones
}

QModelIndex LaneTreeModel::indexOfLane(LaneId lane) const
{
    if (!m_model || !lane.valid() || lane.value() >= m_model->laneCount())
        return {};
    return createIndex(m_rowInParent[lane.index()], 0, quintptr(lane.index()));
}

QModelIndex LaneTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!m_model || column != 0 || row < 0)
        return {};
    const std::vector<LaneId> &list = parent.isValid() ? m_model->lane(laneOf(parent)).children : m_model->roots();
    if (row >= static_cast<int>(list.size()))
        return {};
    return createIndex(row, 0, quintptr(list[static_cast<std::size_t>(row)].index()));
}

QModelIndex LaneTreeModel::parent(const QModelIndex &child) const
{
    if (!m_model || !child.isValid())
        return {};
    return indexOfLane(m_model->lane(laneOf(child)).parent);
}

int LaneTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!m_model)
        return 0;
    if (parent.isValid())
        return parent.column() == 0 ? static_cast<int>(m_model->lane(laneOf(parent)).children.size()) : 0;
    return static_cast<int>(m_model->roots().size());
}

int LaneTreeModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant LaneTreeModel::data(const QModelIndex &index, int role) const
{
    if (!m_model || !index.isValid())
        return {};
    const LaneId id = laneOf(index);
    const Lane &lane = m_model->lane(id);
    switch (role) {
    case Qt::DisplayRole: return lane.name;
    case Qt::ToolTipRole: {
        QString tip = QStringLiteral("<b>%1</b>").arg(lane.name.toHtmlEscaped());
        if (!lane.description.isEmpty())
            tip += QStringLiteral("<br>") + lane.description.toHtmlEscaped();
        tip += QStringLiteral("<br>%1 events").arg(lane.events.size());
        if (!lane.states.empty())
            tip += QStringLiteral(", %1 state spans").arg(lane.states.size());
        if (!lane.ticks.empty())
            tip += QStringLiteral(", %1 heartbeats, %2 gaps").arg(lane.ticks.size()).arg(lane.gaps.size());
        return tip;
    }
    case Qt::FontRole:
        if (lane.isGroup() || (id.index() < m_highlighted.size() && m_highlighted[id.index()])) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (id.index() < m_highlighted.size() && m_highlighted[id.index()])
            return m_highlightColor;
        return {};
    case LaneIdRole: return id.value();
    default: return {};
    }
}

} // namespace kubelane::ui

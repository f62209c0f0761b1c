#pragma once
// Walkthrough mode for postmortems: steps through one finding's causal chain, or through all
// findings in time order, one step at a time. The controller only holds the steps and the
// position; the window centres and highlights each step when told.
#include "core/analysis/analysis.h"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace kubelane::ui {

struct WalkStep {
    core::Timestamp time;
    QString text;
    core::EventIndex event = core::kNoEvent;
    int finding = -1;
    int chainStep = -1; // index into the finding's chain, -1 for a whole finding
};

class WalkthroughController : public QObject {
    Q_OBJECT
public:
    explicit WalkthroughController(QObject *parent = nullptr);

    // The steps of one finding's chain (its explanation when it has no chain), or of all
    // findings in time order when `finding` is -1.
    static std::vector<WalkStep> stepsFor(const core::Analysis &analysis, int finding);

    void start(std::shared_ptr<const core::Analysis> analysis, int finding);
    void stop();
    bool isActive() const { return m_active; }
    int index() const { return m_index; }
    int count() const { return static_cast<int>(m_steps.size()); }
    const WalkStep *current() const
    {
        return m_active && m_index >= 0 && m_index < count() ? &m_steps[static_cast<std::size_t>(m_index)] : nullptr;
    }
    bool next();
    bool previous();
    void go(int index);
    // "Step 2 of 5 · probe-status-race · pod/default/x" — the banner line.
    QString caption() const;

signals:
    void stepChanged(int index);
    void stopped();

private:
    std::shared_ptr<const core::Analysis> m_analysis;
    std::vector<WalkStep> m_steps;
    int m_index = -1;
    int m_finding = -1;
    bool m_active = false;
};

} // namespace kubelane::ui

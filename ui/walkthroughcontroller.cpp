#include "walkthroughcontroller.h"

#include <algorithm>
#include <numeric>

namespace kubelane::ui {

WalkthroughController::WalkthroughController(QObject *parent) : QObject(parent) { }

std::vector<WalkStep> WalkthroughController::stepsFor(const core::Analysis &analysis, int finding)
{
    std::vector<WalkStep> steps;
    const auto &findings = analysis.findings;
    if (finding >= 0) {
        if (static_cast<std::size_t>(finding) >= findings.size())
            return steps;
        const core::Finding &f = findings[static_cast<std::size_t>(finding)];
        for (std::size_t i = 0; i < f.chain.size(); ++i)
            steps.push_back({f.chain[i].time, QString::fromStdString(f.chain[i].text), f.chain[i].event, finding, static_cast<int>(i)});
        if (steps.empty())
            steps.push_back({f.start, QString::fromStdString(f.title + (f.explanation.empty() ? "" : ": " + f.explanation)),
                             f.evidence.empty() ? core::kNoEvent : f.evidence.front(), finding, -1});
        return steps;
    }
    std::vector<std::size_t> order(findings.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return findings[a].start < findings[b].start; });
    for (std::size_t i : order) {
        const core::Finding &f = findings[i];
        steps.push_back({f.start, QString::fromStdString(f.title + (f.explanation.empty() ? "" : "\n" + f.explanation)),
                         f.evidence.empty() ? core::kNoEvent : f.evidence.front(), static_cast<int>(i), -1});
    }
    return steps;
}

void WalkthroughController::start(std::shared_ptr<const core::Analysis> analysis, int finding)
{
    m_analysis = std::move(analysis);
    m_finding = finding;
    m_steps = m_analysis ? stepsFor(*m_analysis, finding) : std::vector<WalkStep>{};
    m_active = !m_steps.empty();
    m_index = -1;
    if (m_active)
        go(0);
}

void WalkthroughController::stop()
{
    if (!m_active)
        return;
    m_active = false;
    m_index = -1;
    emit stopped();
}

void WalkthroughController::go(int index)
{
    if (!m_active || index < 0 || index >= count())
        return;
    m_index = index;
    emit stepChanged(index);
}

bool WalkthroughController::next()
{
    if (!m_active || m_index + 1 >= count())
        return false;
    go(m_index + 1);
    return true;
}

bool WalkthroughController::previous()
{
    if (!m_active || m_index <= 0)
        return false;
    go(m_index - 1);
    return true;
}

QString WalkthroughController::caption() const
{
    const WalkStep *s = current();
    if (!s || !m_analysis)
        return {};
    QString head = tr("Step %1 of %2").arg(m_index + 1).arg(count());
    if (s->finding >= 0 && static_cast<std::size_t>(s->finding) < m_analysis->findings.size()) {
        const core::Finding &f = m_analysis->findings[static_cast<std::size_t>(s->finding)];
        head += QStringLiteral(" · %1 · %2").arg(QString::fromStdString(f.rule), QString::fromStdString(f.subject.text()));
    }
    return head;
}

} // namespace kubelane::ui

#include "mainwindow/detailpresenter.h"

#include "common/consolereads.h"
#include "domain/storeerror.h"
#include "mainwindow/mainwindow.h"

namespace ops::ui {

DetailPresenter::DetailPresenter(MainWindow &frame)
    : QObject(&frame)
    , m_frame(frame)
    , m_pane(new DetailPane(&frame))
{}

void DetailPresenter::clear()
{
    m_current.reset();
    m_shown = {};
    m_lease.reset();
    m_pane->clear();
}

void DetailPresenter::load(const QString &id)
{
    m_lease.reset();
    if (id.isEmpty())
        return clear();
    std::optional<Operation> op;
    try {
        op = m_frame.reads().operation(id);
    } catch (const StoreError &e) {
        m_frame.showError(tr("Could not read %1: %2").arg(id, e.message()),
                          tr("Try again in a moment (F5)."));
        return;
    }
    if (!op)
        return clear();
    show(*op, Reread::Everything);
}

void DetailPresenter::show(const Operation &op, Reread what, bool leaseFree)
{
    ConsoleReads &reads = m_frame.reads();
    OperationDetail d;
    d.operation = op;
    try {
        d.attempts = reads.attempts(op.id);
        d.evidence = reads.evidence(op.id);
        d.audit = reads.audit(op.id);
        if (what == Reread::Everything || m_shown.operation.id != op.id) {
            d.messages = reads.messages(op.id);
            d.events = reads.events(op.id);
            d.notes = reads.notes(op.id);
            if (op.kind == OperationKind::Refund) {
                d.replacedBy = reads.replacementsOf(op.id);
                if (!op.replaces.isEmpty())
                    d.replaces = reads.operation(op.replaces);
            }
        } else {
            d.messages = m_shown.messages;
            d.events = m_shown.events;
            d.notes = m_shown.notes;
            d.replacedBy = m_shown.replacedBy;
            d.replaces = m_shown.replaces;
        }
        m_lease = leaseFree ? std::nullopt : reads.resendLease(op.id);
    } catch (const StoreError &e) {
        m_frame.showError(tr("Could not read %1: %2").arg(op.id, e.message()),
                          tr("Try again in a moment (F5)."));
        return;
    }
    const QDateTime now = reads.clock().now();
    d.resendBlockedReason = resendBlockedReason(op, m_lease, m_frame.leaseHolder(), now);
    m_current = op;
    m_pane->showDetail(d, now);
    m_shown = std::move(d);
}

void DetailPresenter::tick()
{
    m_pane->refreshWindow(m_frame.reads().clock().now());
}

std::optional<int> DetailPresenter::evidenceCountOf(const QString &operationId) const
{
    if (m_shown.operation.id != operationId)
        return std::nullopt;
    return int(m_shown.evidence.size());
}

} // namespace ops::ui

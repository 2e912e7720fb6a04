#include "supervisor/unmatchedeventsview.h"

#include "common/consolereads.h"
#include "common/uilogging.h"
#include "widgets/eventspanel.h"

#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

UnmatchedEventsView::UnmatchedEventsView(ConsoleReads &reads, QWidget *parent)
    : QWidget(parent)
    , m_reads(reads)
{
    setObjectName(u"unmatchedEvents"_s);
    m_summary = new QLabel(this);
    m_summary->setObjectName(u"unmatchedSummary"_s);
    m_summary->setWordWrap(true);
    m_events = new EventsPanel(this);
    m_events->setNewestFirst(true);
    m_events->setPlaceholder(tr("Every refund event so far matched one of our operations."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_events, 1);
    reload();
}

void UnmatchedEventsView::reload()
{
    try {
        m_count = m_reads.unmatchedEventCount();
        m_events->setEvents(m_reads.unmatchedEvents(kShown));
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "reading unmatched events failed:" << e.message();
        m_summary->setText(tr("Could not read the unmatched events: %1").arg(e.message()));
        return;
    }
    const QString shown = m_count > kShown ? tr(" (the newest %1 shown)").arg(kShown) : QString();
    m_summary->setText(tr("Refund events that matched no operation: %1%2. They are refunds made "
                          "outside this product, e.g. in the provider's Dashboard.")
                           .arg(m_count)
                           .arg(shown));
}

} // namespace ops::ui

#include "widgets/detailpane.h"

#include "domain/operatoraccess.h"
#include "itemmodels/detailmodels.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/messagetablemodel.h"
#include "itemmodels/operationtablemodel.h"
#include "itemmodels/reasontext.h"
#include "widgets/eventspanel.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

QPlainTextEdit *readOnlyText(QWidget *parent)
{
    auto *edit = new QPlainTextEdit(parent);
    edit->setReadOnly(true);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    return edit;
}

QTableView *detailTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(24);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

QString localTime(const std::optional<QDateTime> &t)
{
    return t ? formatDateTime(*t, QLocale()) : u"—"_s;
}

} // namespace

DetailPane::DetailPane(QWidget *parent)
    : QWidget(parent)
{
    m_attempts = new AttemptTableModel(this);
    m_evidence = new EvidenceListModel(this);
    m_audit = new AuditTableModel(this);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"detailTabs"_s);
    m_request = readOnlyText(this);
    m_request->setObjectName(u"request"_s);
    m_attemptsView = detailTable(m_attempts, this);
    m_attemptsView->setObjectName(u"attempts"_s);
    const int widths[] = {28, 140, 130, 48, 150, 70, 70, 170};
    for (int c = 0; c < int(std::size(widths)); ++c)
        m_attemptsView->setColumnWidth(c, widths[c]);
    m_auditView = detailTable(m_audit, this);
    m_auditView->setObjectName(u"audit"_s);
    m_auditView->setColumnWidth(AuditTableModel::TimeColumn, 140);
    m_auditView->setColumnWidth(AuditTableModel::ActorColumn, 140);
    m_auditView->setColumnWidth(AuditTableModel::ActionColumn, 160);
    m_tabs->addTab(m_request, tr("&Request"));
    m_tabs->addTab(m_attemptsView, tr("Attem&pts"));
    m_tabs->addTab(buildEvidenceTab(), tr("&Evidence"));
    m_tabs->addTab(m_auditView, tr("A&udit"));
    m_messages = new MessageTableModel(this);
    m_messagesView = detailTable(m_messages, this);
    m_messagesView->setObjectName(u"messages"_s);
    const int messageWidths[] = {140, 70, 100, 70, 110, 64, 220};
    for (int c = 0; c < int(std::size(messageWidths)); ++c)
        m_messagesView->setColumnWidth(c, messageWidths[c]);
    m_tabs->addTab(m_messagesView, tr("&Messages"));
    m_events = new EventsPanel(this);
    m_events->setObjectName(u"events"_s);
    m_tabs->addTab(m_events, tr("Eve&nts"));
    m_tabs->addTab(buildNotesTab(), tr("Notes"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildHeader());
    layout->addWidget(m_tabs, 1);
    clear();
}

QWidget *DetailPane::buildHeader()
{
    auto *header = new QWidget(this);
    header->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum); // the tabs take the rest
    auto *grid = new QGridLayout(header);
    grid->setContentsMargins(4, 4, 4, 4);
    m_title = new QLabel(header);
    m_title->setObjectName(u"detailTitle"_s);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.2);
    big.setBold(true);
    m_title->setFont(big);
    m_facts = new QLabel(header);
    m_facts->setObjectName(u"detailFacts"_s);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_facts->setWordWrap(true);
    m_links = new QLabel(header);
    m_links->setObjectName(u"detailLinks"_s);
    m_links->setWordWrap(true);
    m_links->setTextFormat(Qt::RichText);
    m_links->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_links->hide();
    connect(m_links, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link.startsWith(u"op:"_s))
            emit operationLinkActivated(link.mid(3));
    });
    m_window = new QLabel(header);
    m_window->setObjectName(u"detailWindow"_s);
    m_window->setWordWrap(true);
    m_resendLabel = new QLabel(header);
    m_resendLabel->setObjectName(u"resendReason"_s);
    m_resendLabel->setWordWrap(true);
    m_outcome = new QLabel(header);
    m_outcome->setObjectName(u"actionOutcome"_s);
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outcome->hide();
    m_key = new QLineEdit(header);
    m_key->setObjectName(u"detailKey"_s);
    m_key->setReadOnly(true);
    m_key->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *copy = new QToolButton(header);
    copy->setText(tr("Copy key"));
    copy->setToolTip(tr("Copy the idempotency key (Ctrl+Shift+C)"));
    connect(copy, &QToolButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_key->text()); });
    grid->addWidget(m_title, 0, 0, 1, 3);
    grid->addWidget(m_facts, 1, 0, 1, 3);
    grid->addWidget(new QLabel(tr("Key"), header), 2, 0);
    grid->addWidget(m_key, 2, 1);
    grid->addWidget(copy, 2, 2);
    grid->addWidget(m_window, 3, 0, 1, 3);
    grid->addWidget(m_resendLabel, 4, 0, 1, 3);
    grid->addWidget(m_outcome, 5, 0, 1, 3);
    grid->addWidget(m_links, 6, 0, 1, 3);
    grid->setColumnStretch(1, 1);
    return header;
}

QWidget *DetailPane::buildEvidenceTab()
{
    auto *split = new QSplitter(Qt::Vertical, this);
    m_evidenceList = new QListView(split);
    m_evidenceList->setObjectName(u"evidenceList"_s);
    m_evidenceList->setModel(m_evidence);
    m_evidenceList->setWordWrap(true); // long titles wrap instead of being cut
    m_evidenceViewer = readOnlyText(split);
    m_evidenceViewer->setObjectName(u"evidenceViewer"_s);
    m_evidenceViewer->setPlaceholderText(tr("Select an evidence item to read it."));
    split->addWidget(m_evidenceList);
    split->addWidget(m_evidenceViewer);
    split->setSizes({120, 240});
    connect(m_evidenceList->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &DetailPane::showEvidenceBody);
    return split;
}

QWidget *DetailPane::buildNotesTab()
{
    auto *page = new QWidget(this);
    m_notes = new QTextBrowser(page);
    m_notes->setObjectName(u"notes"_s);
    m_notes->setOpenLinks(false);
    m_notes->setPlaceholderText(tr("No notes yet. A note tells the team what was done or agreed; "
                                   "it is never evidence."));
    m_addNote = new QToolButton(page);
    m_addNote->setObjectName(u"addNote"_s);
    m_addNote->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_addNote->hide(); // until setAddNoteAction
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_notes, 1);
    layout->addWidget(m_addNote, 0, Qt::AlignLeft);
    return page;
}

void DetailPane::setAddNoteAction(QAction *action)
{
    m_addNote->setDefaultAction(action);
    m_addNote->show();
}

void DetailPane::showNotes(const std::vector<RowNote> &notes)
{
    QString html;
    for (const RowNote &note : notes) {
        const QString who = operatorName(note.createdBy);
        // Local time, as the pane's other times; the text as written, line breaks kept.
        html += u"<p><b>%1</b> · %2<br>%3</p>"_s.arg(
            (who.isEmpty() ? note.createdBy : who).toHtmlEscaped(),
            formatDateTime(note.createdAt, QLocale()).toHtmlEscaped(),
            note.body.toHtmlEscaped().replace(u'\n', u"<br>"_s));
    }
    m_notes->setHtml(html);
    m_notes->moveCursor(QTextCursor::End); // the newest at hand
    m_tabs->setTabText(NotesTab, notes.empty() ? tr("Notes") : tr("Notes (%1)").arg(notes.size()));
}

void DetailPane::showEvidenceBody(const QModelIndex &index)
{
    if (!index.isValid()) {
        m_evidenceViewer->clear();
        return;
    }
    m_evidenceViewer->setPlainText(
        tr("SHA-256 %1\n\n").arg(index.data(EvidenceListModel::Sha256Role).toString()) +
        index.data(EvidenceListModel::ReadableBodyRole).toString());
}

void DetailPane::clear()
{
    m_operation.reset();
    m_title->setText(tr("No operation selected"));
    m_facts->clear();
    m_links->clear();
    m_links->hide();
    m_window->clear();
    m_resendLabel->clear();
    m_key->clear();
    m_request->clear();
    m_attempts->setRows({});
    m_evidence->setRows({});
    m_audit->setRows({});
    m_messages->setRows({});
    m_tabs->setTabText(MessagesTab, tr("&Messages"));
    m_events->setEvents({});
    m_tabs->setTabText(EventsTab, tr("Eve&nts"));
    showNotes({});
    m_evidenceViewer->clear();
}

void DetailPane::showDetail(const OperationDetail &d, const QDateTime &now)
{
    const Operation &op = d.operation;
    const bool same = m_operation && m_operation->id == op.id;
    m_operation = op;
    if (!same) {
        m_outcome->clear();
        m_outcome->hide();
    }
    m_title->setText(
        u"%1  ·  %2  ·  %3"_s.arg(op.id, stateBadgeLabel(op.state, op.providerStatus).toUpper(),
                                  formatMoney(op.amount, QLocale())));
    QStringList facts = {kindLabel(op.kind) + tr(" at ") + toString(op.provider)};
    if (!op.orderId.isEmpty())
        facts << tr("order ") + op.orderId;
    if (!op.chargeId.isEmpty())
        facts << tr("charge ") + op.chargeId;
    if (!op.customerId.isEmpty())
        facts << tr("customer ") + op.customerId;
    if (!op.ticket.isEmpty())
        facts << tr("ticket ") + op.ticket;
    // Who owns it (DESIGN §18): a name, not a lock.
    if (!op.ownedBy.isEmpty())
        facts << tr("owned by %1 since %2")
                     .arg(operatorName(op.ownedBy).isEmpty() ? op.ownedBy
                                                             : operatorName(op.ownedBy),
                          localTime(op.ownedSince));
    else if (!isFinal(op.state))
        facts << tr("no owner");
    if (!op.providerRef.isEmpty())
        facts << tr("provider ref ") + op.providerRef;
    if (isPendingAtProvider(op.state, op.providerStatus))
        facts << tr("the provider accepted it and still reports it pending: the money is on its "
                    "way, not arrived");
    else if (isReceivedAtProvider(op.state, op.providerStatus))
        facts << tr("the provider received it and will confirm it by notification: it is being "
                    "processed, not done");
    else if (!op.providerStatus.isEmpty())
        facts << tr("provider status ") + providerStatusLabel(op.providerStatus);
    facts << tr("attempts %1").arg(attemptsLabel(op.attempts, op.attemptCap, op.operatorAttempts));
    if (!op.unknownReason.isEmpty() && op.state == OperationState::Unknown)
        facts << tr("unknown because: ") + reasonLabel(op.unknownReason);
    if (!op.closeReason.isEmpty())
        facts << tr("closed by %1: %2").arg(op.closedBy, reasonLabel(op.closeReason));
    m_facts->setText(facts.join(u"  ·  "_s));
    showLinks(d);
    fitFacts();
    m_key->setText(op.idempotencyKey);
    refreshWindow(now);
    setResendReason(d.resendBlockedReason);
    m_request->setPlainText(
        tr("%1 %2\nContent-Type: %3\nIdempotency-Key: %4\n\n")
            .arg(QString::fromLatin1(op.request.method), op.request.path,
                 QString::fromLatin1(op.request.contentType), op.idempotencyKey) +
        readableBody(op.request.body, QString::fromLatin1(op.request.contentType)));
    const QString shownEvidence = m_evidenceViewer->toPlainText();
    m_attempts->setRows(d.attempts);
    m_evidence->setRows(d.evidence);
    m_audit->setRows(d.audit);
    m_messages->setRows(d.messages);
    m_tabs->setTabText(MessagesTab, tr("&Messages (%1)").arg(d.messages.size()));
    m_tabs->setTabText(EventsTab, tr("Eve&nts (%1)").arg(d.events.size()));
    m_events->setEvents(d.events);
    showNotes(d.notes);
    m_auditView->scrollToBottom();
    if (!same || shownEvidence.isEmpty())
        m_evidenceViewer->clear();
}

QString DetailPane::windowLine(const QDateTime &now) const
{
    const Operation &op = *m_operation;
    const QString times = tr("first attempt %1 · last attempt %2")
                              .arg(localTime(op.firstAttemptAt), localTime(op.lastAttemptAt));
    if (isFinal(op.state))
        return times + tr(" · closed %1").arg(localTime(op.closedAt));
    if (!op.deadline)
        return times + tr(" · retention window starts with the first attempt");
    const qint64 left = now.secsTo(*op.deadline);
    if (left <= 0)
        return times + tr(" · <b style='color:#c62828'>retention window closed</b> at %1")
                           .arg(localTime(op.deadline));
    const QString countdown = formatDuration(left);
    const QString shown = left < OperationTableModel::kUrgentSeconds
                              ? tr("<b style='color:#c62828'>%1 left</b>").arg(countdown)
                              : tr("<b>%1 left</b>").arg(countdown);
    const QString margin = op.marginSeconds > 0
                               ? tr(" (until %1; it ends %2 before the provider forgets the key)")
                                     .arg(localTime(op.deadline), formatMargin(op.marginSeconds))
                               : tr(" (until %1)").arg(localTime(op.deadline));
    return times + tr(" · window ") + shown + margin;
}

void DetailPane::showLinks(const OperationDetail &d)
{
    const auto link = [](const Operation &op) {
        return u"<a href=\"op:%1\">%1</a> (%2)"_s.arg(op.id.toHtmlEscaped(),
                                                      stateLabel(op.state).toHtmlEscaped());
    };
    QStringList parts;
    if (d.replaces)
        parts << tr("Replaces %1").arg(link(*d.replaces));
    else if (!d.operation.replaces.isEmpty()) // gone from this database: named, not linked
        parts << tr("Replaces %1").arg(d.operation.replaces.toHtmlEscaped());
    QStringList by;
    for (const Operation &r : d.replacedBy)
        by << link(r);
    if (!by.isEmpty())
        parts << tr("Replaced by %1").arg(by.join(u", "_s));
    m_links->setText(parts.join(u"  ·  "_s));
    m_links->setVisible(!parts.isEmpty());
}

void DetailPane::fitFacts()
{
    // A wrapped label's minimum is one line; when the pane is short the layout would squeeze the
    // facts to that and cut them. Reserve the wrapped height: the tabs below give way instead.
    if (!isVisible())
        return; // widths are not known before the first layout; the resize comes with it
    const int width = m_facts->parentWidget()->contentsRect().width() - 8; // the grid's margins
    for (QLabel *label : {m_facts, m_window})
        label->setMinimumHeight(qMax(0, label->heightForWidth(qMax(200, width))));
}

void DetailPane::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitFacts();
}

void DetailPane::refreshWindow(const QDateTime &now)
{
    if (!m_operation)
        return;
    m_window->setText(windowLine(now));
    fitFacts();
    m_window->setToolTip(m_operation->deadline && !isFinal(m_operation->state)
                             ? windowTooltip(*m_operation->deadline, m_operation->marginSeconds)
                             : QString());
}

void DetailPane::setResendReason(const QString &reason)
{
    m_resendLabel->setVisible(!reason.isEmpty());
    m_resendLabel->setText(reasonLabel(reason)); // the store writes it in English
    m_resendLabel->setStyleSheet(u"color: #6b4e00; background: #fff4d6; padding: 3px;"_s);
}

void DetailPane::showActionOutcome(const QString &text, bool ok)
{
    m_outcome->setText(text);
    m_outcome->setVisible(!text.isEmpty());
    m_outcome->setStyleSheet(ok ? u"color: #13532a; background: #dff3e4; padding: 4px;"_s
                                : u"color: #8e1b1b; background: #fde2e2; padding: 4px;"_s);
}

void DetailPane::focusTimeline()
{
    m_tabs->setCurrentIndex(AttemptsTab);
    m_attemptsView->setFocus(Qt::OtherFocusReason);
    if (m_attempts->rowCount() > 0 && !m_attemptsView->currentIndex().isValid())
        m_attemptsView->setCurrentIndex(m_attempts->index(0, 0));
}

void DetailPane::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(tab);
}

} // namespace ops::ui

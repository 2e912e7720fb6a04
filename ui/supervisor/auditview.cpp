#include "supervisor/auditview.h"

#include "common/consolereads.h"
#include "common/uilogging.h"
#include "domain/audittask.h"
#include "itemmodels/auditentrymodel.h"
#include "itemmodels/detailmodels.h"
#include "itemmodels/localeformat.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

AuditView::AuditView(ConsoleReads &reads, QWidget *parent)
    : QWidget(parent)
    , m_reads(reads)
    , m_query(reads.auditPages())
{
    setObjectName(u"auditView"_s);
    m_model = new AuditEntryModel(m_query, this);
    buildTable();
    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(kFilterDelayMs);
    connect(m_filterTimer, &QTimer::timeout, this, &AuditView::applyFilter);
    QHBoxLayout *buttons = buildButtons(); // created first: the tab order stays as it was
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildFilterBar());
    layout->addWidget(buildDetailSplit(), 1);
    layout->addWidget(buildJobBar());
    layout->addLayout(buttons);
    applyFilter();
    sizeColumns();
}

void AuditView::buildTable()
{
    m_table = new QTableView(this);
    m_table->setObjectName(u"auditTable"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
}

QHBoxLayout *AuditView::buildButtons()
{
    m_verify = new QPushButton(tr("&Verify chain"), this);
    m_verify->setObjectName(u"verifyButton"_s);
    m_verify->setToolTip(tr("Recompute every entry's hash and check that each one follows the "
                            "previous entry"));
    connect(m_verify, &QPushButton::clicked, this, &AuditView::startVerify);
    m_exportButton = new QPushButton(tr("Export &CSV…"), this);
    m_exportButton->setObjectName(u"exportButton"_s);
    m_exportButton->setToolTip(tr("Write the entries that match the filters to a CSV file"));
    connect(m_exportButton, &QPushButton::clicked, this, &AuditView::askExportPath);
    m_verifyLabel = new QLabel(this);
    m_verifyLabel->setObjectName(u"verifyLabel"_s);
    m_verifyLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_countLabel = new QLabel(this);
    m_countLabel->setObjectName(u"countLabel"_s);
    connect(m_model, &AuditEntryModel::loadFailed, this, [this](const QString &message) {
        m_countLabel->setText(tr("Could not read the audit trail: %1").arg(message));
    });
    auto *refresh = new QPushButton(tr("Re&fresh"), this);
    refresh->setObjectName(u"refreshButton"_s);
    refresh->setToolTip(tr("Read the entries again (new ones appear at the top)"));
    connect(refresh, &QPushButton::clicked, this, &AuditView::reload);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(refresh);
    buttons->addWidget(m_verify);
    buttons->addWidget(m_verifyLabel, 1);
    buttons->addWidget(m_countLabel);
    buttons->addWidget(m_exportButton);
    return buttons;
}

// The table shows one line per entry; the selected entry's detail, pretty-printed, beside it.
QSplitter *AuditView::buildDetailSplit()
{
    m_detail = new QPlainTextEdit(this);
    m_detail->setObjectName(u"auditDetail"_s);
    m_detail->setReadOnly(true);
    m_detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detail->setPlaceholderText(tr("Select an entry to read its detail."));
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(u"auditSplit"_s);
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &AuditView::showEntryDetail);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { showEntryDetail({}); });
    return split;
}

// Widths for typical values, so an empty first page does not squeeze the columns; the detail
// takes the rest of the width.
void AuditView::sizeColumns()
{
    const QFontMetrics metrics(m_table->font());
    const QStringList samples = {u"0000000"_s,
                                 formatDateTime(QDateTime::currentDateTimeUtc(), QLocale()),
                                 u"operator:firstname.last"_s,
                                 u"state.closed_manually"_s,
                                 u"op_0123456789abcdef0123456789abcdef"_s,
                                 u"credit_adjust"_s};
    for (int column = 0; column < samples.size(); ++column)
        m_table->setColumnWidth(column, metrics.horizontalAdvance(samples.at(column)) + 24);
}

AuditView::~AuditView()
{
    // The job's thread ends before the view (and the session it reads the location from) goes.
    if (m_job)
        m_job->disconnect(this);
    delete m_job;
}

QWidget *AuditView::buildJobBar()
{
    m_jobBar = new QWidget(this);
    m_jobBar->setObjectName(u"jobBar"_s);
    auto *row = new QHBoxLayout(m_jobBar);
    row->setContentsMargins(0, 0, 0, 0);
    m_jobLabel = new QLabel(m_jobBar);
    m_jobProgress = new QProgressBar(m_jobBar);
    m_jobProgress->setObjectName(u"jobProgress"_s);
    m_cancelJob = new QPushButton(tr("Cancel"), m_jobBar);
    m_cancelJob->setObjectName(u"cancelJobButton"_s);
    m_cancelJob->setToolTip(tr("Stop the chain check or the export (a cancelled export writes no "
                               "file)"));
    connect(m_cancelJob, &QPushButton::clicked, this, &AuditView::cancelJob);
    row->addWidget(m_jobLabel);
    row->addWidget(m_jobProgress, 1);
    row->addWidget(m_cancelJob);
    m_jobBar->hide();
    return m_jobBar;
}

void AuditView::showEntryDetail(const QModelIndex &index)
{
    if (!index.isValid()) {
        m_detail->clear();
        return;
    }
    const QModelIndex first = m_model->index(index.row(), 0);
    m_detail->setPlainText(
        tr("Entry %1 · %2 · %3\n\n")
            .arg(first.data().toString(),
                 m_model->index(index.row(), AuditEntryModel::ActionColumn).data().toString(),
                 m_model->index(index.row(), AuditEntryModel::TimeColumn).data().toString()) +
        auditDetailPretty(first.data(AuditEntryModel::DetailRole).toString()));
}

void AuditView::buildActorActionFilters(QWidget *bar)
{
    m_actor = new QLineEdit(bar);
    m_actor->setObjectName(u"actorFilter"_s);
    m_actor->setPlaceholderText(tr("Actor starts with… (operator:, agent:)"));
    m_actor->setClearButtonEnabled(true);
    connect(m_actor, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));

    m_action = new QComboBox(bar);
    m_action->setObjectName(u"actionFilter"_s);
    m_action->addItem(tr("Any action"), QString());
    m_action->addItem(tr("Attempts"), u"attempt."_s);
    m_action->addItem(tr("State changes"), u"state."_s);
    m_action->addItem(tr("Manual closes"), u"state.closed_manually"_s);
    m_action->addItem(tr("Closes by a resend's answer"), u"state.closed_by_resend"_s);
    m_action->addItem(tr("Evidence"), u"evidence."_s);
    try {
        for (const QString &action : m_query.actions())
            m_action->addItem(action, action);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "cannot list audit actions:" << e.message();
    }
    connect(m_action, &QComboBox::currentIndexChanged, this, &AuditView::applyFilter);
}

void AuditView::buildOperationKindFilters(QWidget *bar)
{
    m_operation = new QLineEdit(bar);
    m_operation->setObjectName(u"operationFilter"_s);
    m_operation->setPlaceholderText(tr("Operation id starts with…"));
    m_operation->setClearButtonEnabled(true);
    connect(m_operation, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));

    m_kind = new QComboBox(bar);
    m_kind->setObjectName(u"kindFilter"_s);
    m_kind->addItem(tr("Any kind"), QString());
    m_kind->addItem(tr("Refund"), u"refund"_s);
    m_kind->addItem(tr("Credit top-up"), u"credit_topup"_s);
    m_kind->addItem(tr("Credit charge"), u"credit_charge"_s);
    m_kind->addItem(tr("Credit adjust"), u"credit_adjust"_s);
    m_kind->addItem(tr("Execution"), u"execution"_s);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &AuditView::applyFilter);
    // The filter row shares 1024 px with both date fields: the combos do not widen to their
    // longest entry (the translated ones and the raw action names are long), their lists still
    // show every entry whole (issue 31 item 5).
    for (QComboBox *combo : {m_action, m_kind}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(12);
    }
    // In a narrow window the fields' hints are cut: their tooltips say them whole.
    for (QLineEdit *field : {m_actor, m_operation})
        field->setToolTip(field->placeholderText());
}

void AuditView::buildDateFilters(QWidget *bar)
{
    const QDateTime now = QDateTime::currentDateTime();
    m_fromEnabled = new QCheckBox(tr("From"), bar);
    m_fromEnabled->setObjectName(u"fromEnabled"_s);
    m_from = new QDateTimeEdit(now.addDays(-7), bar);
    m_from->setObjectName(u"fromEdit"_s);
    m_toEnabled = new QCheckBox(tr("to"), bar);
    m_toEnabled->setObjectName(u"toEnabled"_s);
    m_to = new QDateTimeEdit(now.addDays(1), bar);
    m_to->setObjectName(u"toEdit"_s);
    for (QDateTimeEdit *edit : {m_from, m_to}) {
        edit->setCalendarPopup(true);
        // The table's format, so what the operator types matches what the rows show.
        edit->setDisplayFormat(dateTimeFormat(QLocale()));
        edit->setToolTip(tr("Local time (%1); the store compares UTC").arg(localZoneName()));
        edit->setEnabled(false);
        connect(edit, &QDateTimeEdit::dateTimeChanged, m_filterTimer, qOverload<>(&QTimer::start));
    }
    connect(m_fromEnabled, &QCheckBox::toggled, m_from, &QWidget::setEnabled);
    connect(m_toEnabled, &QCheckBox::toggled, m_to, &QWidget::setEnabled);
    connect(m_fromEnabled, &QCheckBox::toggled, this, &AuditView::applyFilter);
    connect(m_toEnabled, &QCheckBox::toggled, this, &AuditView::applyFilter);
}

QWidget *AuditView::buildFilterBar()
{
    auto *bar = new QWidget(this);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    buildActorActionFilters(bar);
    buildOperationKindFilters(bar);
    buildDateFilters(bar);
    row->addWidget(m_actor, 2);
    row->addWidget(m_action, 1);
    row->addWidget(m_operation, 2);
    row->addWidget(m_kind, 1);
    row->addWidget(m_fromEnabled);
    row->addWidget(m_from);
    row->addWidget(m_toEnabled);
    row->addWidget(m_to);
    auto *zone = new QLabel(localZoneName(), bar);
    zone->setObjectName(u"zoneLabel"_s);
    zone->setToolTip(tr("Times in this window are local time (%1)").arg(localZoneName()));
    row->addWidget(zone);
    return bar;
}

AuditFilter AuditView::currentFilter() const
{
    AuditFilter f;
    f.actor = m_actor->text().trimmed();
    f.action = m_action->currentData().toString();
    f.operationPrefix = m_operation->text().trimmed();
    f.kind = kindFromString(m_kind->currentData().toString());
    // The edits show local time; the store compares UTC milliseconds.
    if (m_fromEnabled->isChecked())
        f.fromMs = m_from->dateTime().toMSecsSinceEpoch();
    if (m_toEnabled->isChecked())
        f.toMs = m_to->dateTime().toMSecsSinceEpoch();
    return f;
}

void AuditView::applyFilter()
{
    m_filterTimer->stop();
    const AuditFilter f = currentFilter();
    m_model->setFilter(f);
    try {
        const AuditCount count = m_query.countForView(f);
        // Beyond the bound the count is not worth a scan of a million entries: "10,000+".
        QString text = count.atLeast ? tr("%1+ entries match").arg(QLocale().toString(count.value))
                                     : tr("%n entries match", nullptr,
                                          int(qMin<qint64>(count.value, INT_MAX)));
        // The list shows the chain; on PostgreSQL committed entries may still wait for their
        // position (docs/design.md §14), and the window says how many rather than hide them.
        // The figure is the whole database's (the queue is not filtered), and says so.
        const AuditWaiting waiting = m_reads.auditWaiting();
        if (waiting.entries > 0)
            text += u" · "_s + tr("%n entries in the database wait to be chained (oldest %1 s)",
                                  nullptr, int(qMin<qint64>(waiting.entries, INT_MAX)))
                                   .arg(QLocale().toString(waiting.oldestMs / 1000.0, 'f', 1));
        m_countLabel->setText(text);
    } catch (const StoreError &e) {
        m_countLabel->setText(tr("Could not count the entries: %1").arg(e.message()));
    }
}

void AuditView::reload()
{
    applyFilter();
}

bool AuditView::startVerify()
{
    if (m_job)
        return false;
    m_verifyLabel->clear();
    startJob(m_reads.verifyAudit(this), tr("Verifying the chain…"));
    return true;
}

void AuditView::showCheck(const ChainCheck &check)
{
    if (check.holds()) {
        m_verifyLabel->setText(
            tr("Chain holds (%n entries)", nullptr, int(qMin<qint64>(check.entries, INT_MAX))));
        m_verifyLabel->setStyleSheet(u"color: #1b5e20; font-weight: bold;"_s);
    } else {
        m_verifyLabel->setText(
            tr("First broken entry #%1: %2").arg(*check.brokenId).arg(check.reason));
        m_verifyLabel->setStyleSheet(u"color: #7a1212; font-weight: bold;"_s);
    }
}

QString AuditView::verifyText() const
{
    return m_verifyLabel->text();
}

void AuditView::setExportAllowed(bool allowed)
{
    m_exportAllowed = allowed;
    if (!allowed && m_job)
        cancelJob(); // a running chain check stops too; it can be started again
    refreshActions();
}

void AuditView::refreshActions()
{
    m_exportButton->setVisible(m_exportAllowed);
    m_exportButton->setEnabled(m_exportAllowed && !m_job);
    m_verify->setEnabled(!m_job);
}

void AuditView::askExportPath()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export audit entries"),
                                                      u"audit.csv"_s, tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        startExport(path);
}

bool AuditView::startExport(const QString &path)
{
    if (!m_exportAllowed || m_job)
        return false;
    startJob(m_reads.exportAudit(currentFilter(), path, this), tr("Exporting audit entries…"));
    return true;
}

void AuditView::startJob(AuditTask *job, const QString &what)
{
    m_job = job;
    connect(m_job, &AuditTask::progress, this, &AuditView::jobProgressed);
    connect(m_job, &AuditTask::finished, this, &AuditView::jobFinished);
    m_jobLabel->setText(what);
    m_jobProgress->setRange(0, 0); // busy until the first report gives the total
    m_cancelJob->setEnabled(true);
    m_jobBar->show();
    refreshActions();
    m_job->start();
}

void AuditView::jobProgressed(qint64 done, qint64 total)
{
    // QProgressBar takes int: scale to thousandths so totals beyond INT_MAX still move.
    constexpr int kSteps = 1000;
    m_jobProgress->setRange(0, kSteps);
    m_jobProgress->setValue(total > 0 ? int(qMin<qint64>(kSteps, done * kSteps / total)) : 0);
    m_jobProgress->setFormat(
        tr("%1 of %2").arg(QLocale().toString(done), QLocale().toString(total)));
}

void AuditView::cancelJob()
{
    if (!m_job)
        return;
    m_job->cancel();
    m_cancelJob->setEnabled(false);
    m_jobLabel->setText(tr("Cancelling…"));
}

void AuditView::jobFinished(const AuditJobResult &result)
{
    m_job->deleteLater();
    m_job = nullptr;
    m_jobBar->hide();
    refreshActions();
    if (result.kind == AuditJobResult::Kind::Export) {
        if (result.cancelled)
            endExport(false, tr("Export cancelled; no file was written"));
        else if (!result.error.isEmpty())
            endExport(false, tr("Export failed: %1").arg(result.error));
        else
            endExport(true, tr("Exported %n entries to %1", nullptr,
                               int(qMin<qint64>(result.written, INT_MAX)))
                                .arg(result.path));
        return;
    }
    if (result.check) {
        m_lastCheck = result.check;
        showCheck(*result.check);
    } else if (result.cancelled) {
        m_verifyLabel->setText(tr("Chain check cancelled"));
        m_verifyLabel->setStyleSheet({});
    } else {
        m_verifyLabel->setText(tr("Could not read the audit trail: %1").arg(result.error));
        m_verifyLabel->setStyleSheet(u"color: #7a1212;"_s);
    }
    qCInfo(lcUi) << "audit chain check:" << m_verifyLabel->text();
    emit verifyFinished(result.check.has_value());
}

void AuditView::endExport(bool ok, const QString &message)
{
    m_exportMessage = message;
    m_countLabel->setText(message);
    qCInfo(lcUi) << "audit export:" << message;
    emit exportFinished(ok, message);
}

} // namespace ops::ui

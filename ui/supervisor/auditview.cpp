#include "auditview.h"

#include "auditentrymodel.h"
#include "auditexport.h"
#include "auditquery.h"
#include "detailmodels.h"
#include "localeformat.h"
#include "session.h"
#include "uilogging.h"

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
#include <QProgressDialog>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

AuditView::AuditView(Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_query(session.auditQuery())
{
    setObjectName(u"auditView"_s);
    m_model = new AuditEntryModel(m_query, this);
    m_table = new QTableView(this);
    m_table->setObjectName(u"auditTable"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);

    m_filterTimer = new QTimer(this);
    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(kFilterDelayMs);
    connect(m_filterTimer, &QTimer::timeout, this, &AuditView::applyFilter);
    m_exportTimer = new QTimer(this);
    m_exportTimer->setInterval(0);
    connect(m_exportTimer, &QTimer::timeout, this, &AuditView::exportStep);

    m_verify = new QPushButton(tr("&Verify chain"), this);
    m_verify->setObjectName(u"verifyButton"_s);
    m_verify->setToolTip(tr("Recompute every entry's hash and check that each one follows the "
                            "previous entry"));
    connect(m_verify, &QPushButton::clicked, this, [this] { verifyChain(); });
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
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildFilterBar());
    // The table shows one line per entry; the selected entry's detail, pretty-printed, beside it.
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
    layout->addWidget(split, 1);
    layout->addLayout(buttons);
    applyFilter();
    // Widths for typical values, so an empty first page does not squeeze the columns; the
    // detail takes the rest of the width.
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

AuditView::~AuditView() = default;

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

QWidget *AuditView::buildFilterBar()
{
    auto *bar = new QWidget(this);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    auto delayed = [this] {
        m_filterTimer->start();
    };

    m_actor = new QLineEdit(bar);
    m_actor->setObjectName(u"actorFilter"_s);
    m_actor->setPlaceholderText(tr("Actor starts with… (operator:, agent:)"));
    m_actor->setClearButtonEnabled(true);
    connect(m_actor, &QLineEdit::textChanged, this, delayed);

    m_action = new QComboBox(bar);
    m_action->setObjectName(u"actionFilter"_s);
    m_action->addItem(tr("Any action"), QString());
    m_action->addItem(tr("Attempts"), u"attempt."_s);
    m_action->addItem(tr("State changes"), u"state."_s);
    m_action->addItem(tr("Manual closes"), u"state.closed_manually"_s);
    m_action->addItem(tr("Evidence"), u"evidence."_s);
    try {
        for (const QString &action : m_query.actions())
            m_action->addItem(action, action);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "cannot list audit actions:" << e.message();
    }
    connect(m_action, &QComboBox::currentIndexChanged, this, &AuditView::applyFilter);

    m_operation = new QLineEdit(bar);
    m_operation->setObjectName(u"operationFilter"_s);
    m_operation->setPlaceholderText(tr("Operation id starts with…"));
    m_operation->setClearButtonEnabled(true);
    connect(m_operation, &QLineEdit::textChanged, this, delayed);

    m_kind = new QComboBox(bar);
    m_kind->setObjectName(u"kindFilter"_s);
    m_kind->addItem(tr("Any kind"), QString());
    m_kind->addItem(tr("Refund"), u"refund"_s);
    m_kind->addItem(tr("Credit top-up"), u"credit_topup"_s);
    m_kind->addItem(tr("Credit charge"), u"credit_charge"_s);
    m_kind->addItem(tr("Credit adjust"), u"credit_adjust"_s);
    m_kind->addItem(tr("Execution"), u"execution"_s);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &AuditView::applyFilter);

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
        connect(edit, &QDateTimeEdit::dateTimeChanged, this, delayed);
    }
    connect(m_fromEnabled, &QCheckBox::toggled, m_from, &QWidget::setEnabled);
    connect(m_toEnabled, &QCheckBox::toggled, m_to, &QWidget::setEnabled);
    connect(m_fromEnabled, &QCheckBox::toggled, this, &AuditView::applyFilter);
    connect(m_toEnabled, &QCheckBox::toggled, this, &AuditView::applyFilter);

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
        m_countLabel->setText(
            tr("%n entries match", nullptr, int(qMin<qint64>(m_query.count(f), INT_MAX))));
    } catch (const StoreError &e) {
        m_countLabel->setText(tr("Could not count the entries: %1").arg(e.message()));
    }
}

void AuditView::reload()
{
    applyFilter();
}

std::optional<ChainCheck> AuditView::verifyChain()
{
    QApplication::setOverrideCursor(Qt::WaitCursor);
    std::optional<ChainCheck> check;
    QString failure;
    try {
        check = m_session.verifyChain();
    } catch (const StoreError &e) {
        failure = e.message();
    }
    QApplication::restoreOverrideCursor();
    if (!check) {
        m_verifyLabel->setText(tr("Could not read the audit trail: %1").arg(failure));
        m_verifyLabel->setStyleSheet(u"color: #7a1212;"_s);
    } else if (check->holds()) {
        m_verifyLabel->setText(
            tr("Chain holds (%n entries)", nullptr, int(qMin<qint64>(check->entries, INT_MAX))));
        m_verifyLabel->setStyleSheet(u"color: #1b5e20; font-weight: bold;"_s);
    } else {
        m_verifyLabel->setText(
            tr("First broken entry #%1: %2").arg(*check->brokenId).arg(check->reason));
        m_verifyLabel->setStyleSheet(u"color: #7a1212; font-weight: bold;"_s);
    }
    return check;
}

QString AuditView::verifyText() const
{
    return m_verifyLabel->text();
}

void AuditView::setExportAllowed(bool allowed)
{
    m_exportAllowed = allowed;
    if (!allowed)
        cancelExport();
    refreshActions();
}

void AuditView::refreshActions()
{
    m_exportButton->setVisible(m_exportAllowed);
    m_exportButton->setEnabled(m_exportAllowed && !m_export);
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
    if (!m_exportAllowed || m_export)
        return false;
    try {
        m_export = std::make_unique<AuditCsvExport>(m_query, currentFilter(), path);
    } catch (const StoreError &e) {
        m_exportMessage = tr("Export failed: %1").arg(e.message());
        emit exportFinished(false, m_exportMessage);
        return false;
    }
    m_exportPath = path;
    m_progress = new QProgressDialog(tr("Exporting audit entries…"), tr("Cancel"), 0,
                                     int(qMin<qint64>(m_export->total(), INT_MAX)), this);
    m_progress->setObjectName(u"exportProgress"_s);
    m_progress->setWindowModality(Qt::WindowModal);
    m_progress->setMinimumDuration(500);
    m_progress->setAutoReset(false);
    m_progress->setAutoClose(false);
    connect(m_progress, &QProgressDialog::canceled, this, &AuditView::cancelExport);
    m_exportTimer->start();
    refreshActions();
    return true;
}

void AuditView::exportStep()
{
    if (!m_export)
        return;
    try {
        const bool done = m_export->step(kExportChunkRows);
        m_progress->setValue(int(qMin<qint64>(m_export->written(), m_progress->maximum())));
        if (!done)
            return;
        m_export->finish();
    } catch (const StoreError &e) {
        m_export->cancel();
        endExport(false, tr("Export failed: %1").arg(e.message()));
        return;
    }
    endExport(true,
              tr("Exported %n entries to %1", nullptr, int(m_export->written())).arg(m_exportPath));
}

void AuditView::cancelExport()
{
    if (!m_export)
        return;
    m_export->cancel();
    endExport(false, tr("Export cancelled; no file was written"));
}

void AuditView::endExport(bool ok, const QString &message)
{
    m_exportTimer->stop();
    m_export.reset();
    if (m_progress) {
        m_progress->disconnect(this);
        m_progress->deleteLater();
        m_progress = nullptr;
    }
    m_exportMessage = message;
    m_countLabel->setText(message);
    refreshActions();
    qCInfo(lcUi) << "audit export:" << message;
    emit exportFinished(ok, message);
}

} // namespace ops::ui

#include "dialogs/evidencedialog.h"

#include <QComboBox>
#include <QCryptographicHash>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QLineEdit>
#include <QMimeDatabase>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

bool isJsonKind(const QString &kind)
{
    return kind == u"provider_object"_s || kind == u"provider_event"_s;
}

} // namespace

EvidenceDialog::EvidenceDialog(const QString &operationId, QString actor, QWidget *parent)
    : QDialog(parent)
    , m_operationId(operationId)
    , m_actor(std::move(actor))
{
    setObjectName(u"evidenceDialog"_s);
    setWindowTitle(tr("Attach evidence to %1").arg(operationId));
    m_kind = new QComboBox(this);
    m_kind->addItem(tr("Provider object (JSON)"), u"provider_object"_s);
    m_kind->addItem(tr("Provider event / webhook (JSON)"), u"provider_event"_s);
    m_kind->addItem(tr("Provider support answer"), u"support_answer"_s);
    m_kind->addItem(tr("Note"), u"note"_s);
    m_kind->addItem(tr("File"), u"file"_s);
    m_title = new QLineEdit(this);
    m_title->setPlaceholderText(tr("e.g. Refund re_123 from the Stripe dashboard"));
    m_text = new QPlainTextEdit(this);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setTabChangesFocus(true);
    m_fileButton = new QPushButton(tr("Choose &file…"), this);
    m_fileLabel = new QLabel(this);
    m_fileLabel->setWordWrap(true);
    m_problem = new QLabel(this);
    m_problem->setObjectName(u"problem"_s);
    m_problem->setStyleSheet(u"color: #a11b1b; font-weight: bold;"_s);
    m_problem->setWordWrap(true);
    m_problem->hide();
    connect(m_kind, &QComboBox::currentIndexChanged, this, &EvidenceDialog::kindChanged);
    connect(m_fileButton, &QPushButton::clicked, this, &EvidenceDialog::chooseFile);

    auto *form = new QFormLayout;
    form->addRow(tr("&Kind"), m_kind);
    form->addRow(tr("&Title"), m_title);
    form->addRow(tr("&Content"), m_text);
    form->addRow(m_fileButton, m_fileLabel);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    auto *attach = buttons->addButton(tr("&Attach"), QDialogButtonBox::AcceptRole);
    attach->setObjectName(u"attachButton"_s);
    connect(buttons, &QDialogButtonBox::accepted, this, &EvidenceDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &EvidenceDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(620, 460);
    kindChanged();
}

void EvidenceDialog::setKind(const QString &kind)
{
    const int i = m_kind->findData(kind);
    if (i >= 0)
        m_kind->setCurrentIndex(i);
}

void EvidenceDialog::setTitle(const QString &title)
{
    m_title->setText(title);
}
void EvidenceDialog::setText(const QString &text)
{
    m_text->setPlainText(text);
}
QString EvidenceDialog::problem() const
{
    return m_problem->isVisible() ? m_problem->text() : QString();
}

void EvidenceDialog::kindChanged()
{
    const bool file = m_kind->currentData().toString() == u"file"_s;
    m_text->setEnabled(!file);
    m_fileButton->setEnabled(file);
    m_text->setPlaceholderText(isJsonKind(m_kind->currentData().toString())
                                   ? tr("Paste the JSON exactly as the provider returned it")
                                   : tr("What the provider or the customer said, with dates"));
}

void EvidenceDialog::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Attach a file"));
    if (!path.isEmpty())
        loadFile(path);
}

bool EvidenceDialog::loadFile(const QString &path)
{
    const QFileInfo info(path);
    if (info.size() > kMaxFileBytes) {
        m_problem->setText(tr("%1 is %2 MB; files up to %3 MB can be attached.")
                               .arg(info.fileName())
                               .arg(double(info.size()) / 1048576.0, 0, 'f', 1)
                               .arg(kMaxFileBytes / 1048576));
        m_problem->show();
        return false;
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        m_problem->setText(tr("Cannot read %1: %2").arg(path, f.errorString()));
        m_problem->show();
        return false;
    }
    m_fileBytes = f.readAll();
    m_fileType = QMimeDatabase().mimeTypeForFileNameAndData(path, m_fileBytes).name();
    setKind(u"file"_s);
    if (m_title->text().trimmed().isEmpty())
        m_title->setText(info.fileName());
    m_fileLabel->setText(
        tr("%1 · %2 bytes · %3\nSHA-256 %4")
            .arg(info.fileName())
            .arg(m_fileBytes.size())
            .arg(m_fileType,
                 QString::fromLatin1(
                     QCryptographicHash::hash(m_fileBytes, QCryptographicHash::Sha256).toHex())));
    m_problem->hide();
    return true;
}

Result<Evidence> EvidenceDialog::build() const
{
    Evidence e;
    e.operationId = m_operationId;
    e.kind = m_kind->currentData().toString();
    e.title = m_title->text().trimmed();
    e.createdBy = m_actor;
    if (e.title.isEmpty())
        return Failure{tr("Give the evidence a title.")};
    if (e.kind == u"file"_s) {
        if (m_fileBytes.isEmpty())
            return Failure{tr("Choose a non-empty file.")};
        e.body = m_fileBytes;
        e.contentType = m_fileType;
        return e;
    }
    const QString text = m_text->toPlainText().trimmed();
    if (text.isEmpty())
        return Failure{tr("The content is empty.")};
    e.body = text.toUtf8();
    e.contentType = u"text/plain"_s;
    if (!isJsonKind(e.kind))
        return e;
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(e.body, &parse);
    if (parse.error != QJsonParseError::NoError || !doc.isObject())
        return Failure{parse.error != QJsonParseError::NoError
                           ? tr("Not valid JSON: %1 at character %2.")
                                 .arg(parse.errorString())
                                 .arg(parse.offset)
                           : tr("Expected a JSON object ({…}) as the provider returns it.")};
    e.contentType = u"application/json"_s;
    return e;
}

void EvidenceDialog::accept()
{
    const auto built = build();
    if (!built) {
        m_problem->setText(built.error());
        m_problem->show();
        return;
    }
    m_result = *built;
    QDialog::accept();
}

} // namespace ops::ui

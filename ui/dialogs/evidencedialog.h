#pragma once

// Attach evidence: a provider object or event (JSON, validated), a provider-support answer or a
// note (text), or a file (size-limited; the store records its SHA-256). Evidence is immutable,
// so the dialog shows exactly what will be stored before it is stored.

#include "domain/operation.h"
#include "domain/result.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace ops::ui {

class EvidenceDialog final : public QDialog
{
    Q_OBJECT
public:
    static constexpr qint64 kMaxFileBytes = 5 * 1024 * 1024;

    EvidenceDialog(const QString &operationId, QString actor, QWidget *parent = nullptr);

    // The item to store; valid only after the dialog was accepted.
    Evidence evidence() const { return m_result; }

    // Loads `path` as the file to attach; false (with the reason shown) when refused.
    bool loadFile(const QString &path);
    void setKind(const QString &kind);
    void setTitle(const QString &title);
    void setText(const QString &text);
    QString problem() const;

    void accept() override;

private:
    void kindChanged();
    void chooseFile();
    // Builds the evidence from the form; sets *error when it cannot be stored.
    Result<Evidence> build() const;

    QString m_operationId;
    QString m_actor;
    QComboBox *m_kind = nullptr;
    QLineEdit *m_title = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QPushButton *m_fileButton = nullptr;
    QLabel *m_fileLabel = nullptr;
    QLabel *m_problem = nullptr;
    QByteArray m_fileBytes;
    QString m_fileType;
    Evidence m_result;
};

} // namespace ops::ui

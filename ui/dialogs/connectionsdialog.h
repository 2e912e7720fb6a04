#pragma once

// Tools → Connections (issue 17): the Stripe, Adyen (issue 30), Slen and helpdesk base URLs and
// secrets, the Stripe webhook secret and Adyen's HMAC key, and the team database's URL and
// password (issue 29), with Check connection for each. Rows are grouped into tabs by their
// `page`, in the order the backend lists them, so the dialog keeps fitting a 1024×700 screen as
// providers are added. The dialog only shows and collects; reading, validating, saving (0600 files,
// never QSettings or the database) and checking are the backend's (app/console), so ui/ stays free
// of files and HTTP.
//
// A saved secret is never shown again: the field stays empty with "saved ••••1234" beside it,
// and an empty field on Save keeps the saved one. When an environment variable wins over the
// file, the row says so. Save refuses a bad base URL with the reason; a key that does not fit
// its URL (live key against the simulator, test key against a live URL) is a warning first:
// Save becomes "Save anyway".

#include "dialogs/connectionsbackend.h"

#include <QDialog>

class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace ops::ui {

class ConnectionsDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit ConnectionsDialog(ConnectionsBackend &backend, QWidget *parent = nullptr);

    // Widgets by row id, for tests and keyboard users alike.
    QLineEdit *urlField(const QString &id) const;
    QLineEdit *projectField(const QString &id) const;
    QLineEdit *secretField(const QString &id) const;
    // A further field of row `id` (ConnectionField::key): a QLineEdit, or a QComboBox for one
    // with choices.
    QWidget *extraField(const QString &id, const QString &key) const;
    QLabel *stateLabel(const QString &id) const;
    QLabel *checkResult(const QString &id) const;
    QPushButton *checkButton(const QString &id) const;
    QPushButton *saveButton() const { return m_save; }
    QTabWidget *pages() const { return m_pages; }
    // Makes the tab holding row `id` the current one (a problem on Save shows its row).
    void revealRow(const QString &id);
    QLabel *messageLabel() const { return m_message; }

    // Validates and saves; stays open on a problem or an unconfirmed warning.
    void accept() override;

protected:
    void showEvent(QShowEvent *event) override;

signals:
    // Saved: the console re-reads its configuration and the mode.
    void saved();

private:
    struct RowWidgets
    {
        ConnectionRow row;
        QLineEdit *url = nullptr;
        QLineEdit *project = nullptr;
        QLineEdit *secret = nullptr;
        std::vector<QWidget *> fields{}; // row.fields' widgets, property "fieldKey" their key
        QLabel *state = nullptr;
        QLabel *result = nullptr;
        QPushButton *check = nullptr;
    };
    QWidget *buildRow(RowWidgets &w, QWidget *page);
    void addFields(RowWidgets &w, QFormLayout *form, bool aboveUrl);
    // The tab named `title`, made on first use.
    QWidget *pageFor(const QString &title);
    void showState(RowWidgets &w);
    ConnectionEdit editOf(const RowWidgets &w) const;
    const RowWidgets *find(const QString &id) const;
    // Row `id`'s widget at `member`, or nullptr for an unknown row.
    template<auto member> auto widgetOf(const QString &id) const
    {
        const RowWidgets *w = find(id);
        return w ? w->*member : nullptr;
    }
    void check(const QString &id);
    void resetWarning();
    // Grows the dialog so a wrapped result or message is never cut off.
    void fitText();

    ConnectionsBackend &m_backend;
    std::vector<RowWidgets> m_rows;
    QTabWidget *m_pages = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_save = nullptr;
    QString m_confirmedWarning; // the warning text Save anyway was pressed for
};

} // namespace ops::ui

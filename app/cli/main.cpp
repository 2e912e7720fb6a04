#include "cli/opsctl.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("opsconsole"));
    QCoreApplication::setApplicationName(QStringLiteral("opsctl"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    return ops::cli::runOpsctl(QCoreApplication::arguments().mid(1), out, err);
}

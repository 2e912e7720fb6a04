#include "simtestutil.h"

class TstSimAdmin : public QObject
{
    Q_OBJECT
};

QTEST_GUILESS_MAIN(TstSimAdmin)
#include "tst_simadmin.moc"

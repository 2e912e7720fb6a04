#include "simtestutil.h"

class TstSimFaults : public QObject
{
    Q_OBJECT
};

QTEST_GUILESS_MAIN(TstSimFaults)
#include "tst_simfaults.moc"

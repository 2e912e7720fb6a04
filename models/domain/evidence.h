#pragma once

// What a person or the reconciler attached to an operation to show what happened to it.

#include <QByteArray>
#include <QDateTime>
#include <QString>

namespace ops {

struct Evidence
{
    qint64 id = 0;
    QString operationId;
    QString kind; // provider_object, provider_event, support_answer, note, file
    QString title;
    QString contentType;
    QByteArray body;
    QString sha256;
    QDateTime createdAt;
    QString createdBy;
};

} // namespace ops

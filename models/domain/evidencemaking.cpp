#include "domain/evidencemaking.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

Evidence made(const QString &operationId, const QString &kind, const QString &title,
              const QString &contentType, const QByteArray &body, const QString &actor)
{
    Evidence e;
    e.operationId = operationId;
    e.kind = kind;
    e.title = title;
    e.contentType = contentType;
    e.body = body;
    e.createdBy = actor;
    return e;
}

} // namespace

Evidence providerObject(const QString &operationId, const QString &title, const QByteArray &body,
                        const QString &actor)
{
    return made(operationId, u"provider_object"_s, title, u"application/json"_s, body, actor);
}

Evidence noteEvidence(const QString &operationId, const QString &title, const QByteArray &body,
                      const QString &actor)
{
    return made(operationId, u"note"_s, title, u"text/plain"_s, body, actor);
}

} // namespace ops

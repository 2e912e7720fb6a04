#include "fakeprovider.h"

namespace ops::test {

FakeProvider::FakeProvider(QByteArray refundReply)
    : m_server([refundReply = std::move(refundReply)](const ReceivedRequest &request) {
        if (request.method != "GET")
            return ScriptedReply{refundReply};
        const QByteArray id = request.path.mid(request.path.lastIndexOf('/') + 1);
        return ScriptedReply{response(200, "application/json", chargeJson(id, 5000))};
    })
{}

QList<ReceivedRequest> FakeProvider::posts() const
{
    QList<ReceivedRequest> out;
    for (const ReceivedRequest &r : received()) {
        if (r.method == "POST")
            out.append(r);
    }
    return out;
}

QByteArray FakeProvider::chargeJson(const QByteArray &id, qint64 amount)
{
    return R"({"id":")" + id + R"(","object":"charge","amount":)" + QByteArray::number(amount) +
           R"(,"amount_refunded":0,"refunded":false,"currency":"usd","status":"succeeded","created":1})";
}

} // namespace ops::test

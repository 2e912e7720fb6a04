#include "domain/messagetypes.h"

using namespace Qt::StringLiterals;

namespace ops {

bool isUnknownMessage(const CustomerMessage &m)
{
    return m.state == MessageState::Pending && m.attempts > 0;
}

QString toString(MessageState state)
{
    switch (state) {
    case MessageState::Pending:
        return u"pending"_s;
    case MessageState::Sent:
        return u"sent"_s;
    case MessageState::Failed:
        return u"failed"_s;
    }
    return {};
}

QString toString(MessageChannel channel)
{
    return channel == MessageChannel::Clipboard ? u"clipboard"_s : u"helpdesk"_s;
}

QString conversationProblem(const QString &conversation)
{
    if (conversation.trimmed().isEmpty())
        return u"the customer's conversation id is empty"_s;
    // One path segment at the helpdesk: "." and ".." would name another resource.
    if (conversation == u"."_s || conversation == u".."_s)
        return u"the conversation id may not be . or .."_s;
    if (conversation.size() > kMaxConversationLength)
        return u"the conversation id is longer than %1 characters"_s.arg(kMaxConversationLength);
    for (const QChar c : conversation) {
        const bool ok = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') ||
                        (c >= u'0' && c <= u'9') || QStringView(u"_-.:@").contains(c);
        if (!ok)
            return u"the conversation id may hold only letters, digits and _ - . : @"_s;
    }
    return {};
}

} // namespace ops

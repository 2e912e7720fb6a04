#pragma once

// The message sender's suites: a roles database where the agent opens operations and alice (and
// bob) queue and send their messages, a real HTTP transport, the sender's backoff sleeps
// recorded (not slept), and the account's pacer on the real clock, whose waits are recorded and
// slept, because the simulator's rate limits run on real time.

#include "outbox/messagesender.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <thread>

namespace ops::test {

struct OutboxHarness
{
    RolesFixture fixture;
    // The messages as alice's console writes them (she queues and sends), and as bob's.
    MessageStore messages{connectionOf(fixture.as(u"alice"_s)), fixture.clock()};
    MessageStore bobs{connectionOf(fixture.as(u"bob"_s)), fixture.clock()};
    QtHttpTransport transport;
    std::vector<std::chrono::milliseconds> sleeps; // the sender's backoff, not slept
    std::vector<std::chrono::milliseconds> paced;  // the pacer's waits, slept
    SystemClock clock;
    RatePacer pacer{clock,
                    [this](std::chrono::milliseconds ms) {
                        paced.push_back(ms);
                        std::this_thread::sleep_for(ms);
                    },
                    0};

    HelpdeskConfig config(const QUrl &base, HelpdeskVendor vendor = HelpdeskVendor::Generic)
    {
        HelpdeskConfig c;
        c.vendor = vendor;
        c.baseUrl = base;
        c.timeout = std::chrono::milliseconds(1500);
        c.jitterSeed = 7;
        return c;
    }
    // alice's sender; bob's on his store.
    MessageSender sender(const HelpdeskConfig &c) { return sender(c, messages); }
    MessageSender sender(const HelpdeskConfig &c, MessageStore &store)
    {
        return MessageSender(
            store, transport, c, [this](std::chrono::milliseconds ms) { sleeps.push_back(ms); },
            &pacer);
    }
    QString alice() const { return fixture.person(u"alice"_s); }
    // A message on a fresh unknown refund `opId` (of its own order: the id's last part), to
    // `conversation`.
    CustomerMessage queue(MessageTemplate t = MessageTemplate::Checking,
                          const QString &opId = u"op_s"_s,
                          const QString &conversation = u"cus_4417"_s)
    {
        const Operation op = agentsOperation(
            fixture, test::refundOperation(opId, opId.section(u'_', -1)), OperationState::Unknown);
        MessageDraft d;
        d.operationId = op.id;
        d.tmpl = t;
        d.language = u"uk"_s;
        d.conversation = conversation;
        d.actor = alice();
        const EnqueueResult r = messages.enqueue(d);
        if (!r.message)
            qFatal("enqueue failed: %s", qPrintable(r.error));
        return *r.message;
    }
};

} // namespace ops::test

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ops::AgentListModel</name>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>revoked</translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>max %1</translation>
    </message>
    <message>
        <source>%1 a day</source>
        <translation>%1 a day</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>no limits</source>
        <translation>no limits</translation>
    </message>
    <message>
        <source>never</source>
        <translation>never</translation>
    </message>
    <message>
        <source>Agent %1, added by %2 at %3</source>
        <translation>Agent %1, added by %2 at %3</translation>
    </message>
    <message>
        <source>Last changed by %1 at %2</source>
        <translation>Last changed by %1 at %2</translation>
    </message>
    <message>
        <source>Revoked at %1: its token is refused</source>
        <translation>Revoked at %1: its token is refused</translation>
    </message>
    <message>
        <source>After a rotation the previous token works until %1</source>
        <translation>After a rotation the previous token works until %1</translation>
    </message>
    <message>
        <source>Operations opened in the last 24 h: %1</source>
        <translation>Operations opened in the last 24 h: %1</translation>
    </message>
    <message>
        <source>Last call at %1</source>
        <translation>Last call at %1</translation>
    </message>
    <message>
        <source>No call yet</source>
        <translation>No call yet</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Limits</translation>
    </message>
    <message>
        <source>Used 24 h</source>
        <translation>Used 24 h</translation>
    </message>
    <message>
        <source>Last call</source>
        <translation>Last call</translation>
    </message>
</context>
<context>
    <name>ops::AgentRequestModel</name>
    <message>
        <source>over the per-refund limit</source>
        <translation>over the per-refund limit</translation>
    </message>
    <message>
        <source>over the daily limit</source>
        <translation>over the daily limit</translation>
    </message>
    <message>
        <source>Asked by %1 at %2</source>
        <translation>Asked by %1 at %2</translation>
    </message>
    <message>
        <source>The agent&apos;s per-refund limit is now %1</source>
        <translation>The agent&apos;s per-refund limit is now %1</translation>
    </message>
    <message>
        <source>The agent&apos;s daily limit is now %1</source>
        <translation>The agent&apos;s daily limit is now %1</translation>
    </message>
    <message>
        <source>Charge %1</source>
        <translation>Charge %1</translation>
    </message>
    <message>
        <source>Nothing has been sent: approving sends the stored request with its key once.</source>
        <translation>Nothing has been sent: approving sends the stored request with its key once.</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Order</translation>
    </message>
    <message>
        <source>Why it stopped</source>
        <translation>Why it stopped</translation>
    </message>
    <message>
        <source>Asked at (UTC)</source>
        <translation>Asked at (UTC)</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>above the four-eyes threshold</source>
        <translation>above the four-eyes threshold</translation>
    </message>
    <message>
        <source>%1 (person)</source>
        <translation>%1 (person)</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>Asked by</translation>
    </message>
</context>
<context>
    <name>ops::ApplyPreviewModel</name>
    <message>
        <source>resend with the stored key</source>
        <translation>resend with the stored key</translation>
    </message>
    <message>
        <source>close as succeeded (%1)</source>
        <translation>close as succeeded (%1)</translation>
    </message>
    <message>
        <source>close as failed</source>
        <translation>close as failed</translation>
    </message>
    <message>
        <source>one attempt with key %1</source>
        <translation>one attempt with key %1</translation>
    </message>
    <message>
        <source>No proposal</source>
        <translation>No proposal</translation>
    </message>
    <message>
        <source>No such proposal</source>
        <translation>No such proposal</translation>
    </message>
    <message>
        <source>Proposal decided</source>
        <translation>Proposal decided</translation>
    </message>
    <message>
        <source>Row closed</source>
        <translation>Row closed</translation>
    </message>
    <message>
        <source>Not in checking</source>
        <translation>Not in checking</translation>
    </message>
    <message>
        <source>Newer evidence</source>
        <translation>Newer evidence</translation>
    </message>
    <message>
        <source>Conflicting evidence</source>
        <translation>Conflicting evidence</translation>
    </message>
    <message>
        <source>Changed since preview</source>
        <translation>Changed since preview</translation>
    </message>
    <message>
        <source>Past the window</source>
        <translation>Past the window</translation>
    </message>
    <message>
        <source>Leased by a colleague</source>
        <translation>Leased by a colleague</translation>
    </message>
    <message>
        <source>Awaiting approval</source>
        <translation>Awaiting approval</translation>
    </message>
    <message>
        <source>Not permitted</source>
        <translation>Not permitted</translation>
    </message>
    <message>
        <source>Resend elsewhere</source>
        <translation>Resend elsewhere</translation>
    </message>
    <message>
        <source>Excluded — %1: %2</source>
        <translation>Excluded — %1: %2</translation>
    </message>
    <message>
        <source>Approval request: %1</source>
        <translation>Approval request: %1</translation>
    </message>
    <message>
        <source>Sent for approval</source>
        <translation>Sent for approval</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>Proposal</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidence</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Preview</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>succeeded</translation>
    </message>
    <message>
        <source>closed as failed</source>
        <translation>closed as failed</translation>
    </message>
    <message>
        <source>still unknown</source>
        <translation>still unknown</translation>
    </message>
    <message>
        <source>%1. Warning: the provider stored an answer under this key and replays it; a resend cannot finish this refund (close it as failed and start a new refund).</source>
        <translation>%1. Warning: the provider stored an answer under this key and replays it; a resend cannot finish this refund (close it as failed and start a new refund).</translation>
    </message>
    <message>
        <source>Closed: %1</source>
        <translation>Closed: %1</translation>
    </message>
    <message>
        <source>Resent: %1</source>
        <translation>Resent: %1</translation>
    </message>
    <message>
        <source>Resent: %1 — %2</source>
        <translation>Resent: %1 — %2</translation>
    </message>
</context>
<context>
    <name>ops::ApprovalListModel</name>
    <message>
        <source>support</source>
        <translation>support</translation>
    </message>
    <message>
        <source>supervisor</source>
        <translation>supervisor</translation>
    </message>
    <message>
        <source>%1 (not an operator)</source>
        <translation>%1 (not an operator)</translation>
    </message>
    <message>
        <source>%1 (disabled)</source>
        <translation>%1 (disabled)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>pending</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>approved</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>rejected</translation>
    </message>
    <message>
        <source>used</source>
        <translation>used</translation>
    </message>
    <message>
        <source>close</source>
        <translation>close</translation>
    </message>
    <message>
        <source>resend</source>
        <translation>resend</translation>
    </message>
    <message>
        <source>resend once with the stored key</source>
        <translation>resend once with the stored key</translation>
    </message>
    <message>
        <source>close as %1%2: %3 — evidence %4</source>
        <translation>close as %1%2: %3 — evidence %4</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 by %2</translation>
    </message>
    <message>
        <source>Approval</source>
        <translation>Approval</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>Asked by</translation>
    </message>
    <message>
        <source>Asked at</source>
        <translation>Asked at</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Request</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
</context>
<context>
    <name>ops::AttemptTableModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>replayed</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Actor</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Outcome</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latency</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>Replayed</translation>
    </message>
    <message>
        <source>Provider request</source>
        <translation>Provider request</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Transport</translation>
    </message>
    <message>
        <source>%1 (operator resend)</source>
        <translation>%1 (operator resend)</translation>
    </message>
</context>
<context>
    <name>ops::AttentionModel</name>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>Raised at</source>
        <translation>Raised at</translation>
    </message>
    <message>
        <source>Raised by</source>
        <translation>Raised by</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>none yet</translation>
    </message>
    <message>
        <source>Webhook receiver running · last event %1</source>
        <translation>Webhook receiver running · last event %1</translation>
    </message>
    <message>
        <source>Webhook receiver not running (last seen %1) · last event %2</source>
        <translation>Webhook receiver not running (last seen %1) · last event %2</translation>
    </message>
    <message>
        <source>No webhook receiver has run · last event %1</source>
        <translation>No webhook receiver has run · last event %1</translation>
    </message>
    <message>
        <source>Last heartbeat %1</source>
        <translation>Last heartbeat %1</translation>
    </message>
    <message>
        <source>Last event %1</source>
        <translation>Last event %1</translation>
    </message>
    <message>
        <source>Listening at %1</source>
        <translation>Listening at %1</translation>
    </message>
</context>
<context>
    <name>ops::AuditEntryModel</name>
    <message>
        <source>Entry</source>
        <translation>Entry</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Actor</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>ops::AuditTableModel</name>
    <message>
        <source>hash %1
previous %2</source>
        <translation>hash %1
previous %2</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Actor</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>ops::BatchPreviewModel</name>
    <message>
        <source>refunded</source>
        <translation>refunded</translation>
    </message>
    <message>
        <source>received by the provider, not yet final</source>
        <translation>received by the provider, not yet final</translation>
    </message>
    <message>
        <source>checking — outcome unknown</source>
        <translation>checking — outcome unknown</translation>
    </message>
    <message>
        <source>not confirmed yet</source>
        <translation>not confirmed yet</translation>
    </message>
    <message>
        <source>waits for approval</source>
        <translation>waits for approval</translation>
    </message>
    <message>
        <source>failed at the provider</source>
        <translation>failed at the provider</translation>
    </message>
    <message>
        <source>rejected, nothing sent</source>
        <translation>rejected, nothing sent</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>not run</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Line</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Order</translation>
    </message>
    <message>
        <source>Charge or payment</source>
        <translation>Charge or payment</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Reference</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Check</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <source>already run as %1</source>
        <translation>already run as %1</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>ready</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 — from the earlier run</source>
        <translation>%1 — from the earlier run</translation>
    </message>
</context>
<context>
    <name>ops::DetailModels</name>
    <message>
        <source>%1 bytes of %2
SHA-256 %3</source>
        <translation>%1 bytes of %2
SHA-256 %3</translation>
    </message>
</context>
<context>
    <name>ops::EventListModel</name>
    <message>
        <source>verified webhook</source>
        <translation>verified webhook</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>imported</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>applied</translation>
    </message>
    <message>
        <source>ignored</source>
        <translation>ignored</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (received %2)</source>
        <translation>%1 (received %2)</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Object</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Outcome</translation>
    </message>
</context>
<context>
    <name>ops::EvidenceListModel</name>
    <message>
        <source>%1 · %2 bytes · SHA-256 %3</source>
        <translation>%1 · %2 bytes · SHA-256 %3</translation>
    </message>
    <message>
        <source>%1. %2 — %3, %4 by %5</source>
        <translation>%1. %2 — %3, %4 by %5</translation>
    </message>
</context>
<context>
    <name>ops::MessageTableModel</name>
    <message>
        <source>pending</source>
        <translation>pending</translation>
    </message>
    <message>
        <source>copied</source>
        <translation>copied</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>sent</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>copied by %1</source>
        <translation>copied by %1</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 by %2</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>Queued</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Template</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Language</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Conversation</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Attempts</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>internal note</source>
        <translation>internal note</translation>
    </message>
</context>
<context>
    <name>ops::OperationTableModel</name>
    <message>
        <source>not started</source>
        <translation>not started</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>closed</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Subject</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Attempts</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation>Last attempt</translation>
    </message>
    <message>
        <source>Window left</source>
        <translation>Window left</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidence</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Age</translation>
    </message>
    <message>
        <source>%1d %2h</source>
        <translation>%1d %2h</translation>
    </message>
    <message>
        <source>%1h %2m</source>
        <translation>%1h %2m</translation>
    </message>
    <message>
        <source>%1m %2s</source>
        <translation>%1m %2s</translation>
    </message>
    <message>
        <source>%1s</source>
        <translation>%1s</translation>
    </message>
    <message>
        <source>refund</source>
        <translation>refund</translation>
    </message>
    <message>
        <source>credit top-up</source>
        <translation>credit top-up</translation>
    </message>
    <message>
        <source>credit charge</source>
        <translation>credit charge</translation>
    </message>
    <message>
        <source>credit adjust</source>
        <translation>credit adjust</translation>
    </message>
    <message>
        <source>execution</source>
        <translation>execution</translation>
    </message>
    <message>
        <source>open</source>
        <translation>open</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>succeeded</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>accepted · pending</source>
        <translation>accepted · pending</translation>
    </message>
    <message>
        <source>The provider accepted the refund and still reports it pending: the money is on its way, not arrived.</source>
        <translation>The provider accepted the refund and still reports it pending: the money is on its way, not arrived.</translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message>
        <source>The window ends when the provider forgets the key.</source>
        <translation>The window ends when the provider forgets the key.</translation>
    </message>
    <message>
        <source>The window ends %1 before the provider forgets the key, so a late resend never reaches a provider that no longer knows it.</source>
        <translation>The window ends %1 before the provider forgets the key, so a late resend never reaches a provider that no longer knows it.</translation>
    </message>
    <message>
        <source>Resend possible until %1 (%2).</source>
        <translation>Resend possible until %1 (%2).</translation>
    </message>
    <message>
        <source>%1 + %2 by operator</source>
        <translation>%1 + %2 by operator</translation>
    </message>
    <message>
        <source>%1
Idempotency key — Ctrl+Shift+C copies it</source>
        <translation>%1
Idempotency key — Ctrl+Shift+C copies it</translation>
    </message>
    <message>
        <source>awaiting approval</source>
        <translation>awaiting approval</translation>
    </message>
    <message>
        <source>received · pending</source>
        <translation>received · pending</translation>
    </message>
    <message>
        <source>The provider received the refund and will confirm it by notification: it is being processed, not done.</source>
        <translation>The provider received the refund and will confirm it by notification: it is being processed, not done.</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Waiting</translation>
    </message>
    <message>
        <source>proposal: resend</source>
        <translation>proposal: resend</translation>
    </message>
    <message>
        <source>proposal: close succeeded</source>
        <translation>proposal: close succeeded</translation>
    </message>
    <message>
        <source>proposal: close failed</source>
        <translation>proposal: close failed</translation>
    </message>
    <message>
        <source>The reconciler proposes resending this operation with the stored key; a person carries it out or decides otherwise.</source>
        <translation>The reconciler proposes resending this operation with the stored key; a person carries it out or decides otherwise.</translation>
    </message>
    <message>
        <source>The reconciler proposes closing this operation as succeeded; a person applies it or decides otherwise.</source>
        <translation>The reconciler proposes closing this operation as succeeded; a person applies it or decides otherwise.</translation>
    </message>
    <message>
        <source>The reconciler proposes closing this operation as failed; a person applies it or decides otherwise.</source>
        <translation>The reconciler proposes closing this operation as failed; a person applies it or decides otherwise.</translation>
    </message>
    <message>
        <source>resend it with the stored key</source>
        <translation>resend it with the stored key</translation>
    </message>
    <message>
        <source>close it</source>
        <translation>close it</translation>
    </message>
    <message>
        <source>Waiting on approval #%1: %2 asked to %3.</source>
        <translation>Waiting on approval #%1: %2 asked to %3.</translation>
    </message>
    <message>
        <source>A supervisor other than %1 decides it, and none is active: add or enable a second supervisor.</source>
        <translation>A supervisor other than %1 decides it, and none is active: add or enable a second supervisor.</translation>
    </message>
    <message>
        <source>A supervisor other than %1 decides it: %2.</source>
        <translation>A supervisor other than %1 decides it: %2.</translation>
    </message>
    <message>
        <source>%1 is resending this operation right now (until %2); wait for the result before acting on it.</source>
        <translation>%1 is resending this operation right now (until %2); wait for the result before acting on it.</translation>
    </message>
    <message>
        <source>%1 is resending</source>
        <translation>%1 is resending</translation>
    </message>
    <message>
        <source>approval #%1 (asked by %2; another supervisor decides)</source>
        <translation>approval #%1 (asked by %2; another supervisor decides)</translation>
    </message>
    <message>
        <source>%1 since %2</source>
        <translation>%1 since %2</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Owner</translation>
    </message>
</context>
<context>
    <name>ops::ReasonText</name>
    <message>
        <source>provider answered %1; the outcome is undefined</source>
        <translation>provider answered %1; the outcome is undefined</translation>
    </message>
    <message>
        <source>provider holds a different request under this key</source>
        <translation>provider holds a different request under this key</translation>
    </message>
    <message>
        <source>attempt cap reached without an answer</source>
        <translation>attempt cap reached without an answer</translation>
    </message>
    <message>
        <source>provider answer could not be read</source>
        <translation>provider answer could not be read</translation>
    </message>
    <message>
        <source>provider returned a refund that is not this operation&apos;s</source>
        <translation>provider returned a refund that is not this operation&apos;s</translation>
    </message>
    <message>
        <source>provider returned a movement that is not this operation&apos;s</source>
        <translation>provider returned a movement that is not this operation&apos;s</translation>
    </message>
    <message>
        <source>provider returned an execution that is not this operation&apos;s</source>
        <translation>provider returned an execution that is not this operation&apos;s</translation>
    </message>
    <message>
        <source>provider refused: %1</source>
        <translation>provider refused: %1</translation>
    </message>
    <message>
        <source>attempt cap reached</source>
        <translation>attempt cap reached</translation>
    </message>
    <message>
        <source>retention window closed</source>
        <translation>retention window closed</translation>
    </message>
    <message>
        <source>a resend proposal is applied by resending %1 with its stored key</source>
        <translation>a resend proposal is applied by resending %1 with its stored key</translation>
    </message>
    <message>
        <source>close %1 as failed</source>
        <translation>close %1 as failed</translation>
    </message>
    <message>
        <source>close %1 as succeeded</source>
        <translation>close %1 as succeeded</translation>
    </message>
    <message>
        <source>above the four-eyes threshold: an approval request to close %1 as failed</source>
        <translation>above the four-eyes threshold: an approval request to close %1 as failed</translation>
    </message>
    <message>
        <source>above the four-eyes threshold: an approval request to close %1 as succeeded</source>
        <translation>above the four-eyes threshold: an approval request to close %1 as succeeded</translation>
    </message>
    <message>
        <source>the retention window of %1 closed at %2: no resend</source>
        <translation>the retention window of %1 closed at %2: no resend</translation>
    </message>
    <message>
        <source>evidence #%1 came after proposal #%2 and may change it</source>
        <translation>evidence #%1 came after proposal #%2 and may change it</translation>
    </message>
    <message>
        <source>the row needs attention: %1</source>
        <translation>the row needs attention: %1</translation>
    </message>
    <message>
        <source>%1 was changed after the preview; preview again</source>
        <translation>%1 was changed after the preview; preview again</translation>
    </message>
    <message>
        <source>%1 is resending %2 right now</source>
        <translation>%1 is resending %2 right now</translation>
    </message>
    <message>
        <source>a close of %1 already waits for approval #%2</source>
        <translation>a close of %1 already waits for approval #%2</translation>
    </message>
    <message>
        <source>%1 has no open proposal</source>
        <translation>%1 has no open proposal</translation>
    </message>
    <message>
        <source>%1 has already succeeded</source>
        <translation>%1 has already succeeded</translation>
    </message>
    <message>
        <source>%1 has already failed</source>
        <translation>%1 has already failed</translation>
    </message>
    <message>
        <source>proposal %1 is superseded</source>
        <translation>proposal %1 is superseded</translation>
    </message>
    <message>
        <source>proposal %1 is applied</source>
        <translation>proposal %1 is applied</translation>
    </message>
    <message>
        <source>proposal %1 waits for approval</source>
        <translation>proposal %1 waits for approval</translation>
    </message>
    <message>
        <source>no such operation: %1</source>
        <translation>no such operation: %1</translation>
    </message>
    <message>
        <source>proposal %1 is withdrawn</source>
        <translation>proposal %1 is withdrawn</translation>
    </message>
    <message>
        <source>Resend is off: the operation has already succeeded.</source>
        <translation>Resend is off: the operation has already succeeded.</translation>
    </message>
    <message>
        <source>Resend is off: the operation has already failed.</source>
        <translation>Resend is off: the operation has already failed.</translation>
    </message>
    <message>
        <source>Resend is off: the row is open and automation still owns it; resend is for rows in the checking queue.</source>
        <translation>Resend is off: the row is open and automation still owns it; resend is for rows in the checking queue.</translation>
    </message>
    <message>
        <source>Resend is off: the retention window closed at %1; the provider no longer knows the key, so a resend could pay twice. Close it with evidence instead.</source>
        <translation>Resend is off: the retention window closed at %1; the provider no longer knows the key, so a resend could pay twice. Close it with evidence instead.</translation>
    </message>
    <message>
        <source>Resend is off: %1 is resending this operation right now (lease until %2).</source>
        <translation>Resend is off: %1 is resending this operation right now (lease until %2).</translation>
    </message>
    <message>
        <source>provider accepted the refund</source>
        <translation>provider accepted the refund</translation>
    </message>
    <message>
        <source>provider replayed the stored answer</source>
        <translation>provider replayed the stored answer</translation>
    </message>
    <message>
        <source>provider applied the movement</source>
        <translation>provider applied the movement</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>pending</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>succeeded</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>canceled</translation>
    </message>
    <message>
        <source>requires action</source>
        <translation>requires action</translation>
    </message>
    <message>
        <source>received</source>
        <translation>received</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>queued</translation>
    </message>
    <message>
        <source>provider settled it; automatic closes are off</source>
        <translation>provider settled it; automatic closes are off</translation>
    </message>
    <message>
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <source>amount &apos;%1&apos; is not an amount in %2 such as %3</source>
        <translation>amount &apos;%1&apos; is not an amount in %2 such as %3</translation>
    </message>
    <message>
        <source>amount must be more than zero</source>
        <translation>amount must be more than zero</translation>
    </message>
    <message>
        <source>unknown currency &apos;%1&apos;</source>
        <translation>unknown currency &apos;%1&apos;</translation>
    </message>
    <message>
        <source>column &apos;%1&apos; is missing</source>
        <translation>column &apos;%1&apos; is missing</translation>
    </message>
    <message>
        <source>a field holds a line break</source>
        <translation>a field holds a line break</translation>
    </message>
    <message>
        <source>the file is empty: it needs a header line and at least one refund</source>
        <translation>the file is empty: it needs a header line and at least one refund</translation>
    </message>
    <message>
        <source>the provider has no charge %1</source>
        <translation>the provider has no charge %1</translation>
    </message>
    <message>
        <source>%1 is more than the %2 left to refund on %3 after the file&apos;s earlier rows</source>
        <translation>%1 is more than the %2 left to refund on %3 after the file&apos;s earlier rows</translation>
    </message>
    <message>
        <source>%1 is more than the %2 left to refund on %3</source>
        <translation>%1 is more than the %2 left to refund on %3</translation>
    </message>
</context>
<context>
    <name>ops::RefundTallyModel</name>
    <message>
        <source>No reason code</source>
        <translation>No reason code</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplicate</translation>
    </message>
    <message>
        <source>Fraudulent</source>
        <translation>Fraudulent</translation>
    </message>
    <message>
        <source>Requested by the customer</source>
        <translation>Requested by the customer</translation>
    </message>
    <message>
        <source>Product not received</source>
        <translation>Product not received</translation>
    </message>
    <message>
        <source>Price adjustment</source>
        <translation>Price adjustment</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation>Refunds</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Refunded</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Checking</translation>
    </message>
    <message>
        <source>Money refunded</source>
        <translation>Money refunded</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Last</translation>
    </message>
</context>
<context>
    <name>ops::console::BatchWorker</name>
    <message>
        <source>%1 above the batch threshold of %2</source>
        <translation>%1 above the batch threshold of %2</translation>
    </message>
    <message>
        <source>Batch “%1” waits for a second supervisor (approval #%2, asked by %3): %4. Nothing was sent. Once another supervisor approves it (opsctl batch approve %1), run the same file again.</source>
        <translation>Batch “%1” waits for a second supervisor (approval #%2, asked by %3): %4. Nothing was sent. Once another supervisor approves it (opsctl batch approve %1), run the same file again.</translation>
    </message>
    <message>
        <source>the file has problems; nothing was sent</source>
        <translation>the file has problems; nothing was sent</translation>
    </message>
</context>
<context>
    <name>ops::console::BulkWorker</name>
    <message>
        <source>no such operation</source>
        <translation>no such operation</translation>
    </message>
</context>
<context>
    <name>ops::console::ConnectionsService</name>
    <message>
        <source>No answer from %1: %2</source>
        <translation>No answer from %1: %2</translation>
    </message>
    <message>
        <source>Connected: %1 answered HTTP %2 to %3.</source>
        <translation>Connected: %1 answered HTTP %2 to %3.</translation>
    </message>
    <message>
        <source>Refused: HTTP %1 to %2 — %3</source>
        <translation>Refused: HTTP %1 to %2 — %3</translation>
    </message>
    <message>
        <source>%1 is set in the environment and wins over this field.</source>
        <translation>%1 is set in the environment and wins over this field.</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>not set</translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation>saved %1</translation>
    </message>
    <message>
        <source>from %1 %2</source>
        <translation>from %1 %2</translation>
    </message>
    <message>
        <source>%1 is set in the environment and wins over the saved file %2.</source>
        <translation>%1 is set in the environment and wins over the saved file %2.</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>refused</translation>
    </message>
    <message>
        <source>Stripe</source>
        <translation>Stripe</translation>
    </message>
    <message>
        <source>Slen</source>
        <translation>Slen</translation>
    </message>
    <message>
        <source>Helpdesk</source>
        <translation>Helpdesk</translation>
    </message>
    <message>
        <source>Stripe webhook secret</source>
        <translation>Stripe webhook secret</translation>
    </message>
    <message>
        <source>the secret may contain no spaces or line breaks</source>
        <translation>the secret may contain no spaces or line breaks</translation>
    </message>
    <message>
        <source>the project must be 1-128 characters</source>
        <translation>the project must be 1-128 characters</translation>
    </message>
    <message>
        <source>a LIVE key against the simulator or this machine (%1). A live key belongs with the real provider only.</source>
        <translation>a LIVE key against the simulator or this machine (%1). A live key belongs with the real provider only.</translation>
    </message>
    <message>
        <source>a TEST key against %1, which is not the simulator: no real money will move.</source>
        <translation>a TEST key against %1, which is not the simulator: no real money will move.</translation>
    </message>
    <message>
        <source>schema version %1</source>
        <translation>schema version %1</translation>
    </message>
    <message>
        <source>not set up yet (opsctl db migrate)</source>
        <translation>not set up yet (opsctl db migrate)</translation>
    </message>
    <message>
        <source>schema version %1 of %2 (opsctl db migrate)</source>
        <translation>schema version %1 of %2 (opsctl db migrate)</translation>
    </message>
    <message>
        <source>Connected: %1 as %2; %3; %4.</source>
        <translation>Connected: %1 as %2; %3; %4.</translation>
    </message>
    <message>
        <source>Cannot open: %1</source>
        <translation>Cannot open: %1</translation>
    </message>
    <message>
        <source>Team database (PostgreSQL)</source>
        <translation>Team database (PostgreSQL)</translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation>Server &amp;URL:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Password:</translation>
    </message>
    <message>
        <source>This console uses %1. A saved change takes effect at its next start; --db wins over this field.</source>
        <translation>This console uses %1. A saved change takes effect at its next start; --db wins over this field.</translation>
    </message>
    <message>
        <source>an unusable location in %1</source>
        <translation>an unusable location in %1</translation>
    </message>
    <message>
        <source>a password needs a server URL</source>
        <translation>a password needs a server URL</translation>
    </message>
    <message>
        <source>the team database is a postgresql:// URL; a SQLite file is chosen with --db or OPS_DB</source>
        <translation>the team database is a postgresql:// URL; a SQLite file is chosen with --db or OPS_DB</translation>
    </message>
    <message>
        <source>the URL carries a password; put it in the Password field, where it is not shown or logged</source>
        <translation>the URL carries a password; put it in the Password field, where it is not shown or logged</translation>
    </message>
    <message>
        <source>a password needs the user name in the URL: postgresql://you@host/db</source>
        <translation>a password needs the user name in the URL: postgresql://you@host/db</translation>
    </message>
    <message>
        <source>Empty: a start without --db or OPS_DB uses the embedded SQLite file %1.</source>
        <translation>Empty: a start without --db or OPS_DB uses the embedded SQLite file %1.</translation>
    </message>
    <message>
        <source>%1 is an embedded SQLite file: there is no server to connect to.</source>
        <translation>%1 is an embedded SQLite file: there is no server to connect to.</translation>
    </message>
    <message>
        <source>saved</source>
        <translation>saved</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>from %1</translation>
    </message>
    <message>
        <source>the password may contain no line breaks or control characters</source>
        <translation>the password may contain no line breaks or control characters</translation>
    </message>
    <message>
        <source>Payment providers</source>
        <translation>Payment providers</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Notifications</translation>
    </message>
    <message>
        <source>Adyen</source>
        <translation>Adyen</translation>
    </message>
    <message>
        <source>Adyen notifications (HMAC key)</source>
        <translation>Adyen notifications (HMAC key)</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API key:</translation>
    </message>
    <message>
        <source>&amp;Merchant account:</source>
        <translation>&amp;Merchant account:</translation>
    </message>
    <message>
        <source>Live or test is the endpoint&apos;s: https://checkout-test.adyen.com is TEST.</source>
        <translation>Live or test is the endpoint&apos;s: https://checkout-test.adyen.com is TEST.</translation>
    </message>
    <message>
        <source>HMAC key:</source>
        <translation>HMAC key:</translation>
    </message>
    <message>
        <source>The 64 hex digits of the webhook&apos;s HMAC key in Adyen&apos;s Customer Area; two, comma-separated, while a new key is rolled out.</source>
        <translation>The 64 hex digits of the webhook&apos;s HMAC key in Adyen&apos;s Customer Area; two, comma-separated, while a new key is rolled out.</translation>
    </message>
    <message>
        <source>Team database</source>
        <translation>Team database</translation>
    </message>
    <message>
        <source>the merchant account is needed with an API key</source>
        <translation>the merchant account is needed with an API key</translation>
    </message>
    <message>
        <source>Adyen&apos;s HMAC key needs the merchant account its notifications are for (Payment providers → Adyen): without it opsctl serve does not start.</source>
        <translation>Adyen&apos;s HMAC key needs the merchant account its notifications are for (Payment providers → Adyen): without it opsctl serve does not start.</translation>
    </message>
    <message>
        <source>the saved key belongs to %1; type the key again to use it with %2</source>
        <translation>the saved key belongs to %1; type the key again to use it with %2</translation>
    </message>
    <message>
        <source>Not sent: the configured key goes only to the saved URL. To check %1, type the key again.</source>
        <translation>Not sent: the configured key goes only to the saved URL. To check %1, type the key again.</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Credits</translation>
    </message>
    <message>
        <source>&amp;Vendor:</source>
        <translation>&amp;Vendor:</translation>
    </message>
    <message>
        <source>U&amp;ser e-mail:</source>
        <translation>U&amp;ser e-mail:</translation>
    </message>
    <message>
        <source>Zendesk and Gorgias: agent@example.com</source>
        <translation>Zendesk and Gorgias: agent@example.com</translation>
    </message>
    <message>
        <source>Aut&amp;hor:</source>
        <translation>Aut&amp;hor:</translation>
    </message>
    <message>
        <source>Intercom: the admin id; Gorgias: the sender&apos;s e-mail</source>
        <translation>Intercom: the admin id; Gorgias: the sender&apos;s e-mail</translation>
    </message>
    <message>
        <source>choose a vendor</source>
        <translation>choose a vendor</translation>
    </message>
    <message>
        <source>&amp;URL or subdomain:</source>
        <translation>&amp;URL or subdomain:</translation>
    </message>
    <message>
        <source>acme (for acme.zendesk.com), or https://…</source>
        <translation>acme (for acme.zendesk.com), or https://…</translation>
    </message>
    <message>
        <source>API token:</source>
        <translation>API token:</translation>
    </message>
    <message>
        <source>Not connected to %1 at %2: %3</source>
        <translation>Not connected to %1 at %2: %3</translation>
    </message>
    <message>
        <source>Connected to %1 at %2 as %3.</source>
        <translation>Connected to %1 at %2 as %3.</translation>
    </message>
</context>
<context>
    <name>ops::console::ConsoleConnections</name>
    <message>
        <source>provider-sim at %1, started by this console (--demo): no provider is reached.</source>
        <translation>provider-sim at %1, started by this console (--demo): no provider is reached.</translation>
    </message>
    <message>
        <source>Stripe</source>
        <translation>Stripe</translation>
    </message>
    <message>
        <source>Slen</source>
        <translation>Slen</translation>
    </message>
    <message>
        <source>%1 uses a live key %2</source>
        <translation>%1 uses a live key %2</translation>
    </message>
    <message>
        <source>%1 uses a test key %2</source>
        <translation>%1 uses a test key %2</translation>
    </message>
    <message>
        <source>No sk_test_/sk_live_ provider key is configured: see Tools → Connections.</source>
        <translation>No sk_test_/sk_live_ provider key is configured: see Tools → Connections.</translation>
    </message>
    <message>
        <source>Saved. This console keeps using %1; started without --db, it opens %2.</source>
        <translation>Saved. This console keeps using %1; started without --db, it opens %2.</translation>
    </message>
    <message>
        <source>Adyen uses its live endpoint %1</source>
        <translation>Adyen uses its live endpoint %1</translation>
    </message>
    <message>
        <source>Adyen uses its test endpoint</source>
        <translation>Adyen uses its test endpoint</translation>
    </message>
</context>
<context>
    <name>ops::console::ConsoleController</name>
    <message>
        <source>Another action is still running.</source>
        <translation>Another action is still running.</translation>
    </message>
    <message>
        <source>Wait for it or cancel it (Esc).</source>
        <translation>Wait for it or cancel it (Esc).</translation>
    </message>
    <message>
        <source>Cancelled. A request already sent still gets its answer recorded; the list updates when it arrives.</source>
        <translation>Cancelled. A request already sent still gets its answer recorded; the list updates when it arrives.</translation>
    </message>
    <message>
        <source>Looking up %1 at the provider…</source>
        <translation>Looking up %1 at the provider…</translation>
    </message>
    <message>
        <source>Resending %1 with its stored key…</source>
        <translation>Resending %1 with its stored key…</translation>
    </message>
    <message>
        <source>Sending message %1 to the helpdesk…</source>
        <translation>Sending message %1 to the helpdesk…</translation>
    </message>
    <message>
        <source>Resend: %1 What to do next: %2</source>
        <translation>Resend: %1 What to do next: %2</translation>
    </message>
    <message>
        <source>Starting a new refund for order %1…</source>
        <translation>Starting a new refund for order %1…</translation>
    </message>
    <message>
        <source>Sending the decision on %1 to its ticket…</source>
        <translation>Sending the decision on %1 to its ticket…</translation>
    </message>
</context>
<context>
    <name>ops::console::ConsoleJobs</name>
    <message>
        <source>no attempt</source>
        <translation>no attempt</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>no answer</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source>HTTP %1 %2</source>
        <translation>HTTP %1 %2</translation>
    </message>
    <message>
        <source>refund </source>
        <translation>refund </translation>
    </message>
    <message>
        <source>movement </source>
        <translation>movement </translation>
    </message>
    <message>
        <source>execution </source>
        <translation>execution </translation>
    </message>
    <message>
        <source>the operation</source>
        <translation>the operation</translation>
    </message>
    <message>
        <source>Resent %1: the provider confirmed %2; closed as succeeded.</source>
        <translation>Resent %1: the provider confirmed %2; closed as succeeded.</translation>
    </message>
    <message>
        <source>Resent %1: the provider refused (%2); closed as failed.</source>
        <translation>Resent %1: the provider refused (%2); closed as failed.</translation>
    </message>
    <message>
        <source>Resent %1 once; the outcome is still unknown (%2).</source>
        <translation>Resent %1 once; the outcome is still unknown (%2).</translation>
    </message>
    <message>
        <source>Look it up at the provider (Ctrl+L) and close it with that evidence.</source>
        <translation>Look it up at the provider (Ctrl+L) and close it with that evidence.</translation>
    </message>
    <message>
        <source>Resent %1; not confirmed yet (%2).</source>
        <translation>Resent %1; not confirmed yet (%2).</translation>
    </message>
    <message>
        <source>Look it up at the provider in a minute.</source>
        <translation>Look it up at the provider in a minute.</translation>
    </message>
    <message>
        <source>Resend refused: %1</source>
        <translation>Resend refused: %1</translation>
    </message>
    <message>
        <source>Reload (F5) and check the row&apos;s state.</source>
        <translation>Reload (F5) and check the row&apos;s state.</translation>
    </message>
    <message>
        <source>Resent %1 (%2).</source>
        <translation>Resent %1 (%2).</translation>
    </message>
    <message>
        <source>OPS_SLEN_URL &apos;%1&apos; is not an http(s) URL.</source>
        <translation>OPS_SLEN_URL &apos;%1&apos; is not an http(s) URL.</translation>
    </message>
    <message>
        <source>No Slen API key is configured.</source>
        <translation>No Slen API key is configured.</translation>
    </message>
    <message>
        <source> Set OPS_STRIPE_URL and OPS_STRIPE_KEY and restart the console.</source>
        <translation> Set OPS_STRIPE_URL and OPS_STRIPE_KEY and restart the console.</translation>
    </message>
    <message>
        <source>No Slen URL is configured.</source>
        <translation>No Slen URL is configured.</translation>
    </message>
    <message>
        <source> Set OPS_SLEN_URL and OPS_SLEN_KEY and restart the console.</source>
        <translation> Set OPS_SLEN_URL and OPS_SLEN_KEY and restart the console.</translation>
    </message>
    <message>
        <source>OPS_STRIPE_URL &apos;%1&apos; is not an http(s) URL.</source>
        <translation>OPS_STRIPE_URL &apos;%1&apos; is not an http(s) URL.</translation>
    </message>
    <message>
        <source>No Stripe API key is configured.</source>
        <translation>No Stripe API key is configured.</translation>
    </message>
    <message>
        <source>Operation %1 is gone from the database.</source>
        <translation>Operation %1 is gone from the database.</translation>
    </message>
    <message>
        <source>Look-up cancelled.</source>
        <translation>Look-up cancelled.</translation>
    </message>
    <message>
        <source>The database failed during the look-up: </source>
        <translation>The database failed during the look-up: </translation>
    </message>
    <message>
        <source>Not sent: operation %1 is gone from the database.</source>
        <translation>Not sent: operation %1 is gone from the database.</translation>
    </message>
    <message>
        <source>Reload (F5).</source>
        <translation>Reload (F5).</translation>
    </message>
    <message>
        <source>Nothing was sent; the row is unchanged.</source>
        <translation>Nothing was sent; the row is unchanged.</translation>
    </message>
    <message>
        <source>Not sent: %1 is resending %2 right now.</source>
        <translation>Not sent: %1 is resending %2 right now.</translation>
    </message>
    <message>
        <source>Not sent: %1 is no longer open or unknown.</source>
        <translation>Not sent: %1 is no longer open or unknown.</translation>
    </message>
    <message>
        <source>Wait for their result; the list updates by itself.</source>
        <translation>Wait for their result; the list updates by itself.</translation>
    </message>
    <message>
        <source>The database failed during the resend: </source>
        <translation>The database failed during the resend: </translation>
    </message>
    <message>
        <source>Reload (F5): the attempt, if counted, is in the timeline.</source>
        <translation>Reload (F5): the attempt, if counted, is in the timeline.</translation>
    </message>
    <message>
        <source>Not sent: %1 is above the four-eyes threshold; resend approval #%2 waits for a second person.</source>
        <translation>Not sent: %1 is above the four-eyes threshold; resend approval #%2 waits for a second person.</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>nobody</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>Not sent: %1</translation>
    </message>
    <message>
        <source>Nothing was sent.</source>
        <translation>Nothing was sent.</translation>
    </message>
    <message>
        <source>
%1 stored a 5xx answer under this key and replays it to every resend: a resend cannot finish this refund. Close it as failed and start a new refund.</source>
        <translation>
%1 stored a 5xx answer under this key and replays it to every resend: a resend cannot finish this refund. Close it as failed and start a new refund.</translation>
    </message>
    <message>
        <source>
%1 holds another request under this key: a resend cannot finish this refund. Close it as failed and start a new refund.</source>
        <translation>
%1 holds another request under this key: a resend cannot finish this refund. Close it as failed and start a new refund.</translation>
    </message>
    <message>
        <source> Set OPS_ADYEN_URL, OPS_ADYEN_KEY and OPS_ADYEN_MERCHANT and restart the console.</source>
        <translation> Set OPS_ADYEN_URL, OPS_ADYEN_KEY and OPS_ADYEN_MERCHANT and restart the console.</translation>
    </message>
    <message>
        <source>Adyen cannot be asked for a refund: its REFUND notification settles this row.</source>
        <translation>Adyen cannot be asked for a refund: its REFUND notification settles this row.</translation>
    </message>
    <message>
        <source>Nothing says Adyen received it. A resend with the stored key (inside the key&apos;s 7 days) replays Adyen&apos;s first answer.</source>
        <translation>Nothing says Adyen received it. A resend with the stored key (inside the key&apos;s 7 days) replays Adyen&apos;s first answer.</translation>
    </message>
    <message>
        <source>Adyen received it as %1; wait for the notification.</source>
        <translation>Adyen received it as %1; wait for the notification.</translation>
    </message>
    <message>
        <source>  %1, received %2 (%3)</source>
        <translation>  %1, received %2 (%3)</translation>
    </message>
    <message>
        <source>Stored notifications (%1):</source>
        <translation>Stored notifications (%1):</translation>
    </message>
    <message>
        <source>Adyen notification %1 (stored %2) settles refund %3 as %4.</source>
        <translation>Adyen notification %1 (stored %2) settles refund %3 as %4.</translation>
    </message>
    <message>
        <source>This row is closed: %1.</source>
        <translation>This row is closed: %1.</translation>
    </message>
    <message>
        <source>A second person with the approve right approves it in the Approvals tab, and that approval sends it at once.</source>
        <translation>A second person with the approve right approves it in the Approvals tab, and that approval sends it at once.</translation>
    </message>
    <message>
        <source>Look it up at the provider (Ctrl+L): the look-up is kept as evidence, and a supervisor closes the row with it.</source>
        <translation>Look it up at the provider (Ctrl+L): the look-up is kept as evidence, and a supervisor closes the row with it.</translation>
    </message>
    <message>
        <source>
Nothing is stored under this operation&apos;s key: inside the key&apos;s window Stripe reads a resend with the stored key as the first request, so a resend finishes this refund, once.</source>
        <translation>
Nothing is stored under this operation&apos;s key: inside the key&apos;s window Stripe reads a resend with the stored key as the first request, so a resend finishes this refund, once.</translation>
    </message>
</context>
<context>
    <name>ops::console::MessageJob</name>
    <message>
        <source>no helpdesk URL is configured</source>
        <translation>no helpdesk URL is configured</translation>
    </message>
    <message>
        <source>Message %1 is queued but not sent: %2</source>
        <translation>Message %1 is queued but not sent: %2</translation>
    </message>
    <message>
        <source>Set OPS_HELPDESK_URL and restart, or copy it to the clipboard.</source>
        <translation>Set OPS_HELPDESK_URL and restart, or copy it to the clipboard.</translation>
    </message>
    <message>
        <source>Message sent to conversation %1.</source>
        <translation>Message sent to conversation %1.</translation>
    </message>
    <message>
        <source>The customer already has this message; nothing was sent.</source>
        <translation>The customer already has this message; nothing was sent.</translation>
    </message>
    <message>
        <source>The message was not delivered: %1</source>
        <translation>The message was not delivered: %1</translation>
    </message>
    <message>
        <source>Compose the same message again later to retry (same key: it arrives at most once), or copy it to the clipboard.</source>
        <translation>Compose the same message again later to retry (same key: it arrives at most once), or copy it to the clipboard.</translation>
    </message>
    <message>
        <source>Not sent: %1.</source>
        <translation>Not sent: %1.</translation>
    </message>
    <message>
        <source>Reload (F5).</source>
        <translation>Reload (F5).</translation>
    </message>
    <message>
        <source>The database failed while sending the message: %1</source>
        <translation>The database failed while sending the message: %1</translation>
    </message>
    <message>
        <source>Reload (F5): the message row shows what was recorded.</source>
        <translation>Reload (F5): the message row shows what was recorded.</translation>
    </message>
    <message>
        <source>Nothing was sent; ask a supervisor for the message right.</source>
        <translation>Nothing was sent; ask a supervisor for the message right.</translation>
    </message>
    <message>
        <source>Unknown whether conversation %1 holds the message: %2</source>
        <translation>Unknown whether conversation %1 holds the message: %2</translation>
    </message>
    <message>
        <source>Look at the ticket, or send again later: the ticket is read before anything is sent.</source>
        <translation>Look at the ticket, or send again later: the ticket is read before anything is sent.</translation>
    </message>
    <message>
        <source>Could not read the decision notes of %1: %2</source>
        <translation>Could not read the decision notes of %1: %2</translation>
    </message>
    <message>
        <source>The decision on %1 is noted on its ticket.</source>
        <translation>The decision on %1 is noted on its ticket.</translation>
    </message>
    <message>
        <source>Wait a few seconds and send it again: the ticket is read first.</source>
        <translation>Wait a few seconds and send it again: the ticket is read first.</translation>
    </message>
</context>
<context>
    <name>ops::console::NewRefundJob</name>
    <message>
        <source>The new refund was not started: %1</source>
        <translation>The new refund was not started: %1</translation>
    </message>
    <message>
        <source>Nothing was stored or sent; the failed refund is unchanged.</source>
        <translation>Nothing was stored or sent; the failed refund is unchanged.</translation>
    </message>
    <message>
        <source>New refund %1 of %2</source>
        <translation>New refund %1 of %2</translation>
    </message>
    <message>
        <source>%1 succeeded: the provider refunded the customer.</source>
        <translation>%1 succeeded: the provider refunded the customer.</translation>
    </message>
    <message>
        <source>%1: the outcome is unknown (%2).</source>
        <translation>%1: the outcome is unknown (%2).</translation>
    </message>
    <message>
        <source>It is in the Checking list; look it up there (Ctrl+L).</source>
        <translation>It is in the Checking list; look it up there (Ctrl+L).</translation>
    </message>
    <message>
        <source>%1 failed at the provider: %2</source>
        <translation>%1 failed at the provider: %2</translation>
    </message>
    <message>
        <source>No money moved. Look at its attempts before trying again.</source>
        <translation>No money moved. Look at its attempts before trying again.</translation>
    </message>
    <message>
        <source>%1 is %2.</source>
        <translation>%1 is %2.</translation>
    </message>
    <message>
        <source>The database failed while starting the new refund: %1</source>
        <translation>The database failed while starting the new refund: %1</translation>
    </message>
    <message>
        <source>Reload (F5): a row, if one was opened, is in the list.</source>
        <translation>Reload (F5): a row, if one was opened, is in the list.</translation>
    </message>
    <message>
        <source>No new refund was started: %1 (%2) already covers order %3 for %4.</source>
        <translation>No new refund was started: %1 (%2) already covers order %3 for %4.</translation>
    </message>
    <message>
        <source>The failed refund is unchanged; look at %1 first.</source>
        <translation>The failed refund is unchanged; look at %1 first.</translation>
    </message>
    <message>
        <source>%1 waits for approval: another person with the approve right sends it (Supervisor → Agent requests).</source>
        <translation>%1 waits for approval: another person with the approve right sends it (Supervisor → Agent requests).</translation>
    </message>
    <message>
        <source>%1 is not confirmed yet: %2</source>
        <translation>%1 is not confirmed yet: %2</translation>
    </message>
    <message>
        <source>the provider did not answer</source>
        <translation>the provider did not answer</translation>
    </message>
    <message>
        <source>It stays open with its key; look it up in a minute (Ctrl+L).</source>
        <translation>It stays open with its key; look it up in a minute (Ctrl+L).</translation>
    </message>
    <message>
        <source>%1 was received by the provider as %2; its notification will say how it ended.</source>
        <translation>%1 was received by the provider as %2; its notification will say how it ended.</translation>
    </message>
</context>
<context>
    <name>ops::console::ProviderLookup</name>
    <message>
        <source>The provider did not answer while reading %1 (%2).</source>
        <translation>The provider did not answer while reading %1 (%2).</translation>
    </message>
    <message>
        <source>The provider refused our API key while reading %1 (HTTP %2). Check OPS_STRIPE_KEY.</source>
        <translation>The provider refused our API key while reading %1 (HTTP %2). Check OPS_STRIPE_KEY.</translation>
    </message>
    <message>
        <source>The provider answered HTTP %1 while reading %2.</source>
        <translation>The provider answered HTTP %1 while reading %2.</translation>
    </message>
    <message>
        <source>Look-up cancelled.</source>
        <translation>Look-up cancelled.</translation>
    </message>
    <message>
        <source>the charge&apos;s refunds</source>
        <translation>the charge&apos;s refunds</translation>
    </message>
    <message>
        <source>
Found refund %1 for this operation: %2, status %3.</source>
        <translation>
Found refund %1 for this operation: %2, status %3.</translation>
    </message>
    <message>
        <source>
The provider has not finished it: look up again later before closing.</source>
        <translation>
The provider has not finished it: look up again later before closing.</translation>
    </message>
    <message>
        <source>Operation %1 has no charge id to look up.</source>
        <translation>Operation %1 has no charge id to look up.</translation>
    </message>
    <message>
        <source>charge </source>
        <translation>charge </translation>
    </message>
    <message>
        <source>Charge %1: %2 charged, %3 refunded in total (amount_refunded). Refunds examined: %4.</source>
        <translation>Charge %1: %2 charged, %3 refunded in total (amount_refunded). Refunds examined: %4.</translation>
    </message>
    <message>
        <source>
No refund with this operation id among the first %1; the charge has more. Check the dashboard before closing.</source>
        <translation>
No refund with this operation id among the first %1; the charge has more. Check the dashboard before closing.</translation>
    </message>
    <message>
        <source>
No refund carries this operation id: the provider shows no movement for it.</source>
        <translation>
No refund carries this operation id: the provider shows no movement for it.</translation>
    </message>
</context>
<context>
    <name>ops::console::SlenLookup</name>
    <message>
        <source>Slen did not answer while reading %1 (%2). Check OPS_SLEN_URL and that the provider is reachable.</source>
        <translation>Slen did not answer while reading %1 (%2). Check OPS_SLEN_URL and that the provider is reachable.</translation>
    </message>
    <message>
        <source>Slen refused our API key while reading %1 (HTTP %2). Check OPS_SLEN_KEY.</source>
        <translation>Slen refused our API key while reading %1 (HTTP %2). Check OPS_SLEN_KEY.</translation>
    </message>
    <message>
        <source>Slen has no %1 (HTTP 404 %2). %3</source>
        <translation>Slen has no %1 (HTTP 404 %2). %3</translation>
    </message>
    <message>
        <source>Slen answered HTTP %1 %2 while reading %3.</source>
        <translation>Slen answered HTTP %1 %2 while reading %3.</translation>
    </message>
    <message>
        <source>
The execution names operation %1, not this one: do not close from this answer; check the row&apos;s stored request.</source>
        <translation>
The execution names operation %1, not this one: do not close from this answer; check the row&apos;s stored request.</translation>
    </message>
    <message>
        <source>
Error code: %1.</source>
        <translation>
Error code: %1.</translation>
    </message>
    <message>
        <source>
The execution is still running (%1): look again later before closing.</source>
        <translation>
The execution is still running (%1): look again later before closing.</translation>
    </message>
    <message>
        <source>Operation %1 has no execution id: the provider never told us one (the first request got no readable answer). Slen cannot be searched by idempotency key over this API, so the look-up cannot tell whether the flow ran.
Nothing to propose. Inside the window, Resend sends the stored request with the same key: Slen then answers with the execution if it exists.</source>
        <translation>Operation %1 has no execution id: the provider never told us one (the first request got no readable answer). Slen cannot be searched by idempotency key over this API, so the look-up cannot tell whether the flow ran.
Nothing to propose. Inside the window, Resend sends the stored request with the same key: Slen then answers with the execution if it exists.</translation>
    </message>
    <message>
        <source>Slen&apos;s answer for execution %1 could not be read.</source>
        <translation>Slen&apos;s answer for execution %1 could not be read.</translation>
    </message>
    <message>
        <source>execution </source>
        <translation>execution </translation>
    </message>
    <message>
        <source>Check that OPS_SLEN_KEY belongs to project %1, where the execution was started.</source>
        <translation>Check that OPS_SLEN_KEY belongs to project %1, where the execution was started.</translation>
    </message>
    <message>
        <source>Execution %1 (flow %2): status %3.</source>
        <translation>Execution %1 (flow %2): status %3.</translation>
    </message>
    <message>
        <source>
The row holds movement %1 from the provider&apos;s own answer: that is the reference for the close.</source>
        <translation>
The row holds movement %1 from the provider&apos;s own answer: that is the reference for the close.</translation>
    </message>
    <message>
        <source>
Slen cannot list movements by idempotency key over this API, and a balance alone cannot prove whether this movement happened (other movements change it too).
Nothing to propose. Inside the window, Resend sends the stored request with the same key: Slen replays the movement if it happened, or makes it once if it did not.</source>
        <translation>
Slen cannot list movements by idempotency key over this API, and a balance alone cannot prove whether this movement happened (other movements change it too).
Nothing to propose. Inside the window, Resend sends the stored request with the same key: Slen replays the movement if it happened, or makes it once if it did not.</translation>
    </message>
    <message>
        <source>Operation %1 has no customer id to look up.</source>
        <translation>Operation %1 has no customer id to look up.</translation>
    </message>
    <message>
        <source>Slen&apos;s answer for customer %1 could not be read.</source>
        <translation>Slen&apos;s answer for customer %1 could not be read.</translation>
    </message>
    <message>
        <source>customer </source>
        <translation>customer </translation>
    </message>
    <message>
        <source>Check that OPS_SLEN_KEY belongs to project %1.</source>
        <translation>Check that OPS_SLEN_KEY belongs to project %1.</translation>
    </message>
    <message>
        <source>Customer %1: %2 balance %3 (all balances: %4). This operation is a %5 of %6 %2.</source>
        <translation>Customer %1: %2 balance %3 (all balances: %4). This operation is a %5 of %6 %2.</translation>
    </message>
    <message>
        <source>
Provider reference on the row: %1.</source>
        <translation>
Provider reference on the row: %1.</translation>
    </message>
</context>
<context>
    <name>ops::ui::AgentRequestsPanel</name>
    <message>
        <source>Reason (required to reject)</source>
        <translation>Reason (required to reject)</translation>
    </message>
    <message>
        <source>A&amp;pprove and send</source>
        <translation>A&amp;pprove and send</translation>
    </message>
    <message>
        <source>Re&amp;ject</source>
        <translation>Re&amp;ject</translation>
    </message>
    <message>
        <source>Sending %1 with its stored key…</source>
        <translation>Sending %1 with its stored key…</translation>
    </message>
    <message>
        <source>No agent request waits for a person.</source>
        <translation>No agent request waits for a person.</translation>
    </message>
    <message>
        <source>Select a request.</source>
        <translation>Select a request.</translation>
    </message>
    <message>
        <source>Reject closes %1 as failed, rejected by you with this reason; nothing is sent.</source>
        <translation>Reject closes %1 as failed, rejected by you with this reason; nothing is sent.</translation>
    </message>
    <message>
        <source>Wait for the request on its way</source>
        <translation>Wait for the request on its way</translation>
    </message>
    <message>
        <source>Send the refund with its stored key</source>
        <translation>Send the refund with its stored key</translation>
    </message>
    <message>
        <source>Close the request as failed, rejected with your reason</source>
        <translation>Close the request as failed, rejected with your reason</translation>
    </message>
    <message>
        <source>Type a reason to reject</source>
        <translation>Type a reason to reject</translation>
    </message>
    <message>
        <source>%1 (a person)</source>
        <translation>%1 (a person)</translation>
    </message>
    <message>
        <source>agent %1</source>
        <translation>agent %1</translation>
    </message>
    <message>
        <source>You started %1: another person with the approve right sends it (you may withdraw it with Reject and a reason).</source>
        <translation>You started %1: another person with the approve right sends it (you may withdraw it with Reject and a reason).</translation>
    </message>
    <message>
        <source>Approve and send refunds %1 of order %2, asked by %3, with the stored key, once; Reject needs a reason.</source>
        <translation>Approve and send refunds %1 of order %2, asked by %3, with the stored key, once; Reject needs a reason.</translation>
    </message>
    <message>
        <source>Nobody approves their own request.</source>
        <translation>Nobody approves their own request.</translation>
    </message>
</context>
<context>
    <name>ops::ui::AgentsDialog</name>
    <message>
        <source>Over a limit, an agent&apos;s refund waits in View → Audit and charts → Agent requests until a supervisor approves or rejects it.</source>
        <translation>Over a limit, an agent&apos;s refund waits in View → Audit and charts → Agent requests until a supervisor approves or rejects it.</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agents</translation>
    </message>
    <message>
        <source>Tokens are never shown here. An agent and its token are created with &lt;tt&gt;opsctl agent add NAME&lt;/tt&gt;, which prints the token once (docs/agents.md).</source>
        <translation>Tokens are never shown here. An agent and its token are created with &lt;tt&gt;opsctl agent add NAME&lt;/tt&gt;, which prints the token once (docs/agents.md).</translation>
    </message>
    <message>
        <source>&amp;Revoke…</source>
        <translation>&amp;Revoke…</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Re&amp;fresh</translation>
    </message>
    <message>
        <source>The agents could not be read: %1</source>
        <translation>The agents could not be read: %1</translation>
    </message>
    <message>
        <source>Revoke agent %1?</source>
        <translation>Revoke agent %1?</translation>
    </message>
    <message>
        <source>Its token is refused from the next request on, and a revoked agent is never restored: to give it access again, add an agent under another name.</source>
        <translation>Its token is refused from the next request on, and a revoked agent is never restored: to give it access again, add an agent under another name.</translation>
    </message>
    <message>
        <source>Revoke %1</source>
        <translation>Revoke %1</translation>
    </message>
    <message>
        <source>Agent %1 is revoked: its token is refused from now on.</source>
        <translation>Agent %1 is revoked: its token is refused from now on.</translation>
    </message>
    <message>
        <source>Agent %1 was not revoked: %2</source>
        <translation>Agent %1 was not revoked: %2</translation>
    </message>
    <message>
        <source>Select an agent to revoke</source>
        <translation>Select an agent to revoke</translation>
    </message>
    <message>
        <source>%1 is already revoked</source>
        <translation>%1 is already revoked</translation>
    </message>
    <message>
        <source>Revoke %1: its token stops working at once; asks first</source>
        <translation>Revoke %1: its token stops working at once; asks first</translation>
    </message>
</context>
<context>
    <name>ops::ui::AmountUnits</name>
    <message>
        <source>write an amount in %1 such as %2</source>
        <translation>write an amount in %1 such as %2</translation>
    </message>
    <message>
        <source>%1 has no decimals</source>
        <translation>%1 has no decimals</translation>
    </message>
    <message>
        <source>%1 has %2 decimals at most</source>
        <translation>%1 has %2 decimals at most</translation>
    </message>
    <message>
        <source>the amount is too large</source>
        <translation>the amount is too large</translation>
    </message>
</context>
<context>
    <name>ops::ui::ApprovalsPanel</name>
    <message>
        <source>Reason (required to reject)</source>
        <translation>Reason (required to reject)</translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation>&amp;Approve</translation>
    </message>
    <message>
        <source>Re&amp;ject</source>
        <translation>Re&amp;ject</translation>
    </message>
    <message>
        <source>Nothing waits for approval.</source>
        <translation>Nothing waits for approval.</translation>
    </message>
    <message>
        <source>Select a request.</source>
        <translation>Select a request.</translation>
    </message>
    <message>
        <source>You asked for #%1: another supervisor must approve it (you may withdraw it with Reject and a reason).</source>
        <translation>You asked for #%1: another supervisor must approve it (you may withdraw it with Reject and a reason).</translation>
    </message>
    <message>
        <source>Approve carries out %1 at once; Reject needs a reason.</source>
        <translation>Approve carries out %1 at once; Reject needs a reason.</translation>
    </message>
    <message>
        <source>Nobody approves their own request.</source>
        <translation>Nobody approves their own request.</translation>
    </message>
    <message>
        <source>Approve and carry out the request</source>
        <translation>Approve and carry out the request</translation>
    </message>
    <message>
        <source>Reject the request</source>
        <translation>Reject the request</translation>
    </message>
    <message>
        <source>Type a reason to reject</source>
        <translation>Type a reason to reject</translation>
    </message>
    <message>
        <source>You are connected as the owner of the tables (%1), whom the database does not check: names are typed, not authenticated, so four-eyes here is a habit, not a control. For enforced approvals each supervisor logs in as themselves (team mode, docs/team.md).</source>
        <translation>You are connected as the owner of the tables (%1), whom the database does not check: names are typed, not authenticated, so four-eyes here is a habit, not a control. For enforced approvals each supervisor logs in as themselves (team mode, docs/team.md).</translation>
    </message>
    <message>
        <source>Single-desk file: names are not authenticated, so anyone at this desk can approve under another name. Four-eyes here is a habit, not a control. For enforced approvals use team mode: PostgreSQL with one login per person (docs/team.md).</source>
        <translation>Single-desk file: names are not authenticated, so anyone at this desk can approve under another name. Four-eyes here is a habit, not a control. For enforced approvals use team mode: PostgreSQL with one login per person (docs/team.md).</translation>
    </message>
    <message>
        <source>Deciding #%1…</source>
        <translation>Deciding #%1…</translation>
    </message>
</context>
<context>
    <name>ops::ui::AssignDialog</name>
    <message>
        <source>Assign %1</source>
        <translation>Assign %1</translation>
    </message>
    <message>
        <source>%1 has no owner.</source>
        <translation>%1 has no owner.</translation>
    </message>
    <message>
        <source>%1 owns %2 since %3.</source>
        <translation>%1 owns %2 since %3.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;Give it to</source>
        <translation>&amp;Give it to</translation>
    </message>
    <message>
        <source>Nobody else is enabled in the operator directory.</source>
        <translation>Nobody else is enabled in the operator directory.</translation>
    </message>
    <message>
        <source>An owner is a name, not a lock: anyone with the rights may still act on the row.</source>
        <translation>An owner is a name, not a lock: anyone with the rights may still act on the row.</translation>
    </message>
    <message>
        <source>&amp;Assign</source>
        <translation>&amp;Assign</translation>
    </message>
</context>
<context>
    <name>ops::ui::AttentionPanel</name>
    <message>
        <source>No row waits for a person: nothing needs Attention.</source>
        <translation>No row waits for a person: nothing needs Attention.</translation>
    </message>
    <message>
        <source>C&amp;lear Attention</source>
        <translation>C&amp;lear Attention</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>What was done (told the customer, opened a new refund, …) — required</source>
        <translation>What was done (told the customer, opened a new refund, …) — required</translation>
    </message>
    <message>
        <source>Select a row to clear its Attention.</source>
        <translation>Select a row to clear its Attention.</translation>
    </message>
    <message>
        <source>Clear Attention on %1 with the note (needs the Close right; written to the audit trail)</source>
        <translation>Clear Attention on %1 with the note (needs the Close right; written to the audit trail)</translation>
    </message>
</context>
<context>
    <name>ops::ui::AuditView</name>
    <message>
        <source>&amp;Verify chain</source>
        <translation>&amp;Verify chain</translation>
    </message>
    <message>
        <source>Recompute every entry&apos;s hash and check that each one follows the previous entry</source>
        <translation>Recompute every entry&apos;s hash and check that each one follows the previous entry</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>Export &amp;CSV…</translation>
    </message>
    <message>
        <source>Write the entries that match the filters to a CSV file</source>
        <translation>Write the entries that match the filters to a CSV file</translation>
    </message>
    <message>
        <source>Could not read the audit trail: %1</source>
        <translation>Could not read the audit trail: %1</translation>
    </message>
    <message>
        <source>Actor starts with… (operator:, agent:)</source>
        <translation>Actor starts with… (operator:, agent:)</translation>
    </message>
    <message>
        <source>Any action</source>
        <translation>Any action</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Attempts</translation>
    </message>
    <message>
        <source>State changes</source>
        <translation>State changes</translation>
    </message>
    <message>
        <source>Manual closes</source>
        <translation>Manual closes</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Evidence</translation>
    </message>
    <message>
        <source>Operation id starts with…</source>
        <translation>Operation id starts with…</translation>
    </message>
    <message>
        <source>Any kind</source>
        <translation>Any kind</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Refund</translation>
    </message>
    <message>
        <source>Credit top-up</source>
        <translation>Credit top-up</translation>
    </message>
    <message>
        <source>Credit charge</source>
        <translation>Credit charge</translation>
    </message>
    <message>
        <source>Credit adjust</source>
        <translation>Credit adjust</translation>
    </message>
    <message>
        <source>Execution</source>
        <translation>Execution</translation>
    </message>
    <message>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <source>to</source>
        <translation>to</translation>
    </message>
    <message numerus="yes">
        <source>%n entries match</source>
        <translation>
            <numerusform>%n entry matches</numerusform>
            <numerusform>%n entries match</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries in the database wait to be chained (oldest %1 s)</source>
        <translation>
            <numerusform>%n entry in the database waits to be chained (oldest %1 s)</numerusform>
            <numerusform>%n entries in the database wait to be chained (oldest %1 s)</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not count the entries: %1</source>
        <translation>Could not count the entries: %1</translation>
    </message>
    <message numerus="yes">
        <source>Chain holds (%n entries)</source>
        <translation>
            <numerusform>Chain holds (%n entry)</numerusform>
            <numerusform>Chain holds (%n entries)</numerusform>
        </translation>
    </message>
    <message>
        <source>First broken entry #%1: %2</source>
        <translation>First broken entry #%1: %2</translation>
    </message>
    <message>
        <source>Export audit entries</source>
        <translation>Export audit entries</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export failed: %1</translation>
    </message>
    <message>
        <source>Exporting audit entries…</source>
        <translation>Exporting audit entries…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n entries to %1</source>
        <translation>
            <numerusform>Exported %n entry to %1</numerusform>
            <numerusform>Exported %n entries to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export cancelled; no file was written</source>
        <translation>Export cancelled; no file was written</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Re&amp;fresh</translation>
    </message>
    <message>
        <source>Read the entries again (new ones appear at the top)</source>
        <translation>Read the entries again (new ones appear at the top)</translation>
    </message>
    <message>
        <source>Select an entry to read its detail.</source>
        <translation>Select an entry to read its detail.</translation>
    </message>
    <message>
        <source>Stop the chain check or the export (a cancelled export writes no file)</source>
        <translation>Stop the chain check or the export (a cancelled export writes no file)</translation>
    </message>
    <message>
        <source>Entry %1 · %2 · %3

</source>
        <translation>Entry %1 · %2 · %3

</translation>
    </message>
    <message>
        <source>Local time (%1); the store compares UTC</source>
        <translation>Local time (%1); the store compares UTC</translation>
    </message>
    <message>
        <source>Times in this window are local time (%1)</source>
        <translation>Times in this window are local time (%1)</translation>
    </message>
    <message>
        <source>%1+ entries match</source>
        <translation>%1+ entries match</translation>
    </message>
    <message>
        <source>Verifying the chain…</source>
        <translation>Verifying the chain…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelling…</translation>
    </message>
    <message>
        <source>Chain check cancelled</source>
        <translation>Chain check cancelled</translation>
    </message>
    <message>
        <source>Closes by a resend&apos;s answer</source>
        <translation>Closes by a resend&apos;s answer</translation>
    </message>
</context>
<context>
    <name>ops::ui::BatchActions</name>
    <message>
        <source>&amp;Import refunds…</source>
        <translation>&amp;Import refunds…</translation>
    </message>
    <message>
        <source>Import refunds: a batch sends refunds and attaches their answers, and %1 may not; ask a supervisor.</source>
        <translation>Import refunds: a batch sends refunds and attaches their answers, and %1 may not; ask a supervisor.</translation>
    </message>
    <message>
        <source>Import refunds: an import is already open.</source>
        <translation>Import refunds: an import is already open.</translation>
    </message>
    <message>
        <source>Check a CSV file of refunds, then run it (Ctrl+Shift+I)</source>
        <translation>Check a CSV file of refunds, then run it (Ctrl+Shift+I)</translation>
    </message>
    <message>
        <source>Import refunds</source>
        <translation>Import refunds</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>CSV files (*.csv *.txt);;All files (*)</translation>
    </message>
    <message>
        <source>Import refunds: no console is attached to check and run it.</source>
        <translation>Import refunds: no console is attached to check and run it.</translation>
    </message>
</context>
<context>
    <name>ops::ui::BatchImportDialog</name>
    <message>
        <source>Import refunds</source>
        <translation>Import refunds</translation>
    </message>
    <message>
        <source>Part of every row&apos;s unit of work: run the same file under the same name again and nothing is refunded twice.</source>
        <translation>Part of every row&apos;s unit of work: run the same file under the same name again and nothing is refunded twice.</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>File:</translation>
    </message>
    <message>
        <source>Batch &amp;name:</source>
        <translation>Batch &amp;name:</translation>
    </message>
    <message>
        <source>%v of %m rows</source>
        <translation>%v of %m rows</translation>
    </message>
    <message>
        <source>Check &amp;again</source>
        <translation>Check &amp;again</translation>
    </message>
    <message>
        <source>Read and check the file again under the name above; nothing is sent</source>
        <translation>Read and check the file again under the name above; nothing is sent</translation>
    </message>
    <message>
        <source>&amp;Save results…</source>
        <translation>&amp;Save results…</translation>
    </message>
    <message>
        <source>Save a CSV: line, ticket, operation, status, reason, provider reference</source>
        <translation>Save a CSV: line, ticket, operation, status, reason, provider reference</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Run</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Close</translation>
    </message>
    <message>
        <source>Reading and checking %1…</source>
        <translation>Reading and checking %1…</translation>
    </message>
    <message numerus="yes">
        <source>Batch “%1”: %n row(s)</source>
        <translation>
            <numerusform>Batch “%1”: %n row</numerusform>
            <numerusform>Batch “%1”: %n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n problem</numerusform>
            <numerusform>%n problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already run</source>
        <translation>
            <numerusform>%n already run</numerusform>
            <numerusform>%n already run</numerusform>
        </translation>
    </message>
    <message>
        <source>total %1</source>
        <translation>total %1</translation>
    </message>
    <message>
        <source>Send each row at the provider&apos;s pace; a second run of this file sends nothing twice (Enter)</source>
        <translation>Send each row at the provider&apos;s pace; a second run of this file sends nothing twice (Enter)</translation>
    </message>
    <message>
        <source>Mend the file&apos;s problems first: a batch runs only when every line reads well.</source>
        <translation>Mend the file&apos;s problems first: a batch runs only when every line reads well.</translation>
    </message>
    <message>
        <source>Could not check the file: %1</source>
        <translation>Could not check the file: %1</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Stop</translation>
    </message>
    <message>
        <source>Stop before the next row; run the file again to go on (Esc)</source>
        <translation>Stop before the next row; run the file again to go on (Esc)</translation>
    </message>
    <message>
        <source>The run stopped: %1</source>
        <translation>The run stopped: %1</translation>
    </message>
    <message>
        <source>Rows not run were left untouched: run the same file under the same name again to go on.</source>
        <translation>Rows not run were left untouched: run the same file under the same name again to go on.</translation>
    </message>
    <message>
        <source>Close the summary (Esc)</source>
        <translation>Close the summary (Esc)</translation>
    </message>
    <message>
        <source>Save the batch&apos;s results</source>
        <translation>Save the batch&apos;s results</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>Results saved to %1.</source>
        <translation>Results saved to %1.</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>Could not save %1: %2</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Stopping…</translation>
    </message>
    <message>
        <source>The name changed: check again under it first (Enter).</source>
        <translation>The name changed: check again under it first (Enter).</translation>
    </message>
</context>
<context>
    <name>ops::ui::BulkActions</name>
    <message>
        <source>Select all with a &amp;proposal</source>
        <translation>Select all with a &amp;proposal</translation>
    </message>
    <message>
        <source>Select every row in Checking the reconciler left a proposal for</source>
        <translation>Select every row in Checking the reconciler left a proposal for</translation>
    </message>
    <message>
        <source>&amp;Apply proposals…</source>
        <translation>&amp;Apply proposals…</translation>
    </message>
    <message>
        <source>Resend selecte&amp;d…</source>
        <translation>Resend selecte&amp;d…</translation>
    </message>
    <message>
        <source>Bulk actions work in the Checking tab (Ctrl+2).</source>
        <translation>Bulk actions work in the Checking tab (Ctrl+2).</translation>
    </message>
    <message>
        <source>Select rows in Checking first (Shift+arrows, or Ctrl+Shift+P).</source>
        <translation>Select rows in Checking first (Shift+arrows, or Ctrl+Shift+P).</translation>
    </message>
    <message>
        <source>A bulk preview is already open.</source>
        <translation>A bulk preview is already open.</translation>
    </message>
    <message>
        <source>Preview the selected rows&apos; proposals, then apply them (Ctrl+Shift+Y)</source>
        <translation>Preview the selected rows&apos; proposals, then apply them (Ctrl+Shift+Y)</translation>
    </message>
    <message>
        <source>Preview, then resend the selected rows with their stored keys (Ctrl+Shift+R)</source>
        <translation>Preview, then resend the selected rows with their stored keys (Ctrl+Shift+R)</translation>
    </message>
    <message>
        <source>Could not read the proposals: %1</source>
        <translation>Could not read the proposals: %1</translation>
    </message>
    <message>
        <source>Nothing was selected; try again (F5 reloads).</source>
        <translation>Nothing was selected; try again (F5 reloads).</translation>
    </message>
    <message>
        <source>No row in Checking has a proposal.</source>
        <translation>No row in Checking has a proposal.</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with a proposal selected; Ctrl+Shift+Y previews applying them.</source>
        <translation>
            <numerusform>%n row with a proposal selected; Ctrl+Shift+Y previews applying it.</numerusform>
            <numerusform>%n rows with a proposal selected; Ctrl+Shift+Y previews applying them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with a proposal selected; Ctrl+Shift+R previews resending them. Applying proposals needs a supervisor.</source>
        <translation>
            <numerusform>%n row with a proposal selected; Ctrl+Shift+R previews resending it. Applying proposals needs a supervisor.</numerusform>
            <numerusform>%n rows with a proposal selected; Ctrl+Shift+R previews resending them. Applying proposals needs a supervisor.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with a proposal selected; applying them needs a supervisor.</source>
        <translation>
            <numerusform>%n row with a proposal selected; applying it needs a supervisor.</numerusform>
            <numerusform>%n rows with a proposal selected; applying them needs a supervisor.</numerusform>
        </translation>
    </message>
    <message>
        <source>no console is attached to read it.</source>
        <translation>no console is attached to read it.</translation>
    </message>
</context>
<context>
    <name>ops::ui::BulkApplyDialog</name>
    <message>
        <source>Apply proposals</source>
        <translation>Apply proposals</translation>
    </message>
    <message>
        <source>Resend selected</source>
        <translation>Resend selected</translation>
    </message>
    <message>
        <source>%v of %m rows</source>
        <translation>%v of %m rows</translation>
    </message>
    <message>
        <source>&amp;Confirm</source>
        <translation>&amp;Confirm</translation>
    </message>
    <message>
        <source>&amp;Resend</source>
        <translation>&amp;Resend</translation>
    </message>
    <message>
        <source>Run every row the preview does not exclude (Enter)</source>
        <translation>Run every row the preview does not exclude (Enter)</translation>
    </message>
    <message>
        <source>Every selected row is excluded; nothing to run.</source>
        <translation>Every selected row is excluded; nothing to run.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Close without changing anything (Esc)</source>
        <translation>Close without changing anything (Esc)</translation>
    </message>
    <message numerus="yes">
        <source>%n excluded</source>
        <translation>
            <numerusform>%n excluded</numerusform>
            <numerusform>%n excluded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected: </source>
        <translation>
            <numerusform>%n selected: </numerusform>
            <numerusform>%n selected: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n will be resent with the stored key and bytes, one attempt each; </source>
        <translation>
            <numerusform>%n will be resent with the stored key and bytes, one attempt each; </numerusform>
            <numerusform>%n will be resent with the stored key and bytes, one attempt each; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n will be closed as proposed</source>
        <translation>
            <numerusform>%n will be closed as proposed</numerusform>
            <numerusform>%n will be closed as proposed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n will ask a second person for approval</source>
        <translation>
            <numerusform>%n will ask a second person for approval</numerusform>
            <numerusform>%n will ask a second person for approval</numerusform>
        </translation>
    </message>
    <message>
        <source>Each row runs in its own transaction; the store checks each row again.</source>
        <translation>Each row runs in its own transaction; the store checks each row again.</translation>
    </message>
    <message>
        <source>sent for approval %1</source>
        <translation>sent for approval %1</translation>
    </message>
    <message>
        <source>excluded %1</source>
        <translation>excluded %1</translation>
    </message>
    <message>
        <source>excluded %1 (%2)</source>
        <translation>excluded %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %n row(s) left untouched.</source>
        <translation>
            <numerusform>Cancelled: %n row left untouched.</numerusform>
            <numerusform>Cancelled: %n rows left untouched.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Cancel run</translation>
    </message>
    <message>
        <source>Stop after the row in hand; later rows stay untouched (Esc)</source>
        <translation>Stop after the row in hand; later rows stay untouched (Esc)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Close</translation>
    </message>
    <message>
        <source>Close the summary (Esc)</source>
        <translation>Close the summary (Esc)</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelling…</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n row(s)…</source>
        <translation>
            <numerusform>Reading %n row…</numerusform>
            <numerusform>Reading %n rows…</numerusform>
        </translation>
    </message>
    <message>
        <source>The preview is being read.</source>
        <translation>The preview is being read.</translation>
    </message>
    <message>
        <source>Could not read the preview: %1</source>
        <translation>Could not read the preview: %1</translation>
    </message>
    <message>
        <source>Nothing was changed; close and try again.</source>
        <translation>Nothing was changed; close and try again.</translation>
    </message>
    <message>
        <source>Succeeded %1</source>
        <translation>Succeeded %1</translation>
    </message>
    <message>
        <source>closed as failed %1</source>
        <translation>closed as failed %1</translation>
    </message>
    <message>
        <source>still unknown %1</source>
        <translation>still unknown %1</translation>
    </message>
    <message>
        <source>errors %1</source>
        <translation>errors %1</translation>
    </message>
    <message numerus="yes">
        <source>%n will be resent with the stored key, one attempt each</source>
        <translation>
            <numerusform>%n will be resent with the stored key, one attempt each</numerusform>
            <numerusform>%n will be resent with the stored key, one attempt each</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Result: %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::ChartsView</name>
    <message>
        <source>under 1 h</source>
        <translation>under 1 h</translation>
    </message>
    <message>
        <source>1–4 h</source>
        <translation>1–4 h</translation>
    </message>
    <message>
        <source>4–12 h</source>
        <translation>4–12 h</translation>
    </message>
    <message>
        <source>12–24 h</source>
        <translation>12–24 h</translation>
    </message>
    <message>
        <source>1–3 days</source>
        <translation>1–3 days</translation>
    </message>
    <message>
        <source>Last 14 days</source>
        <translation>Last 14 days</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Last 30 days</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>Last 90 days</translation>
    </message>
    <message>
        <source>Unknown outcomes over:</source>
        <translation>Unknown outcomes over:</translation>
    </message>
    <message>
        <source>Could not read the figures: %1</source>
        <translation>Could not read the figures: %1</translation>
    </message>
    <message>
        <source>Operations that became unknown, per day (UTC)</source>
        <translation>Operations that became unknown, per day (UTC)</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unknown</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operations</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>attempts</translation>
    </message>
    <message>
        <source>Time from unknown to closed</source>
        <translation>Time from unknown to closed</translation>
    </message>
    <message>
        <source>3+ days</source>
        <translation>3+ days</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Reload</translation>
    </message>
    <message>
        <source>Attempts per operation: automation and operators, counted apart</source>
        <translation>Attempts per operation: automation and operators, counted apart</translation>
    </message>
    <message>
        <source>Automatic (the engine)</source>
        <translation>Automatic (the engine)</translation>
    </message>
    <message>
        <source>By operators (resends)</source>
        <translation>By operators (resends)</translation>
    </message>
</context>
<context>
    <name>ops::ui::CloseDialog</name>
    <message>
        <source>Close %1</source>
        <translation>Close %1</translation>
    </message>
    <message>
        <source>Close &lt;b&gt;%1&lt;/b&gt; (%2, %3) by hand. Every close records who, when, why and which evidence.</source>
        <translation>Close &lt;b&gt;%1&lt;/b&gt; (%2, %3) by hand. Every close records who, when, why and which evidence.</translation>
    </message>
    <message>
        <source>&amp;Succeeded — the provider moved the money</source>
        <translation>&amp;Succeeded — the provider moved the money</translation>
    </message>
    <message>
        <source>&amp;Failed — no money moved</source>
        <translation>&amp;Failed — no money moved</translation>
    </message>
    <message>
        <source>re_… as the provider shows it</source>
        <translation>re_… as the provider shows it</translation>
    </message>
    <message>
        <source>Why: what you checked and what it showed</source>
        <translation>Why: what you checked and what it showed</translation>
    </message>
    <message>
        <source>Provider &amp;reference</source>
        <translation>Provider &amp;reference</translation>
    </message>
    <message>
        <source>R&amp;eason</source>
        <translation>R&amp;eason</translation>
    </message>
    <message>
        <source>E&amp;vidence (tick at least one)</source>
        <translation>E&amp;vidence (tick at least one)</translation>
    </message>
    <message>
        <source>&amp;Close operation</source>
        <translation>&amp;Close operation</translation>
    </message>
    <message>
        <source>Not closed: </source>
        <translation>Not closed: </translation>
    </message>
    <message>
        <source>&amp;Attach evidence…</source>
        <translation>&amp;Attach evidence…</translation>
    </message>
    <message>
        <source>the reason: what you checked and what it showed</source>
        <translation>the reason: what you checked and what it showed</translation>
    </message>
    <message>
        <source>evidence that the provider moved the money; this operation has no evidence yet (look it up at the provider, or Attach evidence…)</source>
        <translation>evidence that the provider moved the money; this operation has no evidence yet (look it up at the provider, or Attach evidence…)</translation>
    </message>
    <message>
        <source>evidence that no money moved; this operation has no evidence yet (look it up at the provider, or Attach evidence…)</source>
        <translation>evidence that no money moved; this operation has no evidence yet (look it up at the provider, or Attach evidence…)</translation>
    </message>
    <message>
        <source>a tick on the evidence that supports this close</source>
        <translation>a tick on the evidence that supports this close</translation>
    </message>
    <message>
        <source>the provider&apos;s reference (re_…)</source>
        <translation>the provider&apos;s reference (re_…)</translation>
    </message>
    <message>
        <source>Still needed before this close:</source>
        <translation>Still needed before this close:</translation>
    </message>
    <message>
        <source>it still needs %1.</source>
        <translation>it still needs %1.</translation>
    </message>
    <message>
        <source>Closing this %1 of %2 needs a supervisor&apos;s approval: it is above the %3 threshold. Confirming asks for that approval; the operation stays as it is until a second person approves.</source>
        <translation>Closing this %1 of %2 needs a supervisor&apos;s approval: it is above the %3 threshold. Confirming asks for that approval; the operation stays as it is until a second person approves.</translation>
    </message>
    <message>
        <source>Ask for a&amp;pproval</source>
        <translation>Ask for a&amp;pproval</translation>
    </message>
</context>
<context>
    <name>ops::ui::ComposeDialog</name>
    <message>
        <source>The operation is &lt;b&gt;%1&lt;/b&gt;: the message may say so.</source>
        <translation>The operation is &lt;b&gt;%1&lt;/b&gt;: the message may say so.</translation>
    </message>
    <message>
        <source>The operation is &lt;b&gt;%1&lt;/b&gt;: the customer may only hear that we are checking. Claims that the money moved, or did not, are refused.</source>
        <translation>The operation is &lt;b&gt;%1&lt;/b&gt;: the customer may only hear that we are checking. Claims that the money moved, or did not, are refused.</translation>
    </message>
    <message>
        <source>Message the customer about %1</source>
        <translation>Message the customer about %1</translation>
    </message>
    <message>
        <source>&amp;Template</source>
        <translation>&amp;Template</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Preview</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Send</translation>
    </message>
    <message>
        <source>Copy to &amp;clipboard</source>
        <translation>Copy to &amp;clipboard</translation>
    </message>
    <message>
        <source>Write to the customer…</source>
        <translation>Write to the customer…</translation>
    </message>
    <message>
        <source>The message is empty.</source>
        <translation>The message is empty.</translation>
    </message>
    <message>
        <source>Deliver it through the helpdesk</source>
        <translation>Deliver it through the helpdesk</translation>
    </message>
    <message>
        <source>The provider accepted this refund but still reports it &lt;b&gt;pending&lt;/b&gt;: say it is issued and on its way, not that it is completed or has arrived.</source>
        <translation>The provider accepted this refund but still reports it &lt;b&gt;pending&lt;/b&gt;: say it is issued and on its way, not that it is completed or has arrived.</translation>
    </message>
    <message>
        <source>from the helpdesk ticket; remembered for this order</source>
        <translation>from the helpdesk ticket; remembered for this order</translation>
    </message>
    <message>
        <source>The conversation id of the customer&apos;s helpdesk ticket (Send needs it; Copy does not). The console remembers it for this order.</source>
        <translation>The conversation id of the customer&apos;s helpdesk ticket (Send needs it; Copy does not). The console remembers it for this order.</translation>
    </message>
    <message>
        <source>Helpdesk c&amp;onversation</source>
        <translation>Helpdesk c&amp;onversation</translation>
    </message>
    <message>
        <source>Send needs the helpdesk conversation id; Copy does not</source>
        <translation>Send needs the helpdesk conversation id; Copy does not</translation>
    </message>
</context>
<context>
    <name>ops::ui::ConnectionsDialog</name>
    <message>
        <source>Connections</source>
        <translation>Connections</translation>
    </message>
    <message>
        <source>Secrets are saved to files only you can read (0600) in your configuration folder, never in the settings or the database. An empty secret field keeps the saved secret.</source>
        <translation>Secrets are saved to files only you can read (0600) in your configuration folder, never in the settings or the database. An empty secret field keeps the saved secret.</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Save</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>Base &amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Project:</source>
        <translation>&amp;Project:</translation>
    </message>
    <message>
        <source>Check connection</source>
        <translation>Check connection</translation>
    </message>
    <message>
        <source>Secret:</source>
        <translation>Secret:</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Checking…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Not saved. %1</source>
        <translation>Not saved. %1</translation>
    </message>
    <message>
        <source>Check before saving: %1 Press Save anyway to save it like this.</source>
        <translation>Check before saving: %1 Press Save anyway to save it like this.</translation>
    </message>
    <message>
        <source>Save &amp;anyway</source>
        <translation>Save &amp;anyway</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Not saved: %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::ConsoleWrites</name>
    <message>
        <source>this console cannot write: it was opened without its controller</source>
        <translation>this console cannot write: it was opened without its controller</translation>
    </message>
</context>
<context>
    <name>ops::ui::DecisionsPresenter</name>
    <message>
        <source>not in the operator directory — view only</source>
        <translation>not in the operator directory — view only</translation>
    </message>
    <message>
        <source>disabled — view only</source>
        <translation>disabled — view only</translation>
    </message>
    <message>
        <source>checked by the database</source>
        <translation>checked by the database</translation>
    </message>
    <message>
        <source>PostgreSQL authenticated the login %1; the database refuses any change made in another name or beyond the login&apos;s group.</source>
        <translation>PostgreSQL authenticated the login %1; the database refuses any change made in another name or beyond the login&apos;s group.</translation>
    </message>
    <message>
        <source>name not authenticated (owner of the tables)</source>
        <translation>name not authenticated (owner of the tables)</translation>
    </message>
    <message>
        <source>You are connected as %1, the owner of the tables, whom the database does not check: names are typed, not proven. Log in as yourself for checked names and enforced approvals (docs/team.md).</source>
        <translation>You are connected as %1, the owner of the tables, whom the database does not check: names are typed, not proven. Log in as yourself for checked names and enforced approvals (docs/team.md).</translation>
    </message>
    <message>
        <source>name not authenticated (single-desk file)</source>
        <translation>name not authenticated (single-desk file)</translation>
    </message>
    <message>
        <source>On a SQLite file anyone at this desk can type any name: the audit trail records the name typed, and four-eyes is a habit, not a control. Team mode (PostgreSQL, one login per person) proves who acted (docs/team.md).</source>
        <translation>On a SQLite file anyone at this desk can type any name: the audit trail records the name typed, and four-eyes is a habit, not a control. Team mode (PostgreSQL, one login per person) proves who acted (docs/team.md).</translation>
    </message>
    <message>
        <source>replication unknown</source>
        <translation>replication unknown</translation>
    </message>
    <message>
        <source>How this database keeps a commit through a failover (opsctl db check, docs/team.md).</source>
        <translation>How this database keeps a commit through a failover (opsctl db check, docs/team.md).</translation>
    </message>
    <message>
        <source>Four-eyes needs a second approver</source>
        <translation>Four-eyes needs a second approver</translation>
    </message>
    <message>
        <source>A four-eyes threshold is set (%1), but only %2 may approve: a close or resend above it waits until a second person with the approve right exists. Add a second supervisor (docs/team.md).</source>
        <translation>A four-eyes threshold is set (%1), but only %2 may approve: a close or resend above it waits until a second person with the approve right exists. Add a second supervisor (docs/team.md).</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>nobody</translation>
    </message>
    <message>
        <source>Logged in as %1 (%2)</source>
        <translation>Logged in as %1 (%2)</translation>
    </message>
    <message>
        <source>Operator: %1 (%2)</source>
        <translation>Operator: %1 (%2)</translation>
    </message>
    <message>
        <source>Rights: %1</source>
        <translation>Rights: %1</translation>
    </message>
    <message>
        <source>Approvals (%1)</source>
        <translation>Approvals (%1)</translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation>Approvals</translation>
    </message>
    <message>
        <source>Approval #%1 was not decided: %2</source>
        <translation>Approval #%1 was not decided: %2</translation>
    </message>
    <message>
        <source>Nothing changed; reload (F5) to see the request as it is now.</source>
        <translation>Nothing changed; reload (F5) to see the request as it is now.</translation>
    </message>
    <message>
        <source>Approval #%1 %2 (%3 of %4)</source>
        <translation>Approval #%1 %2 (%3 of %4)</translation>
    </message>
    <message>
        <source>Approval #%1 is approved, and %2 was not resent: another job is running.</source>
        <translation>Approval #%1 is approved, and %2 was not resent: another job is running.</translation>
    </message>
    <message>
        <source>Resend %1 once the job ends; the approval waits for you or %2.</source>
        <translation>Resend %1 once the job ends; the approval waits for you or %2.</translation>
    </message>
</context>
<context>
    <name>ops::ui::DetailPane</name>
    <message>
        <source>&amp;Request</source>
        <translation>&amp;Request</translation>
    </message>
    <message>
        <source>A&amp;udit</source>
        <translation>A&amp;udit</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>Copy key</translation>
    </message>
    <message>
        <source>Copy the idempotency key (Ctrl+Shift+C)</source>
        <translation>Copy the idempotency key (Ctrl+Shift+C)</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Select an evidence item to read it.</source>
        <translation>Select an evidence item to read it.</translation>
    </message>
    <message>
        <source>SHA-256 %1

</source>
        <translation>SHA-256 %1

</translation>
    </message>
    <message>
        <source>No operation selected</source>
        <translation>No operation selected</translation>
    </message>
    <message>
        <source> at </source>
        <translation> at </translation>
    </message>
    <message>
        <source>order </source>
        <translation>order </translation>
    </message>
    <message>
        <source>charge </source>
        <translation>charge </translation>
    </message>
    <message>
        <source>customer </source>
        <translation>customer </translation>
    </message>
    <message>
        <source>provider ref </source>
        <translation>provider ref </translation>
    </message>
    <message>
        <source>provider status </source>
        <translation>provider status </translation>
    </message>
    <message>
        <source>unknown because: </source>
        <translation>unknown because: </translation>
    </message>
    <message>
        <source>closed by %1: %2</source>
        <translation>closed by %1: %2</translation>
    </message>
    <message>
        <source>%1 %2
Content-Type: %3
Idempotency-Key: %4

</source>
        <translation>%1 %2
Content-Type: %3
Idempotency-Key: %4

</translation>
    </message>
    <message>
        <source>first attempt %1 · last attempt %2</source>
        <translation>first attempt %1 · last attempt %2</translation>
    </message>
    <message>
        <source> · closed %1</source>
        <translation> · closed %1</translation>
    </message>
    <message>
        <source> · retention window starts with the first attempt</source>
        <translation> · retention window starts with the first attempt</translation>
    </message>
    <message>
        <source> · &lt;b style=&apos;color:#c62828&apos;&gt;retention window closed&lt;/b&gt; at %1</source>
        <translation> · &lt;b style=&apos;color:#c62828&apos;&gt;retention window closed&lt;/b&gt; at %1</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#c62828&apos;&gt;%1 left&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#c62828&apos;&gt;%1 left&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 left&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 left&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · window </source>
        <translation> · window </translation>
    </message>
    <message>
        <source> (until %1)</source>
        <translation> (until %1)</translation>
    </message>
    <message>
        <source>&amp;Messages</source>
        <translation>&amp;Messages</translation>
    </message>
    <message>
        <source>&amp;Messages (%1)</source>
        <translation>&amp;Messages (%1)</translation>
    </message>
    <message>
        <source>the provider accepted it and still reports it pending: the money is on its way, not arrived</source>
        <translation>the provider accepted it and still reports it pending: the money is on its way, not arrived</translation>
    </message>
    <message>
        <source>Attem&amp;pts</source>
        <translation>Attem&amp;pts</translation>
    </message>
    <message>
        <source>&amp;Evidence</source>
        <translation>&amp;Evidence</translation>
    </message>
    <message>
        <source>attempts %1</source>
        <translation>attempts %1</translation>
    </message>
    <message>
        <source> (until %1; it ends %2 before the provider forgets the key)</source>
        <translation> (until %1; it ends %2 before the provider forgets the key)</translation>
    </message>
    <message>
        <source>Eve&amp;nts</source>
        <translation>Eve&amp;nts</translation>
    </message>
    <message>
        <source>Eve&amp;nts (%1)</source>
        <translation>Eve&amp;nts (%1)</translation>
    </message>
    <message>
        <source>Replaces %1</source>
        <translation>Replaces %1</translation>
    </message>
    <message>
        <source>Replaced by %1</source>
        <translation>Replaced by %1</translation>
    </message>
    <message>
        <source>the provider received it and will confirm it by notification: it is being processed, not done</source>
        <translation>the provider received it and will confirm it by notification: it is being processed, not done</translation>
    </message>
    <message>
        <source>ticket </source>
        <translation>ticket </translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>No notes yet. A note tells the team what was done or agreed; it is never evidence.</source>
        <translation>No notes yet. A note tells the team what was done or agreed; it is never evidence.</translation>
    </message>
    <message>
        <source>Notes (%1)</source>
        <translation>Notes (%1)</translation>
    </message>
    <message>
        <source>owned by %1 since %2</source>
        <translation>owned by %1 since %2</translation>
    </message>
    <message>
        <source>no owner</source>
        <translation>no owner</translation>
    </message>
</context>
<context>
    <name>ops::ui::DetailPresenter</name>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Could not read %1: %2</translation>
    </message>
    <message>
        <source>Try again in a moment (F5).</source>
        <translation>Try again in a moment (F5).</translation>
    </message>
</context>
<context>
    <name>ops::ui::EventsPanel</name>
    <message>
        <source>Select an event to read its JSON.</source>
        <translation>Select an event to read its JSON.</translation>
    </message>
    <message>
        <source>No provider event names this operation yet.</source>
        <translation>No provider event names this operation yet.</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
</context>
<context>
    <name>ops::ui::EventsPresenter</name>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>%1 may not clear Attention; ask a supervisor.</source>
        <translation>%1 may not clear Attention; ask a supervisor.</translation>
    </message>
    <message>
        <source>Attention (%1)</source>
        <translation>Attention (%1)</translation>
    </message>
    <message>
        <source>%1 no longer needs Attention.</source>
        <translation>%1 no longer needs Attention.</translation>
    </message>
    <message>
        <source>Attention on %1 was not cleared: %2</source>
        <translation>Attention on %1 was not cleared: %2</translation>
    </message>
    <message>
        <source>Nothing changed; try again in a moment (F5).</source>
        <translation>Nothing changed; try again in a moment (F5).</translation>
    </message>
    <message>
        <source>Attention on %1 cleared; the note is in its audit trail.</source>
        <translation>Attention on %1 cleared; the note is in its audit trail.</translation>
    </message>
    <message>
        <source>Attention on %1 cleared</source>
        <translation>Attention on %1 cleared</translation>
    </message>
</context>
<context>
    <name>ops::ui::EvidenceDialog</name>
    <message>
        <source>Attach evidence to %1</source>
        <translation>Attach evidence to %1</translation>
    </message>
    <message>
        <source>Provider object (JSON)</source>
        <translation>Provider object (JSON)</translation>
    </message>
    <message>
        <source>Provider event / webhook (JSON)</source>
        <translation>Provider event / webhook (JSON)</translation>
    </message>
    <message>
        <source>Provider support answer</source>
        <translation>Provider support answer</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <source>e.g. Refund re_123 from the Stripe dashboard</source>
        <translation>e.g. Refund re_123 from the Stripe dashboard</translation>
    </message>
    <message>
        <source>Choose &amp;file…</source>
        <translation>Choose &amp;file…</translation>
    </message>
    <message>
        <source>&amp;Kind</source>
        <translation>&amp;Kind</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>&amp;Title</translation>
    </message>
    <message>
        <source>&amp;Content</source>
        <translation>&amp;Content</translation>
    </message>
    <message>
        <source>&amp;Attach</source>
        <translation>&amp;Attach</translation>
    </message>
    <message>
        <source>Paste the JSON exactly as the provider returned it</source>
        <translation>Paste the JSON exactly as the provider returned it</translation>
    </message>
    <message>
        <source>What the provider or the customer said, with dates</source>
        <translation>What the provider or the customer said, with dates</translation>
    </message>
    <message>
        <source>Attach a file</source>
        <translation>Attach a file</translation>
    </message>
    <message>
        <source>%1 is %2 MB; files up to %3 MB can be attached.</source>
        <translation>%1 is %2 MB; files up to %3 MB can be attached.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Cannot read %1: %2</translation>
    </message>
    <message>
        <source>%1 · %2 bytes · %3
SHA-256 %4</source>
        <translation>%1 · %2 bytes · %3
SHA-256 %4</translation>
    </message>
    <message>
        <source>Give the evidence a title.</source>
        <translation>Give the evidence a title.</translation>
    </message>
    <message>
        <source>Choose a non-empty file.</source>
        <translation>Choose a non-empty file.</translation>
    </message>
    <message>
        <source>The content is empty.</source>
        <translation>The content is empty.</translation>
    </message>
    <message>
        <source>Not valid JSON: %1 at character %2.</source>
        <translation>Not valid JSON: %1 at character %2.</translation>
    </message>
    <message>
        <source>Expected a JSON object ({…}) as the provider returns it.</source>
        <translation>Expected a JSON object ({…}) as the provider returns it.</translation>
    </message>
</context>
<context>
    <name>ops::ui::FirstRunDialog</name>
    <message>
        <source>A new database</source>
        <translation>A new database</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; has no operations and no operators yet.&lt;/p&gt;&lt;p&gt;Become its first &lt;b&gt;supervisor&lt;/b&gt; as &lt;b&gt;%2&lt;/b&gt;? A supervisor may do everything, including adding the other operators (&lt;tt&gt;opsctl operator add&lt;/tt&gt;). The first operator of a database is always a supervisor; after that only a supervisor adds people.&lt;/p&gt;&lt;p&gt;Not now: the console opens with view rights only.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; has no operations and no operators yet.&lt;/p&gt;&lt;p&gt;Become its first &lt;b&gt;supervisor&lt;/b&gt; as &lt;b&gt;%2&lt;/b&gt;? A supervisor may do everything, including adding the other operators (&lt;tt&gt;opsctl operator add&lt;/tt&gt;). The first operator of a database is always a supervisor; after that only a supervisor adds people.&lt;/p&gt;&lt;p&gt;Not now: the console opens with view rights only.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Become supervisor</source>
        <translation>&amp;Become supervisor</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Not now</translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>Not added: %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::LookupDialog</name>
    <message>
        <source>Provider look-up: %1</source>
        <translation>Provider look-up: %1</translation>
    </message>
    <message>
        <source>&amp;Attach as evidence</source>
        <translation>&amp;Attach as evidence</translation>
    </message>
    <message>
        <source>Attach and close as &amp;succeeded…</source>
        <translation>Attach and close as &amp;succeeded…</translation>
    </message>
    <message>
        <source>Attach and close as &amp;failed…</source>
        <translation>Attach and close as &amp;failed…</translation>
    </message>
    <message>
        <source>&amp;Resend…</source>
        <translation>&amp;Resend…</translation>
    </message>
    <message>
        <source>Send the stored request once more with the stored key: the provider replays it if it happened, or makes it once.</source>
        <translation>Send the stored request once more with the stored key: the provider replays it if it happened, or makes it once.</translation>
    </message>
    <message>
        <source>
The retention window has closed: nothing can be resent for this operation. Close it with evidence, then tell the customer.</source>
        <translation>
The retention window has closed: nothing can be resent for this operation. Close it with evidence, then tell the customer.</translation>
    </message>
    <message>
        <source>Not resent: %1</source>
        <translation>Not resent: %1</translation>
    </message>
    <message>
        <source>Attached as evidence %1 of this operation.</source>
        <translation>Attached as evidence %1 of this operation.</translation>
    </message>
    <message>
        <source>Attach evidence and as&amp;k a supervisor</source>
        <translation>Attach evidence and as&amp;k a supervisor</translation>
    </message>
    <message>
        <source>Attach the answer and file its proposed close as a request: a supervisor approves it (the close is carried out) or rejects it in their Approvals tab.</source>
        <translation>Attach the answer and file its proposed close as a request: a supervisor approves it (the close is carried out) or rejects it in their Approvals tab.</translation>
    </message>
    <message>
        <source>
Only a supervisor closes operations: &quot;Attach evidence and ask a supervisor&quot; files this close for one to approve or reject.</source>
        <translation>
Only a supervisor closes operations: &quot;Attach evidence and ask a supervisor&quot; files this close for one to approve or reject.</translation>
    </message>
    <message>
        <source>Asked a supervisor: approval #%1 waits in their Approvals tab. The evidence is attached.</source>
        <translation>Asked a supervisor: approval #%1 waits in their Approvals tab. The evidence is attached.</translation>
    </message>
    <message>
        <source>Not asked: %1. The answer is attached as evidence.</source>
        <translation>Not asked: %1. The answer is attached as evidence.</translation>
    </message>
    <message>
        <source>Attaching the answer as evidence…</source>
        <translation>Attaching the answer as evidence…</translation>
    </message>
</context>
<context>
    <name>ops::ui::MainWindow</name>
    <message>
        <source>Operations console — %1</source>
        <translation>Operations console — %1</translation>
    </message>
    <message>
        <source>Cancel (Esc)</source>
        <translation>Cancel (Esc)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;What to do next: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;What to do next: %2</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Search</translation>
    </message>
    <message>
        <source>Search operations</source>
        <translation>Search operations</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Re&amp;fresh</translation>
    </message>
    <message>
        <source>Read the lists again</source>
        <translation>Read the lists again</translation>
    </message>
    <message>
        <source>&amp;Operations</source>
        <translation>&amp;Operations</translation>
    </message>
    <message>
        <source>&amp;Checking queue</source>
        <translation>&amp;Checking queue</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Actions</translation>
    </message>
    <message>
        <source>&amp;Operation</source>
        <translation>&amp;Operation</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>Database unreachable — retrying (%1)</source>
        <translation>Database unreachable — retrying (%1)</translation>
    </message>
    <message>
        <source>Database reachable again</source>
        <translation>Database reachable again</translation>
    </message>
    <message>
        <source>resend</source>
        <translation>resend</translation>
    </message>
    <message>
        <source>&amp;Attention queue</source>
        <translation>&amp;Attention queue</translation>
    </message>
    <message>
        <source>Press / to search, Enter to open the detail.</source>
        <translation>Press / to search, Enter to open the detail.</translation>
    </message>
    <message>
        <source>Appro&amp;vals</source>
        <translation>Appro&amp;vals</translation>
    </message>
    <message>
        <source>attach</source>
        <translation>attach</translation>
    </message>
    <message>
        <source>close</source>
        <translation>close</translation>
    </message>
    <message>
        <source>message</source>
        <translation>message</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>audit</translation>
    </message>
    <message>
        <source>approve</source>
        <translation>approve</translation>
    </message>
    <message>
        <source>%1 needs the %2 right; you are %3.</source>
        <translation>%1 needs the %2 right; you are %3.</translation>
    </message>
    <message>
        <source> Look the row up (Ctrl+L) and ask a supervisor from there.</source>
        <translation> Look the row up (Ctrl+L) and ask a supervisor from there.</translation>
    </message>
    <message>
        <source> Ask a supervisor.</source>
        <translation> Ask a supervisor.</translation>
    </message>
    <message>
        <source>%1: select an operation first.</source>
        <translation>%1: select an operation first.</translation>
    </message>
    <message>
        <source>%1: %2 is already closed (%3).</source>
        <translation>%1: %2 is already closed (%3).</translation>
    </message>
    <message>
        <source>%1: another action is running; wait for it or press Esc.</source>
        <translation>%1: another action is running; wait for it or press Esc.</translation>
    </message>
    <message>
        <source>%1 is not available now.</source>
        <translation>%1 is not available now.</translation>
    </message>
    <message>
        <source>%1 is not in the list shown; clear the search.</source>
        <translation>%1 is not in the list shown; clear the search.</translation>
    </message>
    <message>
        <source>&amp;Mine</source>
        <translation>&amp;Mine</translation>
    </message>
</context>
<context>
    <name>ops::ui::ModeBanner</name>
    <message>
        <source>TEST</source>
        <translation>TEST</translation>
    </message>
    <message>
        <source>SIMULATOR</source>
        <translation>SIMULATOR</translation>
    </message>
    <message>
        <source>LIVE</source>
        <translation>LIVE</translation>
    </message>
    <message>
        <source>NOT CONNECTED</source>
        <translation>NOT CONNECTED</translation>
    </message>
    <message>
        <source>Live mode</source>
        <translation>Live mode</translation>
    </message>
    <message>
        <source>Mode: %1</source>
        <translation>Mode: %1</translation>
    </message>
    <message>
        <source>LIVE — real money moves. %1</source>
        <translation>LIVE — real money moves. %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::NavigationActions</name>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>Close the console</source>
        <translation>Close the console</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Next tab</source>
        <translation>&amp;Next tab</translation>
    </message>
    <message>
        <source>&amp;Previous tab</source>
        <translation>&amp;Previous tab</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>&amp;Keyboard shortcuts…</translation>
    </message>
    <message>
        <source>Close the audit window</source>
        <translation>Close the audit window</translation>
    </message>
</context>
<context>
    <name>ops::ui::NewRefundDialog</name>
    <message>
        <source>New refund for order %1</source>
        <translation>New refund for order %1</translation>
    </message>
    <message>
        <source>This refund replaces %1, which is closed as failed: no money moved for it. It is a new operation with a new idempotency key; the two rows name each other.</source>
        <translation>This refund replaces %1, which is closed as failed: no money moved for it. It is a new operation with a new idempotency key; the two rows name each other.</translation>
    </message>
    <message>
        <source>Before anything is stored, the provider&apos;s refundable balance of the charge is checked: a refund above what is left is refused, and nothing is stored or sent.</source>
        <translation>Before anything is stored, the provider&apos;s refundable balance of the charge is checked: a refund above what is left is refused, and nothing is stored or sent.</translation>
    </message>
    <message>
        <source>&amp;Start the refund</source>
        <translation>&amp;Start the refund</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Order:</translation>
    </message>
    <message>
        <source>Charge:</source>
        <translation>Charge:</translation>
    </message>
    <message>
        <source>Payment intent:</source>
        <translation>Payment intent:</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>&amp;Amount:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>&amp;Reference:</source>
        <translation>&amp;Reference:</translation>
    </message>
    <message>
        <source>none given</source>
        <translation>none given</translation>
    </message>
    <message>
        <source>requested by the customer</source>
        <translation>requested by the customer</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>duplicate</translation>
    </message>
    <message>
        <source>fraudulent</source>
        <translation>fraudulent</translation>
    </message>
    <message>
        <source>R&amp;eason:</source>
        <translation>R&amp;eason:</translation>
    </message>
    <message>
        <source>Amount: %1.</source>
        <translation>Amount: %1.</translation>
    </message>
    <message>
        <source>Amount: a refund is above zero.</source>
        <translation>Amount: a refund is above zero.</translation>
    </message>
    <message>
        <source>Amount: one refund is at most %1.</source>
        <translation>Amount: one refund is at most %1.</translation>
    </message>
    <message>
        <source>Above the four-eyes threshold of %1: the refund waits until another person with the approve right sends it.</source>
        <translation>Above the four-eyes threshold of %1: the refund waits until another person with the approve right sends it.</translation>
    </message>
    <message>
        <source>&amp;Start and ask for approval</source>
        <translation>&amp;Start and ask for approval</translation>
    </message>
    <message>
        <source>Adyen cannot be asked for the payment&apos;s balance: the refund is bounded by the payment&apos;s stored notifications and this product&apos;s refunds of it, and Adyen&apos;s notification refuses a refund above what is left.</source>
        <translation>Adyen cannot be asked for the payment&apos;s balance: the refund is bounded by the payment&apos;s stored notifications and this product&apos;s refunds of it, and Adyen&apos;s notification refuses a refund above what is left.</translation>
    </message>
    <message>
        <source>Adyen payment:</source>
        <translation>Adyen payment:</translation>
    </message>
</context>
<context>
    <name>ops::ui::NextStepDialog</name>
    <message>
        <source>Next step for %1</source>
        <translation>Next step for %1</translation>
    </message>
    <message>
        <source>%1 is closed as failed: no money moved for it, and the customer is still waiting. Tell them, or start again.</source>
        <translation>%1 is closed as failed: no money moved for it, and the customer is still waiting. Tell them, or start again.</translation>
    </message>
    <message>
        <source>&amp;Message the customer…</source>
        <translation>&amp;Message the customer…</translation>
    </message>
    <message>
        <source>Copied: paste it into a terminal where opsctl reaches this database.</source>
        <translation>Copied: paste it into a terminal where opsctl reaches this database.</translation>
    </message>
    <message>
        <source>To refund again, start a new refund: a new operation with a new idempotency key, linked to this one, which stays closed with its evidence. From a terminal, the same is:</source>
        <translation>To refund again, start a new refund: a new operation with a new idempotency key, linked to this one, which stays closed with its evidence. From a terminal, the same is:</translation>
    </message>
    <message>
        <source>Start a &amp;new refund…</source>
        <translation>Start a &amp;new refund…</translation>
    </message>
    <message>
        <source>&amp;Copy the command</source>
        <translation>&amp;Copy the command</translation>
    </message>
</context>
<context>
    <name>ops::ui::NoteDialog</name>
    <message>
        <source>Add a note to %1</source>
        <translation>Add a note to %1</translation>
    </message>
    <message>
        <source>An internal note for the team: who called, what was agreed, what to check next. Everyone who opens %1 reads it; it is never evidence for a close and cannot be changed later.</source>
        <translation>An internal note for the team: who called, what was agreed, what to check next. Everyone who opens %1 reads it; it is never evidence for a close and cannot be changed later.</translation>
    </message>
    <message>
        <source>e.g. Customer called at 10:15; the bank shows no refund yet.</source>
        <translation>e.g. Customer called at 10:15; the bank shows no refund yet.</translation>
    </message>
    <message>
        <source>Add &amp;note</source>
        <translation>Add &amp;note</translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 characters</translation>
    </message>
</context>
<context>
    <name>ops::ui::OpenFailedDialog</name>
    <message>
        <source>Cannot open the database</source>
        <translation>Cannot open the database</translation>
    </message>
    <message>
        <source>&lt;p&gt;The console cannot open the database&lt;/p&gt;&lt;p&gt;&lt;tt&gt;%1&lt;/tt&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;Reason:&lt;/b&gt; %2&lt;/p&gt;&lt;p&gt;Choose another database file (a new file becomes an empty database), or quit and fix the path or its permissions.&lt;/p&gt;</source>
        <translation>&lt;p&gt;The console cannot open the database&lt;/p&gt;&lt;p&gt;&lt;tt&gt;%1&lt;/tt&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;Reason:&lt;/b&gt; %2&lt;/p&gt;&lt;p&gt;Choose another database file (a new file becomes an empty database), or quit and fix the path or its permissions.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Choose another…</source>
        <translation>&amp;Choose another…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>Choose a database</source>
        <translation>Choose a database</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation>SQLite databases (*.sqlite *.db);;All files (*)</translation>
    </message>
</context>
<context>
    <name>ops::ui::OperationDelegate</name>
    <message>
        <source>Late: %1.</source>
        <translation>Late: %1.</translation>
    </message>
</context>
<context>
    <name>ops::ui::OperationListView</name>
    <message>
        <source>Any state</source>
        <translation>Any state</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unknown</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Succeeded</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Any kind</source>
        <translation>Any kind</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Refund</translation>
    </message>
    <message>
        <source>Credit top-up</source>
        <translation>Credit top-up</translation>
    </message>
    <message>
        <source>Credit charge</source>
        <translation>Credit charge</translation>
    </message>
    <message>
        <source>Credit adjust</source>
        <translation>Credit adjust</translation>
    </message>
    <message>
        <source>Execution</source>
        <translation>Execution</translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation>Any provider</translation>
    </message>
    <message>
        <source>Stripe</source>
        <translation>Stripe</translation>
    </message>
    <message>
        <source>Slen</source>
        <translation>Slen</translation>
    </message>
    <message>
        <source>Any age</source>
        <translation>Any age</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Last hour</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Last 24 hours</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Last 7 days</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Last 30 days</translation>
    </message>
    <message>
        <source>Clear search and filters</source>
        <translation>Clear search and filters</translation>
    </message>
    <message>
        <source>No operation matches these filters</source>
        <translation>No operation matches these filters</translation>
    </message>
    <message>
        <source>No operation matches “%1”</source>
        <translation>No operation matches “%1”</translation>
    </message>
    <message>
        <source>The checking queue holds only unknown operations. Clear the search and filters to see all of them.</source>
        <translation>The checking queue holds only unknown operations. Clear the search and filters to see all of them.</translation>
    </message>
    <message>
        <source>Check the spelling, or clear the search and filters to see every operation.</source>
        <translation>Check the spelling, or clear the search and filters to see every operation.</translation>
    </message>
    <message>
        <source>Nothing to check</source>
        <translation>Nothing to check</translation>
    </message>
    <message>
        <source>No operation has an unknown outcome right now. New ones appear here by themselves.</source>
        <translation>No operation has an unknown outcome right now. New ones appear here by themselves.</translation>
    </message>
    <message>
        <source>No operations yet</source>
        <translation>No operations yet</translation>
    </message>
    <message>
        <source>Operations appear here as soon as an agent or opsctl makes one.</source>
        <translation>Operations appear here as soon as an agent or opsctl makes one.</translation>
    </message>
    <message>
        <source>Open the selected operation&apos;s attempts</source>
        <translation>Open the selected operation&apos;s attempts</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>From the search box to the list</source>
        <translation>From the search box to the list</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Down</translation>
    </message>
    <message>
        <source>Adyen</source>
        <translation>Adyen</translation>
    </message>
    <message>
        <source>Search operation id, key, order, customer, charge, provider ref or ticket  ( / )</source>
        <translation>Search operation id, key, order, customer, charge, provider ref or ticket  ( / )</translation>
    </message>
</context>
<context>
    <name>ops::ui::QueuePresenter</name>
    <message>
        <source>Operations</source>
        <translation>Operations</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Checking</translation>
    </message>
    <message>
        <source>Could not read the operations: </source>
        <translation>Could not read the operations: </translation>
    </message>
    <message>
        <source>Check that the database file is reachable; the list retries on the next change or with F5.</source>
        <translation>Check that the database file is reachable; the list retries on the next change or with F5.</translation>
    </message>
    <message numerus="yes">
        <source>%n selected row(s) left %1 after a change made elsewhere: %2</source>
        <translation>
            <numerusform>%n selected row left %1 after a change made elsewhere: %2</numerusform>
            <numerusform>%n selected rows left %1 after a change made elsewhere: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Checking (%1)</source>
        <translation>Checking (%1)</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>Mine</translation>
    </message>
    <message>
        <source>Checking (%1, %2 late)</source>
        <translation>Checking (%1, %2 late)</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) past a service target: the late mark in the Window left column says which.</source>
        <translation>
            <numerusform>%n row past a service target: the late mark in the Window left column says which.</numerusform>
            <numerusform>%n rows past a service target: the late marks in the Window left column say which.</numerusform>
        </translation>
    </message>
    <message>
        <source>Mine (%1)</source>
        <translation>Mine (%1)</translation>
    </message>
    <message>
        <source>Nothing is yours yet</source>
        <translation>Nothing is yours yet</translation>
    </message>
    <message>
        <source>Rows you take (Ctrl+T) or a supervisor gives you appear here. An owner is a name, not a lock: the team sees who is on a row.</source>
        <translation>Rows you take (Ctrl+T) or a supervisor gives you appear here. An owner is a name, not a lock: the team sees who is on a row.</translation>
    </message>
</context>
<context>
    <name>ops::ui::RefundsView</name>
    <message>
        <source>Refunds by reason</source>
        <translation>Refunds by reason</translation>
    </message>
    <message>
        <source>Export by reas&amp;on…</source>
        <translation>Export by reas&amp;on…</translation>
    </message>
    <message>
        <source>Export by &amp;batch…</source>
        <translation>Export by &amp;batch…</translation>
    </message>
    <message>
        <source>Export the batch&apos;s refun&amp;ds…</source>
        <translation>Export the batch&apos;s refun&amp;ds…</translation>
    </message>
    <message>
        <source>Could not read the refunds: %1</source>
        <translation>Could not read the refunds: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es); refunds by reason include every refund.</source>
        <translation>
            <numerusform>%n batch; refunds by reason include every refund.</numerusform>
            <numerusform>%n batches; refunds by reason include every refund.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Refunded</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Checking</translation>
    </message>
    <message>
        <source>Could not read batch %1: %2</source>
        <translation>Could not read batch %1: %2</translation>
    </message>
    <message>
        <source>Export refunds</source>
        <translation>Export refunds</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>Select a batch first.</source>
        <translation>Select a batch first.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>Saved %1.</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>Could not save %1: %2</translation>
    </message>
</context>
<context>
    <name>ops::ui::Refusal</name>
    <message>
        <source>Only a supervisor closes an operation by hand.</source>
        <translation>Only a supervisor closes an operation by hand.</translation>
    </message>
    <message>
        <source>No approval allows this: a close after four-eyes needs a second supervisor&apos;s approval, and a decided approval is not decided again.</source>
        <translation>No approval allows this: a close after four-eyes needs a second supervisor&apos;s approval, and a decided approval is not decided again.</translation>
    </message>
    <message>
        <source>An operation does not change state this way; a closed operation is never reopened.</source>
        <translation>An operation does not change state this way; a closed operation is never reopened.</translation>
    </message>
    <message>
        <source>Support may not approve; a supervisor decides approvals.</source>
        <translation>Support may not approve; a supervisor decides approvals.</translation>
    </message>
    <message>
        <source>You asked for this yourself; another supervisor must decide it.</source>
        <translation>You asked for this yourself; another supervisor must decide it.</translation>
    </message>
    <message>
        <source>Only a person (support or supervisor) asks for or decides an approval.</source>
        <translation>Only a person (support or supervisor) asks for or decides an approval.</translation>
    </message>
    <message>
        <source>Only a supervisor changes the settings, the operator directory and the agents.</source>
        <translation>Only a supervisor changes the settings, the operator directory and the agents.</translation>
    </message>
    <message>
        <source>An agent does not attach evidence or write to customers; a person does.</source>
        <translation>An agent does not attach evidence or write to customers; a person does.</translation>
    </message>
    <message>
        <source>Only a service login (the webhook receiver, the reconciler) writes provider events and service leases.</source>
        <translation>Only a service login (the webhook receiver, the reconciler) writes provider events and service leases.</translation>
    </message>
    <message>
        <source>Nothing is deleted here: the database keeps every row.</source>
        <translation>Nothing is deleted here: the database keeps every row.</translation>
    </message>
    <message>
        <source>Your login is disabled; ask a supervisor. Your history is kept.</source>
        <translation>Your login is disabled; ask a supervisor. Your history is kept.</translation>
    </message>
    <message>
        <source>Your login is in no ops group; a DBA grants it ops_support or ops_supervisor (docs/team.md).</source>
        <translation>Your login is in no ops group; a DBA grants it ops_support or ops_supervisor (docs/team.md).</translation>
    </message>
    <message>
        <source>Your login has no privilege for this change; the database refused it.</source>
        <translation>Your login has no privilege for this change; the database refused it.</translation>
    </message>
    <message>
        <source>The database refuses a change made in the name of someone other than your login.</source>
        <translation>The database refuses a change made in the name of someone other than your login.</translation>
    </message>
    <message>
        <source>You are logged in as %1; the database refuses a change made in someone else&apos;s name.</source>
        <translation>You are logged in as %1; the database refuses a change made in someone else&apos;s name.</translation>
    </message>
    <message>
        <source>attach evidence</source>
        <translation>attach evidence</translation>
    </message>
    <message>
        <source>close operations</source>
        <translation>close operations</translation>
    </message>
    <message>
        <source>message customers</source>
        <translation>message customers</translation>
    </message>
    <message>
        <source>resend</source>
        <translation>resend</translation>
    </message>
    <message>
        <source>%1 may not %2; ask a supervisor.</source>
        <translation>%1 may not %2; ask a supervisor.</translation>
    </message>
    <message>
        <source>A person takes a row for themselves and gives back their own; only a supervisor gives a row to someone else or releases another person&apos;s row, and only to an enabled person.</source>
        <translation>A person takes a row for themselves and gives back their own; only a supervisor gives a row to someone else or releases another person&apos;s row, and only to an enabled person.</translation>
    </message>
</context>
<context>
    <name>ops::ui::Replication</name>
    <message>
        <source>sync standby</source>
        <translation>sync standby</translation>
    </message>
    <message>
        <source>ASYNC standby — new refunds refused</source>
        <translation>ASYNC standby — new refunds refused</translation>
    </message>
    <message>
        <source>async standby (risk accepted)</source>
        <translation>async standby (risk accepted)</translation>
    </message>
    <message>
        <source>standalone server</source>
        <translation>standalone server</translation>
    </message>
</context>
<context>
    <name>ops::ui::ResendConfirmDialog</name>
    <message>
        <source>starts with this attempt</source>
        <translation>starts with this attempt</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>closed</translation>
    </message>
    <message>
        <source>%1 (until %2)</source>
        <translation>%1 (until %2)</translation>
    </message>
    <message>
        <source>Resend %1?</source>
        <translation>Resend %1?</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#c62828&apos;&gt;LIVE key: real money moves.&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#c62828&apos;&gt;LIVE key: real money moves.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Test key: no real money moves.</source>
        <translation>Test key: no real money moves.</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;This sends the stored request once more, with the stored key and the same bytes: one attempt.</source>
        <translation>%1&lt;br&gt;This sends the stored request once more, with the stored key and the same bytes: one attempt.</translation>
    </message>
    <message>
        <source>Amount:</source>
        <translation>Amount:</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Key:</translation>
    </message>
    <message>
        <source>Window left:</source>
        <translation>Window left:</translation>
    </message>
    <message>
        <source>Attempts:</source>
        <translation>Attempts:</translation>
    </message>
    <message>
        <source>&amp;Resend once</source>
        <translation>&amp;Resend once</translation>
    </message>
    <message>
        <source>automation %1 of %2, operators %3; this resend is one more by an operator</source>
        <translation>automation %1 of %2, operators %3; this resend is one more by an operator</translation>
    </message>
    <message>
        <source>automation %1 of %2; this resend is one more by an operator</source>
        <translation>automation %1 of %2; this resend is one more by an operator</translation>
    </message>
    <message>
        <source>Warning: the provider stored an answer under this key and replays it: this resend cannot finish the refund.</source>
        <translation>Warning: the provider stored an answer under this key and replays it: this resend cannot finish the refund.</translation>
    </message>
    <message>
        <source>Warning: the provider holds another request under this key and refuses it again: this resend cannot finish the refund.</source>
        <translation>Warning: the provider holds another request under this key and refuses it again: this resend cannot finish the refund.</translation>
    </message>
    <message>
        <source>Close it as failed with that answer as evidence, then start a new refund.</source>
        <translation>Close it as failed with that answer as evidence, then start a new refund.</translation>
    </message>
    <message>
        <source>Ask a supervisor to close it as failed; a new refund can then be started.</source>
        <translation>Ask a supervisor to close it as failed; a new refund can then be started.</translation>
    </message>
</context>
<context>
    <name>ops::ui::RowActions</name>
    <message>
        <source>&amp;Look up at provider</source>
        <translation>&amp;Look up at provider</translation>
    </message>
    <message>
        <source>Ask the provider what happened to this operation</source>
        <translation>Ask the provider what happened to this operation</translation>
    </message>
    <message>
        <source>&amp;Resend</source>
        <translation>&amp;Resend</translation>
    </message>
    <message>
        <source>Send the stored request once more, with the stored key</source>
        <translation>Send the stored request once more, with the stored key</translation>
    </message>
    <message>
        <source>Attach &amp;evidence…</source>
        <translation>Attach &amp;evidence…</translation>
    </message>
    <message>
        <source>Attach provider JSON, a note or a file</source>
        <translation>Attach provider JSON, a note or a file</translation>
    </message>
    <message>
        <source>Evidence…</source>
        <comment>toolbar button of Attach evidence</comment>
        <translation>Evidence…</translation>
    </message>
    <message>
        <source>Close as &amp;succeeded…</source>
        <translation>Close as &amp;succeeded…</translation>
    </message>
    <message>
        <source>Close with evidence: the provider moved the money</source>
        <translation>Close with evidence: the provider moved the money</translation>
    </message>
    <message>
        <source>Close as &amp;failed…</source>
        <translation>Close as &amp;failed…</translation>
    </message>
    <message>
        <source>Close with evidence: no money moved</source>
        <translation>Close with evidence: no money moved</translation>
    </message>
    <message>
        <source>&amp;Copy key</source>
        <translation>&amp;Copy key</translation>
    </message>
    <message>
        <source>Copy the idempotency key</source>
        <translation>Copy the idempotency key</translation>
    </message>
    <message>
        <source>&amp;Message customer…</source>
        <translation>&amp;Message customer…</translation>
    </message>
    <message>
        <source>Tell the customer what we know, and only that</source>
        <translation>Tell the customer what we know, and only that</translation>
    </message>
    <message>
        <source>Start a &amp;new refund…</source>
        <translation>Start a &amp;new refund…</translation>
    </message>
    <message>
        <source>A refund closed as failed: start a new one with a new key, linked to it</source>
        <translation>A refund closed as failed: start a new one with a new key, linked to it</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Stop waiting for the running look-up or resend</source>
        <translation>Stop waiting for the running look-up or resend</translation>
    </message>
    <message>
        <source>Select an operation first.</source>
        <translation>Select an operation first.</translation>
    </message>
    <message>
        <source>Resend is off while another action is running.</source>
        <translation>Resend is off while another action is running.</translation>
    </message>
    <message>
        <source>Send the stored request once more, with the stored key (Ctrl+R)</source>
        <translation>Send the stored request once more, with the stored key (Ctrl+R)</translation>
    </message>
    <message>
        <source>Copied key %1</source>
        <translation>Copied key %1</translation>
    </message>
    <message>
        <source>Not resent: %1</source>
        <translation>Not resent: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Look up again (Ctrl+L) once the provider answers, or attach what the provider&apos;s dashboard shows (Ctrl+E).</source>
        <translation>Look up again (Ctrl+L) once the provider answers, or attach what the provider&apos;s dashboard shows (Ctrl+E).</translation>
    </message>
    <message>
        <source>Look up again (Ctrl+L) once the provider answers.</source>
        <translation>Look up again (Ctrl+L) once the provider answers.</translation>
    </message>
    <message>
        <source>%1 may not attach evidence; ask a supervisor.</source>
        <translation>%1 may not attach evidence; ask a supervisor.</translation>
    </message>
    <message>
        <source>%1 is not in the current list; clear the search and select it.</source>
        <translation>%1 is not in the current list; clear the search and select it.</translation>
    </message>
    <message>
        <source>Attached evidence %1 to %2</source>
        <translation>Attached evidence %1 to %2</translation>
    </message>
    <message>
        <source>The evidence was not stored: </source>
        <translation>The evidence was not stored: </translation>
    </message>
    <message>
        <source>Try again; nothing was attached.</source>
        <translation>Try again; nothing was attached.</translation>
    </message>
    <message>
        <source>%1 waits for a second person: the close is in the approvals list</source>
        <translation>%1 waits for a second person: the close is in the approvals list</translation>
    </message>
    <message>
        <source>Closed %1 as %2</source>
        <translation>Closed %1 as %2</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Could not read %1: %2</translation>
    </message>
    <message>
        <source>Try again in a moment.</source>
        <translation>Try again in a moment.</translation>
    </message>
    <message>
        <source>The look-up answer was not stored: </source>
        <translation>The look-up answer was not stored: </translation>
    </message>
    <message>
        <source>Press Attach again.</source>
        <translation>Press Attach again.</translation>
    </message>
    <message>
        <source>%1: a supervisor was asked to close it as %2 (approval #%3)</source>
        <translation>%1: a supervisor was asked to close it as %2 (approval #%3)</translation>
    </message>
    <message>
        <source>Not queued: %1.</source>
        <translation>Not queued: %1.</translation>
    </message>
    <message>
        <source>The database refused the message: %1</source>
        <translation>The database refused the message: %1</translation>
    </message>
    <message>
        <source>The customer already has this message (copied by %1). It is not sent twice.</source>
        <translation>The customer already has this message (copied by %1). It is not sent twice.</translation>
    </message>
    <message>
        <source>The customer already has this message (sent by %1). It is not sent twice.</source>
        <translation>The customer already has this message (sent by %1). It is not sent twice.</translation>
    </message>
    <message>
        <source>Not copied: %1.</source>
        <translation>Not copied: %1.</translation>
    </message>
    <message>
        <source>Message copied to the clipboard; paste it into conversation %1.</source>
        <translation>Message copied to the clipboard; paste it into conversation %1.</translation>
    </message>
    <message>
        <source>New refund: it ends by attaching the provider&apos;s answer, and %1 may not attach evidence; ask a supervisor.</source>
        <translation>New refund: it ends by attaching the provider&apos;s answer, and %1 may not attach evidence; ask a supervisor.</translation>
    </message>
    <message>
        <source>New refund: select a refund closed as failed first.</source>
        <translation>New refund: select a refund closed as failed first.</translation>
    </message>
    <message>
        <source>New refund: %1 is not a refund.</source>
        <translation>New refund: %1 is not a refund.</translation>
    </message>
    <message>
        <source>New refund: %1 is %2; only a refund closed as failed is started again.</source>
        <translation>New refund: %1 is %2; only a refund closed as failed is started again.</translation>
    </message>
    <message>
        <source>New refund: %1 is already replaced by %2 (%3).</source>
        <translation>New refund: %1 is already replaced by %2 (%3).</translation>
    </message>
    <message>
        <source>New refund: another action is running; wait for it.</source>
        <translation>New refund: another action is running; wait for it.</translation>
    </message>
    <message>
        <source>Try again in a moment (F5).</source>
        <translation>Try again in a moment (F5).</translation>
    </message>
    <message>
        <source>New refund: %1 is not a refund closed as failed.</source>
        <translation>New refund: %1 is not a refund closed as failed.</translation>
    </message>
    <message>
        <source>Link to &amp;ticket…</source>
        <translation>Link to &amp;ticket…</translation>
    </message>
    <message>
        <source>The helpdesk ticket this operation answers: messages go there</source>
        <translation>The helpdesk ticket this operation answers: messages go there</translation>
    </message>
    <message>
        <source>Link to ticket</source>
        <translation>Link to ticket</translation>
    </message>
    <message>
        <source>Helpdesk ticket or conversation of %1 (empty: none). Messages about it go there.</source>
        <translation>Helpdesk ticket or conversation of %1 (empty: none). Messages about it go there.</translation>
    </message>
    <message>
        <source>Not linked: %1.</source>
        <translation>Not linked: %1.</translation>
    </message>
    <message>
        <source>Use the ticket&apos;s id from the helpdesk.</source>
        <translation>Use the ticket&apos;s id from the helpdesk.</translation>
    </message>
    <message>
        <source>The database refused the link: %1</source>
        <translation>The database refused the link: %1</translation>
    </message>
    <message>
        <source>%1 is linked to no ticket now.</source>
        <translation>%1 is linked to no ticket now.</translation>
    </message>
    <message>
        <source>%1 is linked to ticket %2.</source>
        <translation>%1 is linked to ticket %2.</translation>
    </message>
</context>
<context>
    <name>ops::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <source>System language (%1)</source>
        <translation>System language (%1)</translation>
    </message>
    <message>
        <source>The language, and the way amounts and dates are written, change when the console is started again.</source>
        <translation>The language, and the way amounts and dates are written, change when the console is started again.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Language:</translation>
    </message>
    <message>
        <source>&amp;Ask before resending with a test key (with a live key it always asks)</source>
        <translation>&amp;Ask before resending with a test key (with a live key it always asks)</translation>
    </message>
    <message>
        <source>Four-eyes approval</source>
        <translation>Four-eyes approval</translation>
    </message>
    <message>
        <source>C&amp;urrency:</source>
        <translation>C&amp;urrency:</translation>
    </message>
    <message>
        <source>&amp;Threshold:</source>
        <translation>&amp;Threshold:</translation>
    </message>
    <message>
        <source>Changing the threshold takes the approve right.</source>
        <translation>Changing the threshold takes the approve right.</translation>
    </message>
    <message>
        <source>none, e.g. %1</source>
        <translation>none, e.g. %1</translation>
    </message>
    <message>
        <source>Now: none. Closing any amount in %1 by hand needs no second person.</source>
        <translation>Now: none. Closing any amount in %1 by hand needs no second person.</translation>
    </message>
    <message>
        <source>Now: %1. Closing a larger amount by hand needs a supervisor&apos;s approval; empty the field to remove the threshold.</source>
        <translation>Now: %1. Closing a larger amount by hand needs a supervisor&apos;s approval; empty the field to remove the threshold.</translation>
    </message>
    <message>
        <source>Not saved: the %1 threshold: %2</source>
        <translation>Not saved: the %1 threshold: %2</translation>
    </message>
    <message>
        <source>Not saved: </source>
        <translation>Not saved: </translation>
    </message>
</context>
<context>
    <name>ops::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Keyboard shortcuts</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Keys</translation>
    </message>
</context>
<context>
    <name>ops::ui::SupervisorPresenter</name>
    <message>
        <source>&amp;Audit and charts…</source>
        <translation>&amp;Audit and charts…</translation>
    </message>
    <message>
        <source>Every attempt and manual action, chain verification, CSV export and charts</source>
        <translation>Every attempt and manual action, chain verification, CSV export and charts</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Settings…</translation>
    </message>
    <message>
        <source>&amp;Connections…</source>
        <translation>&amp;Connections…</translation>
    </message>
    <message>
        <source>Provider base URLs and secrets, and a check that each one answers</source>
        <translation>Provider base URLs and secrets, and a check that each one answers</translation>
    </message>
    <message>
        <source>&amp;Agents…</source>
        <translation>&amp;Agents…</translation>
    </message>
    <message>
        <source>The AI agents that may call the tools: their limits, use and last call; revoke one</source>
        <translation>The AI agents that may call the tools: their limits, use and last call; revoke one</translation>
    </message>
    <message>
        <source>&amp;Supervisor</source>
        <translation>&amp;Supervisor</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Tools</translation>
    </message>
    <message>
        <source>Not sent: the console is busy with another action. Wait for it or cancel it (Esc) in the main window, then approve again.</source>
        <translation>Not sent: the console is busy with another action. Wait for it or cancel it (Esc) in the main window, then approve again.</translation>
    </message>
</context>
<context>
    <name>ops::ui::SupervisorWindow</name>
    <message>
        <source>Audit and charts</source>
        <translation>Audit and charts</translation>
    </message>
    <message>
        <source>&amp;Audit</source>
        <translation>&amp;Audit</translation>
    </message>
    <message>
        <source>C&amp;harts</source>
        <translation>C&amp;harts</translation>
    </message>
    <message>
        <source>Close the audit window</source>
        <translation>Close the audit window</translation>
    </message>
    <message>
        <source>Next tab</source>
        <translation>Next tab</translation>
    </message>
    <message>
        <source>Previous tab</source>
        <translation>Previous tab</translation>
    </message>
    <message>
        <source>&amp;Unmatched events</source>
        <translation>&amp;Unmatched events</translation>
    </message>
    <message>
        <source>The agent requests could not be read: %1</source>
        <translation>The agent requests could not be read: %1</translation>
    </message>
    <message>
        <source>A&amp;gent requests (%1)</source>
        <translation>A&amp;gent requests (%1)</translation>
    </message>
    <message>
        <source>Rejected %1: closed as failed with your reason; nothing was sent.</source>
        <translation>Rejected %1: closed as failed with your reason; nothing was sent.</translation>
    </message>
    <message>
        <source>%1 no longer waits for a person; nothing changed.</source>
        <translation>%1 no longer waits for a person; nothing changed.</translation>
    </message>
    <message>
        <source>%1 was not rejected: %2</source>
        <translation>%1 was not rejected: %2</translation>
    </message>
    <message>
        <source>Approved %1. %2</source>
        <translation>Approved %1. %2</translation>
    </message>
    <message>
        <source>Stopped waiting for %1: a request already sent still gets its answer recorded, and the list shows it.</source>
        <translation>Stopped waiting for %1: a request already sent still gets its answer recorded, and the list shows it.</translation>
    </message>
    <message>
        <source>Refu&amp;nds</source>
        <translation>Refu&amp;nds</translation>
    </message>
</context>
<context>
    <name>ops::ui::TeamActions</name>
    <message>
        <source>Ta&amp;ke</source>
        <translation>Ta&amp;ke</translation>
    </message>
    <message>
        <source>Make this row yours: the team sees who is on it</source>
        <translation>Make this row yours: the team sees who is on it</translation>
    </message>
    <message>
        <source>Assi&amp;gn…</source>
        <translation>Assi&amp;gn…</translation>
    </message>
    <message>
        <source>Give this row to someone (supervisors)</source>
        <translation>Give this row to someone (supervisors)</translation>
    </message>
    <message>
        <source>Release o&amp;wnership</source>
        <translation>Release o&amp;wnership</translation>
    </message>
    <message>
        <source>Leave this row without an owner</source>
        <translation>Leave this row without an owner</translation>
    </message>
    <message>
        <source>Add n&amp;ote…</source>
        <translation>Add n&amp;ote…</translation>
    </message>
    <message>
        <source>A short internal note for the team; never evidence</source>
        <translation>A short internal note for the team; never evidence</translation>
    </message>
    <message>
        <source>Select an operation first.</source>
        <translation>Select an operation first.</translation>
    </message>
    <message>
        <source>%1 is closed (%2): a closed row needs no owner.</source>
        <translation>%1 is closed (%2): a closed row needs no owner.</translation>
    </message>
    <message>
        <source>%1 is yours already.</source>
        <translation>%1 is yours already.</translation>
    </message>
    <message>
        <source>%1 may not assign rows: only a supervisor gives a row to someone.</source>
        <translation>%1 may not assign rows: only a supervisor gives a row to someone.</translation>
    </message>
    <message>
        <source>%1 has no owner.</source>
        <translation>%1 has no owner.</translation>
    </message>
    <message>
        <source>%1 may not release %2&apos;s row: only a supervisor releases a row someone else owns.</source>
        <translation>%1 may not release %2&apos;s row: only a supervisor releases a row someone else owns.</translation>
    </message>
    <message>
        <source>Make this row yours: the team sees who is on it (Ctrl+T)</source>
        <translation>Make this row yours: the team sees who is on it (Ctrl+T)</translation>
    </message>
    <message>
        <source>Give this row to someone</source>
        <translation>Give this row to someone</translation>
    </message>
    <message>
        <source>A short internal note for the team; never evidence (Ctrl+Shift+O)</source>
        <translation>A short internal note for the team; never evidence (Ctrl+Shift+O)</translation>
    </message>
    <message>
        <source>%1 may not add notes: a note needs the attach right; ask a supervisor.</source>
        <translation>%1 may not add notes: a note needs the attach right; ask a supervisor.</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>an unknown time</translation>
    </message>
    <message>
        <source>Take %1</source>
        <translation>Take %1</translation>
    </message>
    <message>
        <source>%1 owns this row since %2. Take it?</source>
        <translation>%1 owns this row since %2. Take it?</translation>
    </message>
    <message>
        <source>It becomes yours and leaves %1&apos;s Mine list; an owner is a name, not a lock.</source>
        <translation>It becomes yours and leaves %1&apos;s Mine list; an owner is a name, not a lock.</translation>
    </message>
    <message>
        <source>%1 is yours now.</source>
        <translation>%1 is yours now.</translation>
    </message>
    <message>
        <source>%1 was not taken</source>
        <translation>%1 was not taken</translation>
    </message>
    <message>
        <source>Could not read the operator directory: %1</source>
        <translation>Could not read the operator directory: %1</translation>
    </message>
    <message>
        <source>Try again in a moment (F5).</source>
        <translation>Try again in a moment (F5).</translation>
    </message>
    <message>
        <source>%1 is %2&apos;s now.</source>
        <translation>%1 is %2&apos;s now.</translation>
    </message>
    <message>
        <source>%1 was not assigned</source>
        <translation>%1 was not assigned</translation>
    </message>
    <message>
        <source>%1 has no owner now.</source>
        <translation>%1 has no owner now.</translation>
    </message>
    <message>
        <source>%1 was not released</source>
        <translation>%1 was not released</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <source>The lists show who owns it now.</source>
        <translation>The lists show who owns it now.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Ask a supervisor.</source>
        <translation>Ask a supervisor.</translation>
    </message>
    <message>
        <source>The database refused the change of owner: %1</source>
        <translation>The database refused the change of owner: %1</translation>
    </message>
    <message>
        <source>Try again in a moment.</source>
        <translation>Try again in a moment.</translation>
    </message>
    <message>
        <source>The database refused the note: %1</source>
        <translation>The database refused the note: %1</translation>
    </message>
    <message>
        <source>The note on %1 was not added: %2</source>
        <translation>The note on %1 was not added: %2</translation>
    </message>
    <message>
        <source>Add it again (Ctrl+Shift+O).</source>
        <translation>Add it again (Ctrl+Shift+O).</translation>
    </message>
    <message>
        <source>Note added to %1.</source>
        <translation>Note added to %1.</translation>
    </message>
    <message>
        <source>%1 may not change who owns a row: that needs the attach right; ask a supervisor.</source>
        <translation>%1 may not change who owns a row: that needs the attach right; ask a supervisor.</translation>
    </message>
</context>
<context>
    <name>ops::ui::TeamText</name>
    <message>
        <source>no owner after %1</source>
        <translation>no owner after %1</translation>
    </message>
    <message>
        <source>undecided after %1</source>
        <translation>undecided after %1</translation>
    </message>
    <message>
        <source>approval waiting over %1</source>
        <translation>approval waiting over %1</translation>
    </message>
    <message>
        <source>%1 took %2 meanwhile</source>
        <translation>%1 took %2 meanwhile</translation>
    </message>
    <message>
        <source>%1 was released meanwhile</source>
        <translation>%1 was released meanwhile</translation>
    </message>
    <message>
        <source>there is no operation %1</source>
        <translation>there is no operation %1</translation>
    </message>
    <message>
        <source>%1 is closed (%2): a closed row needs no owner</source>
        <translation>%1 is closed (%2): a closed row needs no owner</translation>
    </message>
    <message>
        <source>%1 is not a person who may own a row</source>
        <translation>%1 is not a person who may own a row</translation>
    </message>
    <message>
        <source>A note needs some text.</source>
        <translation>A note needs some text.</translation>
    </message>
    <message>
        <source>A note is at most %1 characters; this one has %2.</source>
        <translation>A note is at most %1 characters; this one has %2.</translation>
    </message>
    <message>
        <source>A note holds no control characters but line breaks and tabs.</source>
        <translation>A note holds no control characters but line breaks and tabs.</translation>
    </message>
</context>
<context>
    <name>ops::ui::TrayNotices</name>
    <message>
        <source>%1 is %2 now</source>
        <translation>%1 is %2 now</translation>
    </message>
    <message>
        <source>A row you own was %1 and is %2 now.</source>
        <translation>A row you own was %1 and is %2 now.</translation>
    </message>
    <message>
        <source>%1 is late</source>
        <translation>%1 is late</translation>
    </message>
    <message>
        <source>A row you own: %1.</source>
        <translation>A row you own: %1.</translation>
    </message>
    <message>
        <source>Approval #%1 waits for you</source>
        <translation>Approval #%1 waits for you</translation>
    </message>
    <message>
        <source>%1 of %2, asked by %3.</source>
        <translation>%1 of %2, asked by %3.</translation>
    </message>
</context>
<context>
    <name>ops::ui::TrayNotifier</name>
    <message>
        <source>Tra&amp;y notifications</source>
        <translation>Tra&amp;y notifications</translation>
    </message>
    <message>
        <source>Not on a SQLite file database: it has one person at one desk, who sees every change in this window.</source>
        <translation>Not on a SQLite file database: it has one person at one desk, who sees every change in this window.</translation>
    </message>
    <message>
        <source>This desktop has no system tray: nothing is shown while it has none.</source>
        <translation>This desktop has no system tray: nothing is shown while it has none.</translation>
    </message>
    <message>
        <source>A message in the system tray when a row you own changes state or is late, and when an approval waits for you, while the console is not the active window.</source>
        <translation>A message in the system tray when a row you own changes state or is late, and when an approval waits for you, while the console is not the active window.</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) on your rows and approvals</source>
        <translation>
            <numerusform>%n change on your rows and approvals</numerusform>
            <numerusform>%n changes on your rows and approvals</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ops::ui::UnmatchedEventsView</name>
    <message>
        <source>Every refund event so far matched one of our operations.</source>
        <translation>Every refund event so far matched one of our operations.</translation>
    </message>
    <message>
        <source>Could not read the unmatched events: %1</source>
        <translation>Could not read the unmatched events: %1</translation>
    </message>
    <message>
        <source> (the newest %1 shown)</source>
        <translation> (the newest %1 shown)</translation>
    </message>
    <message>
        <source>Refund events that matched no operation: %1%2. They are refunds made outside this product, e.g. in the provider&apos;s Dashboard.</source>
        <translation>Refund events that matched no operation: %1%2. They are refunds made outside this product, e.g. in the provider&apos;s Dashboard.</translation>
    </message>
</context>
</TS>

#pragma once

// What the reconciler does with an Adyen refund row (DESIGN §15, docs/adyen.md): Reconciler's
// Adyen half, in adyenrows.cpp. Adyen cannot be asked for a refund, and a Stripe reading of its
// payment reference would prove nothing, so the row is decided by its stored notifications alone
// (adyenproof.h: the rule the receiver applies as they arrive):
//
//   a notification proves the outcome           → close (or propose, automatic closes off),
//                                                  the notification stored as the reading
//   open, none yet by its slot                  → the Checking queue (unknown)
//   unknown, none, the key holds a 5xx or another
//   request (keyMemoryFor)                      → propose close failed and a new refund, as
//                                                  for Stripe (DESIGN §16): a resend only replays
//   unknown, none, inside the key's 7 days      → propose a resend with the stored key: Adyen
//                                                  answers it with the first request's refund,
//                                                  which reads the answer and refunds nothing twice
//   unknown, none, the key's window has closed  → no decision: a person looks the refund up in
//                                                  Adyen's Customer Area and closes it with that
//   succeeded or failed                         → unsupported (its notifications were applied as
//                                                  they came)

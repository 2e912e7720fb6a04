#include "mcp/toolcatalog.h"

#include "mcp/schemacheck.h"

#include <algorithm>
#include <array>

namespace ops::mcp {

namespace {

using json = nlohmann::ordered_json;

// Bounds shared with the engines' own checks (money.h kMaxMinorUnits, workname.h, the engines'
// id limits): the schema refuses first, the engine's validate() stays the last word.
constexpr std::int64_t kMaxMinor = 99'999'999;

json text(int minLength, int maxLength, const char *description)
{
    return {{"type", "string"},
            {"minLength", minLength},
            {"maxLength", maxLength},
            {"description", description}};
}

json workName()
{
    return text(1, 190,
                "Idempotency key for this piece of work, chosen by you and stable across "
                "retries (e.g. \"ticket-8812-topup\"). The same work name continues the same "
                "operation; a new piece of work needs a new name.");
}

json inputSchema(json properties, json required)
{
    return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
            {"type", "object"},
            {"properties", std::move(properties)},
            {"required", std::move(required)},
            {"additionalProperties", false}};
}

json outputSchema(json statuses)
{
    // Open to added fields (credit and execution results carry more than refunds).
    return {{"type", "object"},
            {"properties",
             {{"status", {{"type", "string"}, {"enum", std::move(statuses)}}},
              {"operation_id", {{"type", "string"}}},
              {"refund_id", {{"type", "string"}}},
              {"reason", {{"type", "string"}}},
              {"note", {{"type", "string"}}},
              {"error",
               {{"type", "object"},
                {"properties",
                 {{"code", {{"type", "string"}}},
                  {"message", {{"type", "string"}}},
                  {"retry_after_ms", {{"type", "integer"}, {"minimum", 1}}}}},
                {"required", {"code", "message"}}}}}},
            {"required", {"status"}}};
}

json annotations(const char *title, bool readOnly)
{
    if (readOnly)
        return {{"title", title}, {"readOnlyHint", true}, {"openWorldHint", false}};
    return {{"title", title},
            {"readOnlyHint", false},
            {"destructiveHint", true},
            {"idempotentHint", true},
            {"openWorldHint", true}};
}

const char *kStatusGuide =
    " Statuses: checking = the outcome is unknown and a colleague is checking; tell the "
    "customer a colleague is checking, never that it succeeded or failed. unconfirmed = not "
    "confirmed yet; you may call again with the same arguments, it resends with the same key "
    "and can never do it twice. rejected = nothing was done; read error.message and fix the "
    "input. rejected with error.code rate_limited = you called faster than you may; nothing was "
    "stored, wait error.retry_after_ms and call again with the same arguments.";

// Exactly one of these per tool, checked with the schema (argumentProblem). Not a top-level oneOf:
// several agent hosts refuse tools whose inputSchema has oneOf/anyOf/allOf at the top.
struct ExactlyOne
{
    const char *tool;
    std::array<const char *, 3> names;
    const char *said; // the refusal's wording of the names
};
constexpr ExactlyOne kExactlyOne[] = {
    {"refund",
     {"charge", "payment_intent", "adyen_payment"},
     "charge, payment_intent and adyen_payment"},
    {"check_reply", {"operation_id", "order", nullptr}, "operation_id and order"}};

json refundTool()
{
    json properties = {
        {"order", text(1, 255, "Your order id for this refund, e.g. \"4417\".")},
        {"charge", text(1, 255,
                        "The Stripe charge id to refund, e.g. \"ch_4417\". Give one of charge, "
                        "payment_intent and adyen_payment.")},
        {"payment_intent",
         text(1, 255,
              "The Stripe PaymentIntent id instead of the charge, e.g. \"pi_4417\"; its latest "
              "charge is refunded.")},
        {"adyen_payment",
         {{"type", "string"},
          {"pattern", "^[A-Za-z0-9]{16}$"},
          {"description",
           "Instead of a Stripe charge: the Adyen payment's pspReference, 16 letters and digits, "
           "e.g. \"DZ4DPSHB4WD2WN82\". currency is then required."}}},
        {"amount",
         {{"type", "integer"},
          {"minimum", 1},
          {"maximum", kMaxMinor},
          {"description", "Amount in minor units (cents): 700 is $7.00."}}},
        {"currency",
         {{"type", "string"},
          {"pattern", "^[a-z]{3}$"},
          {"description", "ISO currency code of the charge, lower case; default usd."}}},
        {"reference",
         text(1, 190,
              "Only for a second, separate refund of the same amount on the same order: what it "
              "is for, from stable facts (line item, ticket id), e.g. \"ticket-8812\". Never "
              "invent a new one to retry.")},
        {"reason",
         {{"type", "string"},
          {"enum", {"duplicate", "fraudulent", "requested_by_customer"}},
          {"description", "Why, as Stripe records it; optional."}}},
        {"reason_code",
         {{"type", "string"},
          {"enum",
           {"duplicate", "fraudulent", "requested_by_customer", "product_not_received",
            "price_adjustment"}},
          {"description", "Why, for the team's counts; Stripe's three also reach Stripe when "
                          "reason is not given. Optional."}}},
        {"ticket",
         {{"type", "string"},
          {"minLength", 1},
          {"maxLength", 190},
          {"pattern", "^[A-Za-z0-9_.:@-]+$"},
          {"description", "The helpdesk ticket or conversation this refund answers, e.g. "
                          "\"48213\"; customer messages about it go there. Optional."}}}};
    json output = outputSchema({"refunded", "accepted", "failed", "unconfirmed", "checking",
                                "needs_approval", "rejected"});
    output["properties"]["provider_reference"] = {
        {"type", "string"},
        {"description", "accepted: the provider's reference of the refund it received."}};
    output["properties"]["repeat"] = {
        {"type", "boolean"},
        {"description", "true: an earlier confirmed refund answered; nothing new was sent."}};
    return {{"name", "refund"},
            {"title", "Refund a charge"},
            {"description",
             std::string(
                 "Refund part or all of a Stripe charge or an Adyen payment for an order. Calling "
                 "again with the same "
                 "order, amount and reference continues the same refund: it never pays twice. "
                 "refunded = done, quote refund_id. refunded with repeat:true = this refund was "
                 "already made earlier; tell the customer it is done, do not make another. "
                 "accepted = the provider received the refund and confirms it later; tell the "
                 "customer it is being processed, not that it is done, and do not call again to "
                 "hurry it. To "
                 "refund the same amount again for a different reason, pass a reference naming "
                 "it. failed = the provider refused; reason names why, nothing was refunded. "
                 "needs_approval = the amount is over what you may refund without a person; "
                 "nothing was sent and a person decides. Tell the customer the refund is being "
                 "reviewed, never that it is done or refused. Calling again, or operation_status, "
                 "answers the same until a person approves (then refunded or another status) or "
                 "rejects it (failed, reason rejected); do not split the amount or add a reference "
                 "to get round it.") +
                 kStatusGuide},
            {"inputSchema", inputSchema(properties, {"order", "amount"})},
            {"outputSchema", output},
            {"annotations", annotations("Refund a charge", false)}};
}

json creditTool(const char *name, const char *title, const char *what, bool signedAmount)
{
    json amount = {{"type", "integer"}, {"maximum", kMaxMinor}};
    amount["minimum"] = signedAmount ? -kMaxMinor : 1;
    if (signedAmount)
        amount["not"] = {{"const", 0}};
    amount["description"] = signedAmount ? "Signed, non-zero number of credits to correct by."
                                         : "Number of credits, a positive integer.";
    json properties = {
        {"customer", text(1, 255, "The Slen customer id.")},
        {"credit_type",
         {{"type", "string"},
          {"pattern", "^[A-Za-z0-9_.-]{1,64}$"},
          {"description", "The credit type, e.g. \"credits\"."}}},
        {"amount", amount},
        {"work", workName()},
        {"note", text(0, 500, "Why, for the people who read the audit trail; never sent.")}};
    return {{"name", name},
            {"title", title},
            {"description",
             std::string(what) +
                 " succeeded = the credits moved (balance_after when known). failed = nothing "
                 "moved; see note." +
                 kStatusGuide},
            {"inputSchema", inputSchema(properties, {"customer", "credit_type", "amount", "work"})},
            {"outputSchema",
             outputSchema({"succeeded", "failed", "unconfirmed", "checking", "rejected"})},
            {"annotations", annotations(title, false)}};
}

json executeTool()
{
    json properties = {
        {"flow",
         {{"type", "string"},
          {"pattern", "^[A-Za-z0-9_.:-]{1,128}$"},
          {"description", "The Slen flow id, e.g. \"generate_email\"."}}},
        {"input", {{"type", "object"}, {"description", "The flow's input object."}}},
        {"work", workName()},
        {"context",
         {{"type", "object"},
          {"description", "Optional context object; operation_id is reserved."}}},
        {"mode",
         {{"type", "string"},
          {"enum", {"sync", "async"}},
          {"description", "sync (default) waits for the result; async returns queued."}}}};
    return {{"name", "execute_flow"},
            {"title", "Run a Slen flow"},
            {"description",
             std::string("Run a billed Slen flow once per work name. succeeded = finished, see "
                         "result. queued/running = not finished; call again with the same work "
                         "name to get the result. failed = it failed and keeps its work name; "
                         "use a new work name to run it again.") +
                 kStatusGuide},
            {"inputSchema", inputSchema(properties, {"flow", "input", "work"})},
            {"outputSchema", outputSchema({"succeeded", "failed", "queued", "running",
                                           "unconfirmed", "checking", "rejected"})},
            {"annotations", annotations("Run a Slen flow", false)}};
}

json checkReplyTool()
{
    json properties = {
        {"operation_id", text(1, 64, "The operation_id a tool returned. Give this or order.")},
        {"order", text(1, 255, "Your order id: every refund of the order is checked.")},
        {"draft", text(1, 5000, "The reply you mean to send the customer, word for word.")},
        {"language",
         {{"type", "string"},
          {"enum", {"en", "ru", "uk"}},
          {"description", "The draft's language, for the reason and may_say (default en)."}}}};
    const json rowFacts = {{"operation_id", {{"type", "string"}}},
                           {"state", {{"type", "string"}}},
                           {"provider_status", {{"type", "string"}}},
                           {"verdict", {{"type", "string"}}}};
    // The refund tools' result schema (status, operation_id, reason, error) plus the verdict's.
    json output = outputSchema({"allowed", "refused", "rejected"});
    json &p = output["properties"];
    p["state"] = {{"type", "string"}};
    p["provider_status"] = {{"type", "string"}};
    p["claim"] = {{"type", "object"},
                  {"properties",
                   {{"kind", {{"type", "string"}, {"enum", {"success", "failure", "doubt"}}}},
                    {"phrase", {{"type", "string"}}},
                    {"language", {{"type", "string"}}}}}};
    p["may_say"] = {
        {"type", "array"},
        {"items",
         {{"type", "object"},
          {"properties", {{"template", {{"type", "string"}}}, {"text", {{"type", "string"}}}}}}}};
    p["operations"] = {{"type", "array"},
                       {"items", {{"type", "object"}, {"properties", rowFacts}}}};
    return {{"name", "check_reply"},
            {"title", "Check a reply to a customer"},
            {"description",
             "Before every reply to a customer about money, check your draft here. Nothing is "
             "stored or sent. allowed = the draft claims nothing the refund's state does not "
             "support. refused = it does: claim names the words, state says where the refund "
             "stands, and may_say gives texts you may send now (while a refund is being "
             "checked, never say it succeeded or failed). When an order's refunds stand "
             "differently, may_say may be empty: check each refund by its operation_id. "
             "rejected = no such operation or order; read error.message."},
            {"inputSchema", inputSchema(properties, {"draft"})},
            {"outputSchema", std::move(output)},
            {"annotations", annotations("Check a reply to a customer", true)}};
}

json statusTool()
{
    json properties = {{"operation_id", text(1, 64, "The operation_id a tool returned.")}};
    return {{"name", "operation_status"},
            {"title", "Look up an operation"},
            {"description",
             "Read where an operation stands now, without sending anything. Same statuses and "
             "same advice as the tool that started it; rejected with code unknown_operation when "
             "no such operation exists."},
            {"inputSchema", inputSchema(properties, {"operation_id"})},
            {"outputSchema",
             outputSchema({"refunded", "accepted", "succeeded", "failed", "queued", "running",
                           "unconfirmed", "checking", "needs_approval", "rejected"})},
            {"annotations", annotations("Look up an operation", true)}};
}

} // namespace

const nlohmann::ordered_json &toolDefinitions()
{
    static const json tools =
        json::array({refundTool(),
                     creditTool("credit_topup", "Top up credits",
                                "Add credits to a customer's balance.", false),
                     creditTool("credit_charge", "Charge credits",
                                "Take credits from a customer's balance.", false),
                     creditTool("credit_adjust", "Adjust credits",
                                "Correct a customer's balance by a signed amount.", true),
                     executeTool(), statusTool(), checkReplyTool()});
    return tools;
}

const nlohmann::ordered_json *findTool(const std::string &name)
{
    for (const auto &tool : toolDefinitions()) {
        if (tool["name"] == name)
            return &tool;
    }
    return nullptr;
}

std::optional<std::string> argumentProblem(const nlohmann::ordered_json &tool,
                                           const nlohmann::ordered_json &arguments)
{
    const json value = arguments.is_null() ? json::object() : arguments;
    if (auto problem = schemaProblem(tool["inputSchema"], value))
        return problem;
    for (const ExactlyOne &rule : kExactlyOne) {
        if (tool["name"] != rule.tool || !value.is_object())
            continue;
        const auto given =
            std::count_if(rule.names.begin(), rule.names.end(),
                          [&value](const char *name) { return name && value.contains(name); });
        if (given != 1)
            return std::string("give exactly one of ") + rule.said;
    }
    // Adyen refunds have no default currency: usd would be a guess.
    if (tool["name"] == "refund" && value.contains("adyen_payment") && !value.contains("currency"))
        return std::string("currency is required with adyen_payment");
    return std::nullopt;
}

} // namespace ops::mcp

// libFuzzer: the MCP server's JSON-RPC framing, session state and tool-argument checks
// (app/mcp: jsonrpc, mcpsession, toolcatalog, schemacheck). Each input is split into lines
// and fed to one initialized session, as stdio would. Properties: nothing throws; every
// answer is a JSON-RPC 2.0 message that serialises to one line; bytes that are not UTF-8 are a
// parse error; a call that comes out names a catalogue tool, has arguments its schema accepts
// and an actor of the documented shape.

#include "mcp/jsonrpc.h"
#include "mcp/mcpsession.h"
#include "mcp/toolcatalog.h"

#include <QRegularExpression>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

using json = nlohmann::ordered_json;

void check(bool ok)
{
    if (!ok)
        std::abort();
}

void checkAnswer(const json &message)
{
    check(message.is_object() && message.value("jsonrpc", "") == "2.0");
    const bool response =
        message.contains("id") && (message.contains("result") ^ message.contains("error"));
    const bool notification = message.contains("method") && !message.contains("id");
    check(response || notification);
    check(ops::mcp::serialize(message).find('\n') == std::string::npos);
}

void checkCall(const ops::mcp::ToolCall &call)
{
    static const QRegularExpression actor(
        QStringLiteral("^agent:mcp:[A-Za-z0-9_.-]{1,64}:[A-Za-z0-9_.-]{1,64}$"));
    const json *tool = ops::mcp::findTool(call.tool);
    check(tool != nullptr);
    check(!ops::mcp::argumentProblem(*tool, call.arguments));
    check(actor.match(call.actor).hasMatch());
    check(call.id.is_string() || call.id.is_number_integer());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string input(reinterpret_cast<const char *>(data), size);
    ops::mcp::McpSession session;
    const auto init = session.handle(std::string_view(
        R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":)"
        R"("2025-06-18","clientInfo":{"name":"fuzz","version":"1"}}})"));
    check(init.messages.size() == 1 && session.initialized());

    std::size_t start = 0;
    while (start <= input.size()) {
        const std::size_t end = std::min(input.find('\n', start), input.size());
        const std::string_view line(input.data() + start, end - start);
        const auto reply = session.handle(line);
        for (const auto &message : reply.messages)
            checkAnswer(message);
        if (!ops::mcp::isValidUtf8(line))
            check(reply.messages.size() == 1 &&
                  reply.messages[0]["error"]["code"] == ops::mcp::rpc::kParseError);
        if (reply.call) {
            checkCall(*reply.call);
            const json rejected = {{"status", "rejected"},
                                   {"error", {{"code", "x"}, {"message", "y"}}}};
            const json answer = ops::mcp::resultMessage(
                reply.call->id, ops::mcp::McpSession::toolCallResult(rejected));
            checkAnswer(answer);
            check(answer["result"]["isError"] == true);
            session.complete(reply.call->id);
        }
        start = end + 1;
    }

    // The argument check on its own, against every tool, for any JSON value.
    const auto value = json::parse(input, nullptr, false);
    if (!value.is_discarded()) {
        for (const auto &tool : ops::mcp::toolDefinitions())
            (void)ops::mcp::argumentProblem(tool, value.is_object() ? value : json::object());
    }
    return 0;
}

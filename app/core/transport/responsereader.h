#pragma once

// One HTTP/1.1 response read from the bytes of a connection as they arrive (RFC 9112): the status
// line, the header fields, and a body framed by Content-Length, the chunked transfer coding or
// the end of the connection; interim 1xx responses are skipped. Pure logic: QtHttpTransport feeds
// it what its socket reads, the tests' raw client reads provider-sim with it, and a fuzz target
// (tests/fuzz/fuzz_http_response.cpp) feeds it arbitrary bytes in arbitrary pieces.
//
// It is strict where leniency could make two readers disagree about where a response ends (a bad
// Content-Length, a folded header line, a chunk size that is not hex) and refuses a head over
// 64 KiB or a body over the caller's limit, so a hostile peer cannot make it grow without bound.

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QString>

namespace ops {

class ResponseReader
{
public:
    enum class State
    {
        Head,     // the status line or the header fields are still arriving
        Body,     // the head is complete, the body is arriving
        Complete, // one whole response
        Failed    // the bytes are not a response this reader accepts (failure())
    };
    enum class Failure
    {
        None,
        Malformed,
        TooLarge
    };

    static constexpr qsizetype kMaxHeadBytes = 64 * 1024;

    // maxBodyBytes: a longer body fails as TooLarge. bodyless: the request was HEAD, so no body
    // follows whatever the fields say.
    explicit ResponseReader(qsizetype maxBodyBytes, bool bodyless = false);

    // The next bytes of the connection. Bytes after the end of a complete response are kept
    // aside (hasTrailingBytes()); the connection then carries something nobody asked for.
    void feed(QByteArrayView bytes);
    // The peer closed the connection: a body framed by the close is complete now; a response
    // cut short stays in Head or Body.
    void endOfStream();

    State state() const { return m_state; }
    Failure failure() const { return m_failure; }
    // Why it failed, for a person ("chunk size is not hexadecimal").
    const QString &failureText() const { return m_failureText; }

    // The final (non-1xx) status line and header fields have arrived; status() and headers()
    // are set from then on, also when the body is later cut short or malformed.
    bool headComplete() const { return m_status != 0; }
    int status() const { return m_status; }
    // Field names in lower case; a repeated field's values joined with ", ".
    const QHash<QByteArray, QByteArray> &headers() const { return m_headers; }
    QByteArray header(const QByteArray &lowerName) const { return m_headers.value(lowerName); }
    // What has arrived of the body (all of it once Complete).
    const QByteArray &body() const { return m_body; }
    bool hasTrailingBytes() const { return m_trailing; }

    // Complete, and the connection may carry the next request: HTTP/1.1 without
    // `Connection: close`, a body not framed by the close, nothing received after it.
    bool reusable() const;

private:
    enum class Framing
    {
        None,
        Length,
        Chunked,
        UntilClose
    };
    enum class ChunkStep
    {
        Size,
        Data,
        DataEnd,
        Trailer
    };

    void fail(Failure failure, const QString &text);
    bool readHead();
    bool readStatusLine(QByteArrayView line);
    bool readField(QByteArrayView line);
    void startBody();
    bool readBody();
    bool readChunked();
    // The next line of m_buffer from m_pos without its line ending; false until one arrived.
    bool takeLine(QByteArrayView &line);
    bool appendBody(QByteArrayView bytes);
    void complete();

    qsizetype m_maxBody = 0;
    bool m_bodyless = false;
    State m_state = State::Head;
    Failure m_failure = Failure::None;
    QString m_failureText;

    QByteArray m_buffer; // received and not yet consumed, from m_pos
    qsizetype m_pos = 0;
    qsizetype m_searched = 0;  // m_buffer holds no line end before this
    qsizetype m_headBytes = 0; // of the head being read, interim responses included

    bool m_sawStatusLine = false;
    int m_status = 0;
    int m_pendingStatus = 0;
    bool m_http11 = false;
    QHash<QByteArray, QByteArray> m_headers;
    Framing m_framing = Framing::None;
    qsizetype m_remaining = 0; // Length: body bytes still due; Chunked: of the current chunk
    ChunkStep m_chunkStep = ChunkStep::Size;
    QByteArray m_body;
    bool m_trailing = false;
};

} // namespace ops

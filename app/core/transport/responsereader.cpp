#include "transport/responsereader.h"

#include <cctype>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

bool isDigits(QByteArrayView s)
{
    if (s.isEmpty())
        return false;
    for (const char c : s) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

QByteArrayView trimmedOws(QByteArrayView s)
{
    while (!s.isEmpty() && (s.front() == ' ' || s.front() == '\t'))
        s = s.sliced(1);
    while (!s.isEmpty() && (s.back() == ' ' || s.back() == '\t'))
        s.chop(1);
    return s;
}

// A comma-separated field (Connection, Transfer-Encoding) names `token`, in any case.
bool listHas(const QByteArray &value, QByteArrayView token)
{
    for (const QByteArray &item : value.split(',')) {
        if (trimmedOws(item).compare(token, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

// The last coding of Transfer-Encoding is chunked: the body is framed by its chunks.
bool endsChunked(const QByteArray &value)
{
    const QList<QByteArray> codings = value.split(',');
    return trimmedOws(codings.constLast()).compare("chunked", Qt::CaseInsensitive) == 0;
}

} // namespace

ResponseReader::ResponseReader(qsizetype maxBodyBytes, bool bodyless)
    : m_maxBody(maxBodyBytes)
    , m_bodyless(bodyless)
{}

void ResponseReader::feed(QByteArrayView bytes)
{
    if (bytes.isEmpty() || m_state == State::Failed)
        return;
    if (m_state == State::Complete) {
        m_trailing = true;
        return;
    }
    m_buffer.append(bytes);
    if (m_state == State::Head && !readHead())
        return;
    if (m_state == State::Body)
        readBody();
    if (m_state == State::Complete && m_pos < m_buffer.size())
        m_trailing = true;
    // Drop what was consumed once it is most of the buffer, not on every call.
    if (m_pos > 4096 && m_pos * 2 > m_buffer.size()) {
        m_buffer.remove(0, m_pos);
        m_searched = qMax<qsizetype>(0, m_searched - m_pos);
        m_pos = 0;
    }
}

void ResponseReader::endOfStream()
{
    if (m_state == State::Body && m_framing == Framing::UntilClose)
        complete();
}

bool ResponseReader::reusable() const
{
    return m_state == State::Complete && m_http11 && m_framing != Framing::UntilClose &&
           !m_trailing && !listHas(header("connection"), "close");
}

void ResponseReader::fail(Failure failure, const QString &text)
{
    m_state = State::Failed;
    m_failure = failure;
    m_failureText = text;
}

bool ResponseReader::takeLine(QByteArrayView &line)
{
    // Bytes already searched are not searched again: a line trickling in a byte at a time costs
    // its length, not its length squared.
    const qsizetype end = m_buffer.indexOf('\n', qMax(m_pos, m_searched));
    if (end < 0) {
        m_searched = m_buffer.size();
        return false;
    }
    line = QByteArrayView(m_buffer).sliced(m_pos, end - m_pos);
    if (line.endsWith('\r'))
        line.chop(1);
    m_headBytes += end + 1 - m_pos;
    m_pos = end + 1;
    return true;
}

// False when the head is still incomplete or the reader failed.
bool ResponseReader::readHead()
{
    QByteArrayView line;
    while (takeLine(line)) {
        if (m_headBytes > kMaxHeadBytes) {
            fail(Failure::TooLarge, u"response head larger than %1 bytes"_s.arg(kMaxHeadBytes));
            return false;
        }
        if (!m_sawStatusLine) {
            if (!readStatusLine(line))
                return false;
            continue;
        }
        if (!line.isEmpty()) {
            if (!readField(line))
                return false;
            continue;
        }
        // The end of one head: an interim response is followed by the next head.
        if (m_pendingStatus < 200) {
            m_sawStatusLine = false;
            m_headers.clear();
            continue;
        }
        m_status = m_pendingStatus;
        startBody();
        return m_state != State::Failed;
    }
    if (m_buffer.size() - m_pos + m_headBytes > kMaxHeadBytes) {
        fail(Failure::TooLarge, u"response head larger than %1 bytes"_s.arg(kMaxHeadBytes));
        return false;
    }
    return false;
}

bool ResponseReader::readStatusLine(QByteArrayView line)
{
    // HTTP-version SP 3DIGIT SP [reason]; a bare "HTTP/1.1 200" is accepted too.
    const bool versionOk = line.startsWith("HTTP/1.") && line.size() >= 12 &&
                           (line[7] == '0' || line[7] == '1') && line[8] == ' ';
    const QByteArrayView code = versionOk ? line.sliced(9, 3) : QByteArrayView();
    if (!versionOk || !isDigits(code) || (line.size() > 12 && line[12] != ' ')) {
        fail(Failure::Malformed, u"not an HTTP/1.x status line: %1"_s.arg(QString::fromLatin1(
                                     line.first(qMin<qsizetype>(40, line.size())).toByteArray())));
        return false;
    }
    m_pendingStatus = code.toInt();
    if (m_pendingStatus < 100 || m_pendingStatus > 599 || m_pendingStatus == 101) {
        fail(Failure::Malformed, u"unexpected status %1"_s.arg(m_pendingStatus));
        return false;
    }
    m_http11 = line[7] == '1';
    m_sawStatusLine = true;
    return true;
}

bool ResponseReader::readField(QByteArrayView line)
{
    const qsizetype colon = line.indexOf(':');
    const QByteArrayView name = colon > 0 ? line.first(colon) : QByteArrayView();
    bool nameOk = !name.isEmpty();
    for (const char c : name)
        nameOk = nameOk && isTokenChar(c);
    // A folded line (leading white space) or a name with white space before the colon is where
    // two readers could disagree about the fields: refused (RFC 9112 5.1, 5.2).
    if (!nameOk) {
        fail(Failure::Malformed, u"malformed header field line"_s);
        return false;
    }
    const QByteArray key = name.toByteArray().toLower();
    const QByteArrayView value = trimmedOws(line.sliced(colon + 1));
    auto it = m_headers.find(key);
    if (it == m_headers.end())
        m_headers.insert(key, value.toByteArray());
    else
        it->append(", ").append(value);
    return true;
}

void ResponseReader::startBody()
{
    m_state = State::Body;
    if (m_bodyless || m_status == 204 || m_status == 304) {
        m_framing = Framing::None;
        return complete();
    }
    const QByteArray transfer = header("transfer-encoding");
    if (!transfer.isEmpty()) {
        // Transfer-Encoding overrides Content-Length (RFC 9112 6.3); without chunked last the body
        // runs to the close.
        m_framing = endsChunked(transfer) ? Framing::Chunked : Framing::UntilClose;
        return;
    }
    if (!m_headers.contains("content-length")) {
        m_framing = Framing::UntilClose;
        return;
    }
    // Repeated Content-Length fields must agree ("5, 5"); anything else is refused.
    const QList<QByteArray> lengths = header("content-length").split(',');
    const QByteArrayView first = trimmedOws(lengths.first());
    bool same = isDigits(first) && first.size() <= 18;
    for (const QByteArray &l : lengths)
        same = same && trimmedOws(l) == first;
    if (!same)
        return fail(Failure::Malformed, u"invalid Content-Length"_s);
    m_framing = Framing::Length;
    m_remaining = first.toLongLong();
    if (m_remaining > m_maxBody)
        return fail(Failure::TooLarge, u"response larger than %1 bytes"_s.arg(m_maxBody));
    if (m_remaining == 0)
        complete();
}

bool ResponseReader::appendBody(QByteArrayView bytes)
{
    if (m_body.size() + bytes.size() > m_maxBody) {
        fail(Failure::TooLarge, u"response larger than %1 bytes"_s.arg(m_maxBody));
        return false;
    }
    m_body.append(bytes);
    return true;
}

bool ResponseReader::readBody()
{
    const QByteArrayView rest = QByteArrayView(m_buffer).sliced(m_pos);
    switch (m_framing) {
    case Framing::None:
        return true;
    case Framing::UntilClose:
        m_pos = m_buffer.size();
        return appendBody(rest);
    case Framing::Length: {
        const qsizetype n = qMin(m_remaining, rest.size());
        m_pos += n;
        m_remaining -= n;
        if (!appendBody(rest.first(n)))
            return false;
        if (m_remaining == 0)
            complete();
        return true;
    }
    case Framing::Chunked:
        return readChunked();
    }
    return true;
}

// chunk = chunk-size [ chunk-ext ] CRLF chunk-data CRLF; last-chunk = 0; then trailer fields and
// an empty line (RFC 9112 7.1).
bool ResponseReader::readChunked()
{
    for (;;) {
        if (m_chunkStep == ChunkStep::Data) {
            const QByteArrayView rest = QByteArrayView(m_buffer).sliced(m_pos);
            const qsizetype n = qMin(m_remaining, rest.size());
            m_pos += n;
            m_remaining -= n;
            if (!appendBody(rest.first(n)))
                return false;
            if (m_remaining > 0)
                return true;
            m_chunkStep = ChunkStep::DataEnd;
            continue;
        }
        QByteArrayView line;
        const qsizetype before = m_headBytes;
        if (!takeLine(line)) {
            if (m_buffer.size() - m_pos <= kMaxHeadBytes)
                return true;
            fail(Failure::Malformed, u"chunk line longer than %1 bytes"_s.arg(kMaxHeadBytes));
            return false;
        }
        m_headBytes = before; // chunk lines do not count toward the head
        switch (m_chunkStep) {
        case ChunkStep::Size: {
            const qsizetype ext = line.indexOf(';');
            const QByteArrayView hex = trimmedOws(ext < 0 ? line : line.first(ext));
            bool ok = !hex.isEmpty() && hex.size() <= 15;
            for (const char c : hex)
                ok = ok && std::isxdigit(static_cast<unsigned char>(c));
            const qlonglong size = ok ? hex.toLongLong(&ok, 16) : 0;
            if (!ok) {
                fail(Failure::Malformed, u"chunk size is not hexadecimal"_s);
                return false;
            }
            m_remaining = size;
            m_chunkStep = size == 0 ? ChunkStep::Trailer : ChunkStep::Data;
            break;
        }
        case ChunkStep::DataEnd:
            if (!line.isEmpty()) {
                fail(Failure::Malformed, u"chunk data longer than its size"_s);
                return false;
            }
            m_chunkStep = ChunkStep::Size;
            break;
        case ChunkStep::Trailer:
            if (line.isEmpty()) {
                complete();
                return true;
            }
            break; // trailer fields are read past, not kept
        case ChunkStep::Data:
            break;
        }
    }
}

void ResponseReader::complete()
{
    m_state = State::Complete;
}

} // namespace ops

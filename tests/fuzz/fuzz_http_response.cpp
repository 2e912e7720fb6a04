// libFuzzer: the HTTP/1.1 response reader (app/core/transport/responsereader.h).
// The first two bytes choose where to cut the rest and whether the peer closes after it.
// 1. No bytes crash it or make it hold more than its limits allow.
// 2. Read in two pieces, or one byte at a time, the bytes mean what they mean read whole: a
//    socket delivers them in any pieces.
// 3. A complete response's body fits the limit; a reusable one is complete.

#include "transport/responsereader.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

constexpr qsizetype kMaxBody = 4096;

struct Seen
{
    ops::ResponseReader::State state;
    ops::ResponseReader::Failure failure;
    int status;
    QByteArray body;
    bool reusable;
    bool operator==(const Seen &) const = default;
};

Seen read(const QList<QByteArrayView> &pieces, bool eof)
{
    ops::ResponseReader reader(kMaxBody);
    for (const QByteArrayView piece : pieces)
        reader.feed(piece);
    if (eof)
        reader.endOfStream();
    if (reader.body().size() > kMaxBody)
        std::abort();
    if (reader.reusable() && reader.state() != ops::ResponseReader::State::Complete)
        std::abort();
    return {reader.state(), reader.failure(), reader.status(), reader.body(), reader.reusable()};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const QByteArrayView bytes(reinterpret_cast<const char *>(data) + 2, qsizetype(size - 2));
    const qsizetype cut = bytes.isEmpty() ? 0 : qsizetype(data[0]) % (bytes.size() + 1);
    const bool eof = (data[1] & 1) != 0;
    const Seen whole = read({bytes}, eof);
    if (!(read({bytes.first(cut), bytes.sliced(cut)}, eof) == whole))
        std::abort();
    if (bytes.size() <= 512) {
        QList<QByteArrayView> bytewise;
        for (qsizetype i = 0; i < bytes.size(); ++i)
            bytewise.append(bytes.sliced(i, 1));
        if (!(read(bytewise, eof) == whole))
            std::abort();
    }
    return 0;
}

#pragma once

// Comparison of two MACs or digests that looks at every byte whatever the first difference, so
// the time taken says nothing about how much of a forged signature was right. Lengths are not
// secret (every caller compares fixed-size digests).

#include <QByteArray>

namespace ops {

inline bool sameBytes(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

} // namespace ops

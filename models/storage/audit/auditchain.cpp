#include "storage/audit/auditchain.h"

#include <QThread>
#include <QThreadPool>
#include <charconv>
#include <deque>
#include <future>
#include <memory>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

bool needsEscape(QByteArrayView utf8)
{
    for (const char c : utf8) {
        if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20)
            return true;
    }
    return false;
}

// A JSON string as nlohmann::json::dump() writes it (UTF-8 kept, control characters escaped).
void appendJsonString(std::string &out, QByteArrayView utf8)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    if (!needsEscape(utf8)) {
        out.append(utf8.data(), std::size_t(utf8.size()));
        out += '"';
        return;
    }
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (u < 0x20) {
                out += "\\u00";
                out += kHex[u >> 4];
                out += kHex[u & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

// The hash the entry should have when the fast one did not match it: entryHash() on the parsed
// detail (equal for a detail that is valid JSON but not canonical); nullopt when the detail is
// not JSON.
std::optional<QByteArray> slowHash(const ChainRow &row)
{
    try {
        return AuditLog::entryHash(QString::fromUtf8(row.prev), row.at,
                                   QString::fromUtf8(row.actor), QString::fromUtf8(row.action),
                                   QString::fromUtf8(row.operationId),
                                   QString::fromUtf8(row.detail))
            .toLatin1();
    } catch (const nlohmann::json::exception &) {
        return std::nullopt; // AuditLog::append only ever writes JSON
    }
}

// The verdict, taken one entry at a time in id order: the one place both walks decide whether
// an entry holds, so their count, first broken id and reason cannot differ.
class ChainVerdict
{
public:
    ChainVerdict(std::optional<qint64> highWater, const ChainProgress &progress)
        : m_highWater(highWater)
        , m_progress(progress)
    {}

    // `fastMatches`: FastEntryHash::matches(row). False when the walk ends here (the entry is
    // broken or progress cancelled); result() then says which.
    bool step(const ChainRow &row, bool fastMatches)
    {
        const std::optional<QByteArray> recomputed =
            fastMatches ? std::optional<QByteArray>(QByteArray()) : slowHash(row);
        if (!recomputed)
            return broken(row.id, u"its detail is not JSON"_s);
        if (row.prev != QByteArrayView(m_expectedPrev))
            return broken(row.id, m_lastId == 0
                                      ? u"it does not start from the genesis hash"_s
                                      : u"it does not follow entry #%1 (an entry was removed, "
                                        "inserted or reordered)"_s.arg(m_lastId));
        if (!fastMatches && *recomputed != row.hash)
            return broken(row.id, u"its contents do not match its hash (edited)"_s);
        m_expectedPrev.assign(row.hash.data(), std::size_t(row.hash.size()));
        m_lastId = row.id;
        ++m_check.entries;
        if (m_progress && m_check.entries % AuditLog::kProgressEvery == 0 &&
            !m_progress(m_check.entries, qMax(m_check.entries, m_highWater.value_or(0))))
            m_cancelled = true;
        return !m_cancelled;
    }

    // After the last entry: a cut-off end, then the last progress call.
    std::optional<ChainCheck> finish()
    {
        if (m_highWater && *m_highWater > m_lastId)
            return ChainCheck{m_check.entries, m_lastId + 1,
                              u"entries after #%1 up to #%2 are missing (the end of the chain "
                              "was cut off)"_s.arg(m_lastId)
                                  .arg(*m_highWater)};
        if (m_progress && !m_progress(m_check.entries, m_check.entries))
            return std::nullopt;
        return m_check;
    }

    // After step() returned false.
    std::optional<ChainCheck> result() const
    {
        if (m_cancelled)
            return std::nullopt;
        return m_check;
    }

private:
    bool broken(qint64 id, const QString &reason)
    {
        m_check.brokenId = id;
        m_check.reason = reason;
        return false;
    }

    std::optional<qint64> m_highWater;
    const ChainProgress &m_progress;
    ChainCheck m_check;
    std::string m_expectedPrev = kGenesisHash.toStdString();
    qint64 m_lastId = 0;
    bool m_cancelled = false;
};

// A run of entries copied out of the reader, so another thread can hash them while the next run
// is read. The rows' views point into m_bytes once the chunk is full.
class ChainChunk
{
public:
    void clear()
    {
        m_bytes.clear();
        m_rows.clear();
    }
    void add(const ChainRow &row)
    {
        Stored s{row.id, row.at, {}};
        const QByteArrayView fields[kFields] = {row.actor,  row.action, row.operationId,
                                                row.detail, row.prev,   row.hash};
        for (int i = 0; i < kFields; ++i) {
            s.length[i] = std::size_t(fields[i].size());
            m_bytes.append(fields[i].data(), s.length[i]);
        }
        m_rows.push_back(s);
    }
    std::size_t size() const { return m_rows.size(); }
    // Fixes the rows' views; no add() after this until clear().
    void seal()
    {
        m_views.resize(m_rows.size());
        std::size_t at = 0;
        for (std::size_t r = 0; r < m_rows.size(); ++r) {
            const Stored &s = m_rows[r];
            QByteArrayView v[kFields];
            for (int i = 0; i < kFields; ++i) {
                v[i] = QByteArrayView(m_bytes.data() + at, qsizetype(s.length[i]));
                at += s.length[i];
            }
            m_views[r] = {s.id, s.at, v[0], v[1], v[2], v[3], v[4], v[5]};
        }
        m_matches.assign(m_rows.size(), 0);
    }
    const ChainRow &row(std::size_t i) const { return m_views[i]; }
    bool matches(std::size_t i) const { return m_matches[i] != 0; }
    // On a hashing thread.
    void hashAll()
    {
        FastEntryHash fast;
        for (std::size_t i = 0; i < m_views.size(); ++i)
            m_matches[i] = fast.matches(m_views[i]) ? 1 : 0;
    }

private:
    static constexpr int kFields = 6;
    struct Stored
    {
        qint64 id = 0;
        qint64 at = 0;
        std::size_t length[kFields];
    };
    std::string m_bytes;
    std::vector<Stored> m_rows;
    std::vector<ChainRow> m_views;
    std::vector<char> m_matches;
};

std::optional<ChainCheck> walkInTurn(const ChainSource &next, ChainVerdict &verdict)
{
    FastEntryHash fast;
    ChainRow row;
    while (next(row)) {
        if (!verdict.step(row, fast.matches(row)))
            return verdict.result();
    }
    return verdict.finish();
}

// The calling thread reads chunk after chunk (up to a few ahead) and takes the verdict on each
// in order once its hashes are in; the pool hashes them meanwhile.
class ParallelWalk
{
public:
    ParallelWalk(const ChainSource &next, const ChainWalkOptions &options)
        : m_next(next)
        , m_chunkEntries(std::size_t(qMax(1, options.chunkEntries)))
        , m_depth(std::size_t(options.hashThreads) * 2 + 1)
    {
        m_pool.setMaxThreadCount(options.hashThreads);
    }
    ~ParallelWalk() { m_pool.waitForDone(); } // no task may outlive the chunks it hashes

    std::optional<ChainCheck> run(ChainVerdict &verdict)
    {
        while (readAhead()) {
            InFlight front = std::move(m_inFlight.front());
            m_inFlight.pop_front();
            front.hashed.wait();
            for (std::size_t i = 0; i < front.chunk->size(); ++i) {
                if (!verdict.step(front.chunk->row(i), front.chunk->matches(i)))
                    return verdict.result();
            }
            m_spare.push_back(std::move(front.chunk));
        }
        return verdict.finish();
    }

private:
    struct InFlight
    {
        std::unique_ptr<ChainChunk> chunk;
        std::future<void> hashed;
    };

    // Fills the queue up to its depth; false when nothing is left to check.
    bool readAhead()
    {
        while (m_more && m_inFlight.size() < m_depth) {
            std::unique_ptr<ChainChunk> chunk = spareChunk();
            ChainRow row;
            while (chunk->size() < m_chunkEntries && (m_more = m_next(row)))
                chunk->add(row);
            if (chunk->size() == 0)
                break;
            chunk->seal();
            submit(std::move(chunk));
        }
        return !m_inFlight.empty();
    }

    std::unique_ptr<ChainChunk> spareChunk()
    {
        if (m_spare.empty())
            return std::make_unique<ChainChunk>();
        std::unique_ptr<ChainChunk> chunk = std::move(m_spare.back());
        m_spare.pop_back();
        chunk->clear();
        return chunk;
    }

    void submit(std::unique_ptr<ChainChunk> chunk)
    {
        auto done = std::make_shared<std::promise<void>>();
        InFlight entry{std::move(chunk), done->get_future()};
        ChainChunk *work = entry.chunk.get();
        m_inFlight.push_back(std::move(entry));
        m_pool.start([work, done] {
            work->hashAll();
            done->set_value();
        });
    }

    const ChainSource &m_next;
    std::size_t m_chunkEntries = 0;
    std::size_t m_depth = 0;
    bool m_more = true;
    std::deque<InFlight> m_inFlight;
    std::vector<std::unique_ptr<ChainChunk>> m_spare;
    QThreadPool m_pool; // last: destroyed (and waited for) before the chunks
};

} // namespace

int ChainWalkOptions::defaultHashThreads()
{
    const int cores = QThread::idealThreadCount();
    return cores > 1 ? qMin(cores, 4) : 0;
}

QByteArrayView FastEntryHash::hex(const ChainRow &row)
{
    static constexpr char kHex[] = "0123456789abcdef";
    char number[24];
    const auto printed = std::to_chars(number, number + sizeof number, row.at);
    m_entry.clear();
    m_entry += "{\"action\":";
    appendJsonString(m_entry, row.action);
    m_entry += ",\"actor\":";
    appendJsonString(m_entry, row.actor);
    m_entry += ",\"at\":";
    m_entry.append(number, printed.ptr);
    m_entry += ",\"detail\":";
    m_entry.append(row.detail.data(), std::size_t(row.detail.size()));
    m_entry += ",\"operation_id\":";
    appendJsonString(m_entry, row.operationId);
    m_entry += '}';
    m_hash.reset();
    m_hash.addData(row.prev);
    m_hash.addData("\n");
    m_hash.addData(QByteArrayView(m_entry.data(), qsizetype(m_entry.size())));
    const QByteArrayView digest = m_hash.resultView();
    for (qsizetype i = 0; i < digest.size() && i < 32; ++i) {
        const auto b = static_cast<unsigned char>(digest[i]);
        m_hex[2 * i] = kHex[b >> 4];
        m_hex[2 * i + 1] = kHex[b & 0xf];
    }
    return QByteArrayView(m_hex, sizeof m_hex);
}

std::optional<ChainCheck> walkAuditChain(const ChainSource &next, std::optional<qint64> highWater,
                                         const ChainProgress &progress,
                                         const ChainWalkOptions &options)
{
    ChainVerdict verdict(highWater, progress);
    if (options.hashThreads <= 0)
        return walkInTurn(next, verdict);
    ParallelWalk walk(next, options);
    return walk.run(verdict);
}

} // namespace ops

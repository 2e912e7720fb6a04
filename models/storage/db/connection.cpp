#include "storage/db/connection.h"

#include "storage/db/sqlconnection.h"

namespace ops {

ConnectionHold::ConnectionHold(const Connection &connection)
    : m_connection(std::make_unique<Connection>(connection))
{}

ConnectionHold::ConnectionHold(const ConnectionHold &other)
    : m_connection(std::make_unique<Connection>(*other.m_connection))
{}

ConnectionHold &ConnectionHold::operator=(const ConnectionHold &other)
{
    if (this != &other)
        *m_connection = *other.m_connection;
    return *this;
}

ConnectionHold::~ConnectionHold() = default;

} // namespace ops

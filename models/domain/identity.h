#pragma once

// Who the database says is acting, as a value (DESIGN §13; storage/access/identity.h reads it):
// the login's principal and what it means for the names a person's action carries, and the role
// group membership gives a name. Plain types: nothing here reaches the database.

#include "domain/result.h"
#include "domain/rights.h"

#include <QString>
#include <optional>

namespace ops {

// What the login is to the database: ops_role_of() of migration 0011.
enum class Principal
{
    Unchecked,  // a SQLite file or the tables' owner: names are not authenticated
    Supervisor, // member of ops_supervisor
    Support,    // member of ops_support
    Agent,      // member of ops_agent
    Service,    // member of ops_service (receiver, reconciler)
    Disabled,   // NOLOGIN or disabled in the directory
    NoGroup,    // a login in none of the four groups: may do nothing
};

QString toString(Principal p); // "supervisor", "support", … "unchecked", "no group"

struct Identity
{
    QString login; // session_user; empty on SQLite
    Principal principal = Principal::Unchecked;
    bool teamMode = false; // PostgreSQL

    // True when the database proves who acts: a team login other than the owner.
    bool authenticated() const { return principal != Principal::Unchecked; }
    bool isPerson() const;            // supervisor, support, disabled or in no group
    std::optional<Role> role() const; // the group as a directory role

    // The operator a person's action names: the login when authenticated, else `typed`.
    QString operatorFor(const QString &typed) const;
    // Whether a person may act under `typed`: an empty name or the login itself passes; another
    // name than an authenticated login fails ("you are logged in as bob").
    Result<void> mayActAs(const QString &typed) const;
};

// A name's role by group membership (memberRoleOf, storage/access/identity.h); disabled logins
// come back as {role, true}.
struct MemberRole
{
    std::optional<Role> role;
    bool disabled = false;
};

} // namespace ops

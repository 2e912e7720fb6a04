// The precompiled header every C++ target of the tree reuses (cmake/precompiled.cmake): the
// standard library, nlohmann/json and the Qt Core headers most sources include. Only Qt Core:
// Qt Sql here would make it visible above the storage floor (tests/probe), and QtTest's and
// QtWidgets' headers read QT_*_LIB macros that differ between targets, which would make the
// header unusable for most of them. Sources still include what they use: a build with
// -DOPS_PRECOMPILED_HEADERS=OFF (and the fuzz build, which has none) compiles without it.
#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QLoggingCategory>
#include <QObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>
#include <QVariant>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

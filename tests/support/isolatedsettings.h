#pragma once

// QSettings for a test process in a temporary folder (INI format): console preferences a test
// writes (the language, whether Resend asks first, column widths) never touch the real user's
// configuration, and a real user's choices never change what a test sees. Every test executable
// gets this before its first line runs (isolatedsettings.cpp registers it as a start-up function
// of QCoreApplication); calling it again is harmless and keeps the same folder.

namespace ops::test {

void isolateSettings();

} // namespace ops::test

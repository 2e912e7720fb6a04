#pragma once

// Where a suite finds the checkout and the programs it starts. The paths are compiled into one
// file of ops_testsupport (testpaths.cpp), not into every suite: a suite's own objects then carry
// no absolute path, so a clone in another folder reuses them from the compiler cache
// (docs/tests.md "CI time"). A suite may name a program only if its ops_add_test lists it under
// NEEDS (which builds that program first and defines OPS_NEEDS_<PROGRAM>); otherwise the call
// does not compile.

#include <QString>

namespace ops::test {

// The source tree: seed files, scripts/pg.sh, docs.
QString sourceDir();

#ifdef OPS_NEEDS_SIM
QString providerSimPath();
#endif
#ifdef OPS_NEEDS_OPSCTL
QString opsctlPath();
#endif
#ifdef OPS_NEEDS_CONSOLE
QString consolePath();
#endif

} // namespace ops::test

# Compiler cache (docs/tests.md "CI time"). CI builds the same sources the developer just built,
# in a fresh clone in another folder: with ccache as the launcher of every tree (build/,
# build-asan/, build-fuzz/ and so the package, which cpack takes from build/), each object is
# compiled once per machine. Included before any target exists, by the top-level project and by
# the standalone fuzz project.
#
# What makes a clone elsewhere hit the cache another clone filled:
# - base_dir is the clone's root, so every path inside it reaches the compiler relative to the
#   build folder (../app/…), the same in every clone; system headers stay absolute;
# - hash_dir off: the object's debug info keeps the folder of the clone that compiled it first
#   (gdb is told the other folder; nothing else reads it);
# - no absolute path compiled into a shared object: the suites' paths live in one file
#   (tests/support/testpaths.h), Qt Test's QT_TESTCASE_*DIR are dropped (tests/CMakeLists.txt),
#   and the precompiled header is included by name, not path (cmake/precompiled.cmake);
# - pch_defines,time_macros sloppiness: what ccache's manual asks for to cache compiles that use
#   a GCC precompiled header (no source here uses __DATE__ or __TIME__);
# - include_file_mtime/ctime sloppiness: a fresh clone's files are seconds old when compiled,
#   which ccache otherwise takes as "maybe still being written" and refuses to cache directly;
# - the inode cache: each object's key includes the precompiled header it uses (about 190 MB),
#   which ccache then hashes once per tree instead of once per compile.
# The key is everything else ccache hashes by default (compiler, every argument, the preprocessed
# or directly hashed sources), so a changed flag or define never reuses an object.
#
# The cache lives outside the clone and is bounded: OPS_CCACHE_DIR, default
# ~/.cache/opsconsole-ccache, 5 GiB (OPS_CCACHE_SIZE). Each tree logs its own hits to
# <tree>/ccache-stats.log for scripts/ci-times.sh. -DOPS_CCACHE=OFF, a launcher of one's own, or
# no ccache on the machine compile without it.
option(OPS_CCACHE "Compile through ccache when it is installed" ON)
if(NOT OPS_CCACHE OR CMAKE_CXX_COMPILER_LAUNCHER)
    set(OPS_CCACHE_ACTIVE OFF)
    return()
endif()
find_program(OPS_CCACHE_PROGRAM ccache)
if(NOT OPS_CCACHE_PROGRAM)
    message(STATUS "ccache: not found, compiling without a cache")
    set(OPS_CCACHE_ACTIVE OFF)
    return()
endif()

if(DEFINED ENV{OPS_CCACHE_DIR})
    set(ops_ccache_dir "$ENV{OPS_CCACHE_DIR}")
elseif(DEFINED ENV{XDG_CACHE_HOME})
    set(ops_ccache_dir "$ENV{XDG_CACHE_HOME}/opsconsole-ccache")
else()
    set(ops_ccache_dir "$ENV{HOME}/.cache/opsconsole-ccache")
endif()
set(OPS_CCACHE_DIR "${ops_ccache_dir}" CACHE PATH "Where ccache keeps this project's objects")
set(OPS_CCACHE_SIZE "5Gi" CACHE STRING "The compiler cache's size bound")
get_filename_component(ops_clone_root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

set(ops_launcher "${CMAKE_BINARY_DIR}/ops-ccache")
file(CONFIGURE OUTPUT "${ops_launcher}" @ONLY CONTENT [=[#!/bin/sh
# Written by cmake/ccache.cmake: the compiler cache's settings for this build tree.
CCACHE_DIR='@OPS_CCACHE_DIR@' CCACHE_MAXSIZE='@OPS_CCACHE_SIZE@' \
CCACHE_BASEDIR='@ops_clone_root@' CCACHE_NOHASHDIR=true CCACHE_INODECACHE=true \
CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime \
CCACHE_STATSLOG='@CMAKE_BINARY_DIR@/ccache-stats.log' \
exec '@OPS_CCACHE_PROGRAM@' "$@"
]=])
file(CHMOD "${ops_launcher}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
     GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CMAKE_CXX_COMPILER_LAUNCHER "${ops_launcher}")
set(OPS_CCACHE_ACTIVE ON)
message(STATUS "ccache: ${OPS_CCACHE_PROGRAM}, cache ${OPS_CCACHE_DIR} (${OPS_CCACHE_SIZE})")

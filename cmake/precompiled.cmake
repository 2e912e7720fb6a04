# Precompiled headers (docs/tests.md "CI time"): parsing the standard library, nlohmann/json and
# Qt Core was about a third of every compile. cmake/precompiled.h is compiled once per flag set,
# by a holder library, and every C++ target of the tree reuses it (REUSE_FROM): ops_pch for the
# libraries and programs, ops_pch_tests for the suites, which build with -O0 -g1
# (tests/CMakeLists.txt, ops_add_test) and GCC only accepts a header compiled with the same
# optimisation. GCC also refuses a header whose macros differ; it only reads Qt Core, so the
# targets' differing QT_*_LIB definitions do not matter, and -Winvalid-pch (added by CMake) with
# -Werror turns any mismatch into a build error instead of a silent slow path.
#
# Measured (issue 49, ops_storage and ops_engine with their dependencies, 110 objects, ccache
# off): 308 CPU-seconds with the header, 433 without. With ccache (cmake/ccache.cmake) the header
# is named <precompiled.h>, found through cmake/ on the include path, so CMake's generated
# cmake_pch.hxx holds no absolute path: the header's compile and every object that uses it are
# then the same in any clone, and a clone elsewhere hits the cache for both (pch_defines and
# time_macros sloppiness, as ccache's manual asks for GCC's precompiled headers).
option(OPS_PRECOMPILED_HEADERS "Reuse one precompiled header across the tree" ON)
if(NOT OPS_PRECOMPILED_HEADERS)
    return()
endif()

foreach(holder ops_pch ops_pch_tests)
    add_library(${holder} STATIC ${CMAKE_CURRENT_LIST_DIR}/precompiled.cpp)
    target_link_libraries(${holder} PRIVATE Qt6::Core nlohmann_json::nlohmann_json)
    target_include_directories(${holder} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
    target_precompile_headers(${holder} PRIVATE <precompiled.h>)
endforeach()
target_compile_options(ops_pch_tests PRIVATE -O0 -g1)

# Every target defined below a folder, depth first.
function(ops_targets_below dir out)
    get_property(found DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    foreach(sub ${subdirs})
        ops_targets_below(${sub} below)
        list(APPEND found ${below})
    endforeach()
    set(${out} ${found} PARENT_SCOPE)
endfunction()

# The sql_probe targets must fail on their own includes (tests/probe), so they keep none.
ops_targets_below(${PROJECT_SOURCE_DIR} ops_all_targets)
foreach(target ${ops_all_targets})
    get_target_property(type ${target} TYPE)
    if(NOT type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY|EXECUTABLE)$"
       OR target MATCHES "^ops_pch" OR target MATCHES "^ops_probe_")
        continue()
    endif()
    # The header's folder too, for a compiler that reads cmake_pch.hxx as text.
    target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
    get_target_property(flavour ${target} OPS_PCH_FLAVOUR)
    if(flavour STREQUAL "tests")
        target_precompile_headers(${target} REUSE_FROM ops_pch_tests)
    else()
        target_precompile_headers(${target} REUSE_FROM ops_pch)
    endif()
endforeach()

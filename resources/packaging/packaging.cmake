# Installing and the Debian package (docs/design.md §12): `cmake --install` puts the product under
# CMAKE_INSTALL_PREFIX, `cpack -G DEB` in the build directory makes opsconsole_<version>_<arch>.deb.
# The assets are written by hand in resources/packaging/; the translations need no files of their
# own because the .qm catalogues are compiled into opsconsole as Qt resources (:/i18n).

include(GNUInstallDirs)

set(OPS_APP_ID org.example.opsconsole) # desktop file, icon and metainfo share it
set(ops_packaging_dir ${CMAKE_CURRENT_LIST_DIR})
set(ops_packaging_out ${CMAKE_BINARY_DIR}/packaging)

# Debian wants man pages and changelogs compressed with gzip -9n (no timestamp, no name), so two
# builds of the same sources give the same package.
set(ops_gzipped)
foreach(source man/opsctl.1 man/opsconsole.1 man/provider-sim.1 changelog)
    get_filename_component(name ${source} NAME)
    set(target ${ops_packaging_out}/${name}.gz)
    add_custom_command(OUTPUT ${target}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${ops_packaging_out}
        COMMAND gzip -9n -c ${ops_packaging_dir}/${source} > ${target}
        DEPENDS ${ops_packaging_dir}/${source}
        COMMENT "Compressing ${source}" VERBATIM)
    list(APPEND ops_gzipped ${target})
endforeach()
add_custom_target(ops_packaging_files ALL DEPENDS ${ops_gzipped})

# `cmake --install` and cpack install what is already built instead of first building
# everything (the ~80 test programs): build the programs, then package (scripts/test-package.sh).
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

set(ops_installed_programs opsconsole opsctl)
if(TARGET provider-sim)
    list(APPEND ops_installed_programs provider-sim)
endif()
install(TARGETS ${ops_installed_programs} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${ops_packaging_out}/opsctl.1.gz ${ops_packaging_out}/opsconsole.1.gz
              ${ops_packaging_out}/provider-sim.1.gz
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${ops_packaging_dir}/${OPS_APP_ID}.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${ops_packaging_dir}/${OPS_APP_ID}.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${ops_packaging_dir}/${OPS_APP_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${ops_packaging_dir}/opsctl.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME opsctl)
install(FILES ${ops_packaging_dir}/copyright ${ops_packaging_out}/changelog.gz
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Bookworm's systemd and lintian expect units under /lib (the /usr move came after it).
install(FILES ${ops_packaging_dir}/opsctl-serve.service DESTINATION /lib/systemd/system)

set(CPACK_PACKAGE_NAME opsconsole)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "Operations Console maintainers")
set(CPACK_PACKAGE_CONTACT "Operations Console maintainers <maintainers@opsconsole.example.org>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY ${PROJECT_DESCRIPTION})
set(CPACK_PACKAGE_DESCRIPTION
    "A desktop console in which support operators and supervisors follow the refund\n"
    "and credit operations an AI support agent starts: every attempt, what the\n"
    "provider answered, evidence, approvals and a hash-chained audit trail.\n"
    "opsctl offers the same rules on the command line for the agent and scripts,\n"
    "and provider-sim is a local Stripe- and Slen-compatible simulator for the demo.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}") # list → text
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE https://opsconsole.example.org/)
# Library dependencies are read off the binaries by dpkg-shlibdeps. What it cannot see is the
# Qt SQL driver, a plugin loaded at run time: without it no database opens, so it is named here;
# the PostgreSQL driver is only needed for a team database.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libqt6sql6-psql")
# Qt's own strings (Close, Cancel, file dialogs) in Russian and Ukrainian; without it they stay
# English in a translated console.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
# Control files with the modes Debian policy asks for (0644, scripts 0755).
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)

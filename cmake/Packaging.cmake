# Install layout and the Debian package.
#   bin/kubelane
#   share/kubelane/resources/...        (found relative to the executable: a moved install works)
#   share/kubelane/samples/node-heartbeat-gap   (what the window opens when given nothing)
#   share/applications/kubelane.desktop, share/icons/hicolor/scalable/apps/kubelane.svg
#   share/man/man1/kubelane.1.gz
include(GNUInstallDirs)
install(TARGETS kubelane RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY resources/ DESTINATION ${CMAKE_INSTALL_DATADIR}/kubelane/resources
        PATTERN "desktop" EXCLUDE)
install(DIRECTORY samples/node-heartbeat-gap DESTINATION ${CMAKE_INSTALL_DATADIR}/kubelane/samples)
install(FILES resources/desktop/kubelane.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES resources/desktop/kubelane.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

# Debian wants manual pages compressed.
find_program(GZIP_EXECUTABLE gzip REQUIRED)
set(man_gz "${CMAKE_CURRENT_BINARY_DIR}/kubelane.1.gz")
add_custom_command(OUTPUT "${man_gz}"
                   COMMAND ${GZIP_EXECUTABLE} -9 -n -c "${CMAKE_CURRENT_SOURCE_DIR}/docs/kubelane.1" > "${man_gz}"
                   DEPENDS docs/kubelane.1 VERBATIM)
add_custom_target(kubelane_man ALL DEPENDS "${man_gz}")
install(FILES "${man_gz}" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME kubelane)
set(CPACK_PACKAGE_VENDOR "kubelane")
set(CPACK_PACKAGE_CONTACT "kubelane maintainers <kubelane@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Kubernetes incident logs as one annotated timeline")
set(CPACK_PACKAGE_DESCRIPTION "kubelane reads the kubelet, controller-manager and apiserver logs of an
incident bundle, correlates them into one time-ordered event store, runs root-cause rules and
draws swimlanes per node, pod and goroutine; it exports annotated timeline images.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # kubelane_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON) # dependencies from dpkg-shlibdeps, not a hand-kept list
set(CPACK_STRIP_FILES ON)
include(CPack)

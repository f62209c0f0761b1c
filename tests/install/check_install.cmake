# Installs the build into a fresh temporary prefix, moves it (a relocated install must still
# find its resources), and runs the installed kubelane from outside the source tree:
# --version, analyze on a sample, the packaged default sample, the desktop entry and man page.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK=... -P check_install.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${WORK}/first"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
file(RENAME "${WORK}/first" "${WORK}/moved")
set(prefix "${WORK}/moved")
foreach(f bin/kubelane share/kubelane/resources/events.json share/kubelane/resources/rules/pleg-unhealthy.json
          share/kubelane/samples/node-heartbeat-gap share/applications/kubelane.desktop
          share/icons/hicolor/scalable/apps/kubelane.svg share/man/man1/kubelane.1.gz)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()

set(ENV{KUBELANE_RESOURCES} "") # only what is installed
execute_process(COMMAND "${prefix}/bin/kubelane" --version WORKING_DIRECTORY "${WORK}"
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(rc OR NOT out MATCHES "^kubelane [0-9]+\\.[0-9]+\\.[0-9]+ \\(commit ([0-9a-f]+(-modified)?|unknown)\\)")
  message(FATAL_ERROR "--version: rc=${rc} out=${out}")
endif()
execute_process(COMMAND "${prefix}/bin/kubelane" analyze "${SOURCE_DIR}/samples/pleg-unhealthy" --json
                WORKING_DIRECTORY "${WORK}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc OR NOT out MATCHES "\"rule\": *\"pleg-unhealthy\"")
  message(FATAL_ERROR "installed analyze: rc=${rc}\n${err}")
endif()
# The sample the window opens with no argument travels with the install.
execute_process(COMMAND "${prefix}/bin/kubelane" analyze "${prefix}/share/kubelane/samples/node-heartbeat-gap"
                WORKING_DIRECTORY "${WORK}" OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(rc OR NOT out MATCHES "node-heartbeat-gap")
  message(FATAL_ERROR "installed sample: rc=${rc}\n${out}")
endif()
find_program(VALIDATE desktop-file-validate)
if(VALIDATE)
  execute_process(COMMAND ${VALIDATE} "${prefix}/share/applications/kubelane.desktop" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc OR out MATCHES "error")
    message(FATAL_ERROR "desktop-file-validate: ${out}")
  endif()
else()
  message(WARNING "desktop-file-validate not installed (package desktop-file-utils): the desktop entry is not checked")
endif()
file(REMOVE_RECURSE "${WORK}")
message(STATUS "installed, moved and ran: ok")

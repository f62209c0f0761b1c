# Installs the build into a fresh temporary prefix, moves it (a relocated install must still
# find its resources), and runs the installed kubelane from outside the source tree:
# --version, analyze on a sample, the packaged default sample, the desktop entry and man page,
# and the window opened on a bundle through the desktop entry's Exec line.
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
# Opened the way a file manager opens a bundle: the desktop entry's Exec line with %F expanded
# to the chosen folder, `kubelane` found on PATH. The window saves a picture of itself once the
# bundle has loaded, then quits; no picture in time means it did not open the bundle.
file(READ "${prefix}/share/applications/kubelane.desktop" entry)
if(NOT entry MATCHES "\nExec=([^\n]*)")
  message(FATAL_ERROR "the desktop entry has no Exec line")
endif()
string(REPLACE "%F" "${prefix}/share/kubelane/samples/node-heartbeat-gap" exec "${CMAKE_MATCH_1}")
separate_arguments(exec UNIX_COMMAND "${exec}")
set(ENV{PATH} "${prefix}/bin:$ENV{PATH}")
set(ENV{HOME} "${WORK}") # the window's settings and notes go here, not to the user's
set(ENV{XDG_CONFIG_HOME} "${WORK}/config")
set(ENV{XDG_DATA_HOME} "${WORK}/data")
set(ENV{QT_QPA_PLATFORM} offscreen)
set(ENV{KUBELANE_SCREENSHOT} "${WORK}/opened.png")
set(ENV{KUBELANE_SCREENSHOT_SIZE} 1280x720)
execute_process(COMMAND ${exec} WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out TIMEOUT 120)
if(EXISTS "${WORK}/opened.png")
  file(SIZE "${WORK}/opened.png" shot)
endif()
if(rc OR NOT shot GREATER 20000)
  message(FATAL_ERROR "opening the bundle through the desktop entry: rc=${rc}, picture ${shot} bytes\n${out}")
endif()
file(REMOVE_RECURSE "${WORK}")
message(STATUS "installed, moved, ran and opened from the desktop entry: ok")

# Run at build time (cmake -P): writes OUT with the version and the commit the tree is at, and
# rewrites it only when that changed, so an unchanged tree rebuilds nothing.
#   -DOUT=path/version.h -DVERSION=0.1.0 -DSOURCE_DIR=path
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
else()
  execute_process(COMMAND git -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                  OUTPUT_VARIABLE dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT dirty STREQUAL "")
    string(APPEND commit "-modified")
  endif()
endif()
set(text "#pragma once\n#define KUBELANE_VERSION \"${VERSION}\"\n#define KUBELANE_COMMIT \"${commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()

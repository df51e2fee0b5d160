# ctest lua.rockspec_version: the rockspec is named and versioned after the
# library's version (-DVERSION, read from include/warrules/core.h by CMake).
file(GLOB rockspecs "${DIR}/warrules-*.rockspec")
set(want "${DIR}/warrules-${VERSION}-1.rockspec")
if(NOT rockspecs STREQUAL want)
  message(FATAL_ERROR "expected exactly ${want}, found: ${rockspecs}")
endif()
file(STRINGS "${want}" line REGEX "^version *=")
if(NOT line MATCHES "^version *= *\"${VERSION}-1\"")
  message(FATAL_ERROR "${want}: '${line}' is not version = \"${VERSION}-1\"")
endif()
message(STATUS "rockspec ${VERSION}-1 matches the library version ${VERSION}")

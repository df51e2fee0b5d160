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

# The changelog has a section for this version, headed "unreleased" or with
# the day of its release tag (CONTRIBUTING.md, "Releasing").
file(STRINGS "${DIR}/../../CHANGELOG.md" heading ENCODING UTF-8 REGEX "^## ${VERSION} ")
string(REPLACE "." "\\." version_re "${VERSION}")
if(NOT heading MATCHES "^## ${version_re} — (unreleased|[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9])$")
  message(FATAL_ERROR "CHANGELOG.md: no '## ${VERSION} — unreleased' or '## ${VERSION} — YYYY-MM-DD' heading "
                      "(found: '${heading}')")
endif()
message(STATUS "CHANGELOG.md: ${heading}")

# The environment of the ctest cases, whatever the caller's shell holds.
#
# A developer with libwarrules installed in a prefix of their own has
# LD_LIBRARY_PATH, PKG_CONFIG_PATH, WARRULES_LIBRARY, LUA_CPATH and the like
# pointing at that install; a test that inherited them would load that copy
# (LD_LIBRARY_PATH comes before a program's RUNPATH) instead of the build
# under test. Every test runs without them: it reaches the library only
# through what the build or the test itself sets (the RUNPATH of the build
# tree, WARRULES_LIBRARY and LUA_CPATH in the test's ENVIRONMENT, the scratch
# prefix that a consumer test installs into). scripts/reliability.sh runs
# ctest with all of them pointing at a decoy install to check it.

set(WARRULES_TEST_UNSET
  LD_LIBRARY_PATH DYLD_LIBRARY_PATH
  PKG_CONFIG_PATH PKG_CONFIG_LIBDIR
  WARRULES_LIBRARY WARRULES_BUNDLE_LIBRARY WARRULES_TOOL
  PYTHONPATH
  LUA_CPATH LUA_CPATH_5_2 LUA_CPATH_5_3 LUA_CPATH_5_4
  LUA_PATH LUA_PATH_5_2 LUA_PATH_5_3 LUA_PATH_5_4
  LUA_INIT LUA_INIT_5_2 LUA_INIT_5_3 LUA_INIT_5_4)

# warrules_isolate_tests(): every test of the calling directory runs with the
# variables above unset, but for those its ENVIRONMENT property sets. Call it
# at the end of each CMakeLists.txt that adds tests (set_tests_properties
# reaches only the tests of its own directory before CMake 3.28).
function(warrules_isolate_tests)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(test IN LISTS tests)
    get_test_property(${test} ENVIRONMENT environment)
    set(own "")
    if(environment)
      foreach(entry IN LISTS environment)
        string(REGEX REPLACE "=.*" "" name "${entry}")
        list(APPEND own ${name})
      endforeach()
    endif()
    set(changes "")
    foreach(name IN LISTS WARRULES_TEST_UNSET)
      if(NOT name IN_LIST own)
        list(APPEND changes "${name}=unset:")
      endif()
    endforeach()
    set_property(TEST ${test} APPEND PROPERTY ENVIRONMENT_MODIFICATION ${changes})
  endforeach()
endfunction()

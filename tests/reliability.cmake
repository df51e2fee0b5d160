# Reliability cases: determinism (golden hashes of fixed-seed
# scenarios) and threads (shared const handles on several threads).
# scripts/reliability.sh runs them again across compilers, -O levels, -m32,
# ThreadSanitizer and valgrind.
set(WR_RELIABILITY_DEFINITIONS)
foreach(module ${WARRULES_MODULES})
  string(TOUPPER ${module} upper)
  list(APPEND WR_RELIABILITY_DEFINITIONS WR_HAVE_${upper})
endforeach()

# alloc_failure (registered in tests/CMakeLists.txt) runs the scenarios of
# the modules built.
if(TARGET test_alloc_failure)
  target_compile_definitions(test_alloc_failure PRIVATE ${WR_RELIABILITY_DEFINITIONS})
endif()

if("battlesystem" IN_LIST WARRULES_MODULES AND "melee" IN_LIST WARRULES_MODULES)
  add_executable(test_determinism test_determinism.c)
  target_link_libraries(test_determinism PRIVATE warrules_static warrules_flags)
  target_compile_definitions(test_determinism PRIVATE ${WR_RELIABILITY_DEFINITIONS})
  add_test(NAME determinism COMMAND test_determinism)

  find_package(Threads REQUIRED)
  add_executable(test_threads test_threads.c)
  target_link_libraries(test_threads PRIVATE warrules_static warrules_flags Threads::Threads)
  target_compile_definitions(test_threads PRIVATE ${WR_RELIABILITY_DEFINITIONS})
  add_test(NAME threads COMMAND test_threads)
endif()

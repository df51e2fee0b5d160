# Sources of the battlesystem module (see the top-level CMakeLists.txt).
list(APPEND WR_SOURCES)

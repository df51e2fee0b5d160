# Sources of the melee module (see the top-level CMakeLists.txt).
list(APPEND WR_SOURCES)

# Sources of the campaign module (see the top-level CMakeLists.txt).
list(APPEND WR_SOURCES)

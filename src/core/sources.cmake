list(APPEND WR_SOURCES src/core/memory.c src/core/status.c src/core/rng.c src/core/error.c
  src/core/deprecated.c)

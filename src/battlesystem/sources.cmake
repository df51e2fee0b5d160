# Sources of the battlesystem module (see the top-level CMakeLists.txt).
list(APPEND WR_SOURCES
  src/battlesystem/figure.c
  src/battlesystem/rating.c
  src/battlesystem/unit.c
  src/battlesystem/formation.c
  src/battlesystem/phase.c
  src/battlesystem/movement.c
  src/battlesystem/combat.c
  src/battlesystem/batch.c
  src/battlesystem/deprecated.c)

# Sources of the melee module (see the top-level CMakeLists.txt).
list(APPEND WR_SOURCES
  src/melee/reach.c
  src/melee/profile.c
  src/melee/wounds.c
  src/melee/unit.c
  src/melee/round.c
  src/melee/engagement.c
  src/melee/explain.c
  src/melee/phase.c
  src/melee/odds.c
  src/melee/odds_chain.c
  src/melee/odds_decimal.c
  src/melee/phase_odds_numbers.c
  src/melee/phase_odds.c
  src/melee/phase_odds_plan.c
  src/melee/phase_odds_chain.c
  src/melee/advisor.c
  src/melee/batch.c
  src/melee/deprecated.c)

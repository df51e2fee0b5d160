/**
 * @file melee.h
 * @brief Fantasy Warlord hand-to-hand combat (seed 004).
 */
#ifndef WARRULES_MELEE_H
#define WARRULES_MELEE_H

#include "warrules/core.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* WARRULES_MELEE_H */

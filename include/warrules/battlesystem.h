/**
 * @file battlesystem.h
 * @brief AD\&D Battlesystem special movement (seed 000): cavalry and chariot ratings, charges, shield walls, set spears, terrain.
 */
#ifndef WARRULES_BATTLESYSTEM_H
#define WARRULES_BATTLESYSTEM_H

#include "warrules/core.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* WARRULES_BATTLESYSTEM_H */

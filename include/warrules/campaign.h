/**
 * @file campaign.h
 * @brief Strategic campaign movement on hex maps (seed 002).
 */
#ifndef WARRULES_CAMPAIGN_H
#define WARRULES_CAMPAIGN_H

#include "warrules/core.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* WARRULES_CAMPAIGN_H */

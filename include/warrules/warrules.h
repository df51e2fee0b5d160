/**
 * @file warrules.h
 * @brief The whole public API of libwarrules: include this one header.
 */
#ifndef WARRULES_WARRULES_H
#define WARRULES_WARRULES_H

#include "warrules/battlesystem.h"
#include "warrules/campaign.h"
#include "warrules/core.h"
#include "warrules/melee.h"

#endif /* WARRULES_WARRULES_H */

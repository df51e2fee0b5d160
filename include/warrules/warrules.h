/**
 * @file warrules.h
 * @brief The whole public API of libwarrules: include this one header.
 */
#ifndef WARRULES_WARRULES_H
#define WARRULES_WARRULES_H

#include "warrules/core.h"
#include "warrules/battlesystem.h"
#include "warrules/melee.h"
#include "warrules/campaign.h"

#endif /* WARRULES_WARRULES_H */

#ifndef COACH_CSODIUM_SHIM_H
#define COACH_CSODIUM_SHIM_H
#include <sodium.h>
#endif

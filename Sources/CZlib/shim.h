#ifndef COACH_CZLIB_SHIM_H
#define COACH_CZLIB_SHIM_H
#include <zlib.h>
#endif

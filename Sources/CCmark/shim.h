#ifndef CCMARK_SHIM_H
#define CCMARK_SHIM_H
#define CMARK_NO_SHORT_NAMES 1
#include <cmark.h>
#endif

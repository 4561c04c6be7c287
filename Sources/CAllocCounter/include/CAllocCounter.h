#ifndef CALLOCCOUNTER_H
#define CALLOCCOUNTER_H
#include <stdint.h>
/// Number of malloc/calloc/realloc calls made by this process so far.
uint64_t cv_allocation_count(void);
#endif

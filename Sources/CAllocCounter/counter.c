// Counts heap allocations for the benchmark executable: it defines malloc, calloc and
// realloc, which take precedence over libc's in the executable that links this target,
// counts each call and forwards to glibc's implementations.
#include "CAllocCounter.h"
#include <stddef.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static _Atomic uint64_t allocations = 0;

void *malloc(size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_realloc(pointer, size);
}

uint64_t cv_allocation_count(void) {
  return atomic_load_explicit(&allocations, memory_order_relaxed);
}

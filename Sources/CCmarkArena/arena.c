// The per-thread bump allocator behind CCmarkArena.h.
#include "CCmarkArena.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Each allocation is preceded by a 16-byte header holding its size, so `realloc` knows
// how much to copy, and every pointer handed out stays 16-byte aligned.
enum { HEADER = 16, ALIGN = 16, FIRST_BLOCK = 32 * 1024, LARGEST_STEP = 1024 * 1024 };

typedef struct block {
  struct block *previous;
  size_t capacity;
  size_t used;
  _Alignas(16) unsigned char data[];
} block;

typedef struct {
  block *current;
  size_t live;
  size_t held;
  unsigned char *last; // the most recent allocation, which realloc may grow in place
} arena;

static _Thread_local arena local;

static size_t rounded(size_t size) { return (size + ALIGN - 1) & ~(size_t)(ALIGN - 1); }

static void out_of_memory(void) {
  // libcmark's own allocator aborts too: it has no way to report a failed allocation.
  abort();
}

static block *new_block(size_t needed) {
  size_t capacity = local.current ? local.current->capacity * 2 : FIRST_BLOCK;
  if (capacity > LARGEST_STEP) capacity = LARGEST_STEP;
  if (capacity < needed) capacity = needed;
  block *fresh = malloc(sizeof(block) + capacity);
  if (!fresh) out_of_memory();
  fresh->previous = local.current;
  fresh->capacity = capacity;
  fresh->used = 0;
  local.current = fresh;
  local.held += capacity;
  return fresh;
}

static void *allocate(size_t size) {
  if (size > SIZE_MAX - HEADER - ALIGN) out_of_memory();
  size_t total = HEADER + rounded(size);
  block *target = local.current;
  if (!target || target->capacity - target->used < total) target = new_block(total);
  unsigned char *start = target->data + target->used + HEADER;
  memcpy(start - sizeof(size_t), &size, sizeof(size_t));
  target->used += total;
  local.last = start;
  return start;
}

static size_t size_of(const unsigned char *pointer) {
  size_t size;
  memcpy(&size, pointer - sizeof(size_t), sizeof(size_t));
  return size;
}

static void *arena_calloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) out_of_memory();
  void *pointer = allocate(count * size);
  memset(pointer, 0, count * size);
  return pointer;
}

static void *arena_realloc(void *pointer, size_t size) {
  if (!pointer) return allocate(size);
  unsigned char *old = pointer;
  size_t old_size = size_of(old);
  if (size <= old_size) return pointer;
  block *current = local.current;
  if (old == local.last && current) {
    // The newest allocation of the newest block grows where it is when there is room.
    size_t offset = (size_t)(old - current->data);
    if (size <= SIZE_MAX - offset - ALIGN && offset + rounded(size) <= current->capacity) {
      current->used = offset + rounded(size);
      memcpy(old - sizeof(size_t), &size, sizeof(size_t));
      return pointer;
    }
  }
  void *moved = allocate(size);
  memcpy(moved, old, old_size);
  return moved;
}

static void arena_free(void *pointer) { (void)pointer; }

static cmark_mem allocator = {arena_calloc, arena_realloc, arena_free};

cmark_mem *cv_arena_allocator(void) { return &allocator; }

void cv_arena_retain(void) { local.live += 1; }

void cv_arena_release(void) {
  if (local.live == 0 || --local.live > 0) return;
  block *cursor = local.current;
  while (cursor) {
    block *previous = cursor->previous;
    free(cursor);
    cursor = previous;
  }
  local.current = NULL;
  local.last = NULL;
  local.held = 0;
}

size_t cv_arena_bytes_held(void) { return local.held; }

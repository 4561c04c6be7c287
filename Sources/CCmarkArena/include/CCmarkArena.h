#ifndef CCMARK_ARENA_H
#define CCMARK_ARENA_H
#define CMARK_NO_SHORT_NAMES 1
#include <cmark.h>

// A bump allocator for libcmark documents, one per thread.
//
// libcmark allocates every node, string buffer and rendered HTML through a `cmark_mem`
// whose functions take no context, so the arena is the calling thread's. A document
// created with `cv_arena_allocator()` must be parsed, read, rendered and released on the
// thread that created it. Its memory is never freed piece by piece (`free` does nothing):
// every block goes back to the system when the last document of the thread is released.

// The allocator to hand to `cmark_parser_new_with_mem` and `cmark_node_new_with_mem`.
cmark_mem *cv_arena_allocator(void);

// Registers one more live document on this thread's arena.
void cv_arena_retain(void);

// Unregisters a document; when none is left, frees all of the thread's arena memory.
void cv_arena_release(void);

// Bytes currently held by this thread's arena (for tests).
size_t cv_arena_bytes_held(void);

#endif

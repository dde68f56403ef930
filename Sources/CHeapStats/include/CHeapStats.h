#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H

#include <stddef.h>

/// The bytes malloc has handed out and not had back (glibc's mallinfo2),
/// or -1 where the C library does not tell. For tabula-bench.
long long cheapstats_heap_bytes_in_use(void);

/// The bytes of the malloc chunk holding the block at `pointer` (glibc's
/// usable size plus its 8-byte header), or -1 where the C library does not
/// tell. For tabula-bench.
long long cheapstats_chunk_bytes(void *pointer);

#endif

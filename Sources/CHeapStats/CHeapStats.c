#include "CHeapStats.h"

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

long long cheapstats_heap_bytes_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 info = mallinfo2();
  return (long long)info.uordblks;
#else
  return -1;
#endif
}

long long cheapstats_chunk_bytes(void *pointer) {
#if defined(__GLIBC__)
  return (long long)malloc_usable_size(pointer) + 8;
#else
  (void)pointer;
  return -1;
#endif
}

// Linux calls that Swift's Glibc module leaves out: glibc declares them only under _GNU_SOURCE.
//
// Declared here as glibc's <fcntl.h> declares them (and not by including it with _GNU_SOURCE:
// the header is already part of the Glibc module, built without it).
#include <sys/types.h>

extern int sync_file_range(int __fd, __off64_t __offset, __off64_t __count, unsigned int __flags);

// sync_file_range(2): start writing the range's dirty pages to disk, without waiting.
static inline int clinux_start_writeback(int fd, long long offset, long long count) {
    return sync_file_range(fd, (__off64_t)offset, (__off64_t)count, 2 /* SYNC_FILE_RANGE_WRITE */);
}

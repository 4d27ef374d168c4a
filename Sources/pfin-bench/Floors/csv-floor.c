/* The floor for reading a CSV export: what a program that does nothing but split the file into
 * lines and add up one column costs. pfin-bench builds it with the system's C compiler and times
 * it beside pfin on the same file, so that pfin's time can be read as a multiple of the machine's
 * limit. No quoting, no encodings, no dates: the work pfin does on top is what the ratio shows.
 *
 *   csv-floor FILE COLUMN    prints the rows and the sum of the 0-based COLUMN (the header skipped)
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: csv-floor FILE COLUMN\n"); return 2; }
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) { perror(argv[1]); return 1; }
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size == 0) { fprintf(stderr, "empty or unreadable\n"); return 1; }
    const char *data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (data == MAP_FAILED) { perror("mmap"); return 1; }
    madvise((void *)data, (size_t)st.st_size, MADV_SEQUENTIAL);
    const int column = atoi(argv[2]);
    const char *p = data, *end = data + st.st_size;
    long rows = 0;
    double sum = 0;
    /* Past the header. */
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    p = nl ? nl + 1 : end;
    while (p < end) {
        nl = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = nl ? nl : end;
        const char *field = p;
        for (int c = 0; c < column && field; c++) {
            const char *comma = memchr(field, ',', (size_t)(line_end - field));
            field = comma ? comma + 1 : NULL;
        }
        if (field) sum += strtod(field, NULL);
        rows++;
        p = line_end + 1;
    }
    printf("%ld rows, sum %.2f\n", rows, sum);
    return 0;
}

/* The floor for CSV → JSON Lines that does the same work as pfin: where csv-floor.c only splits
 * lines and adds up one column, this program writes, for the benchmark's export, the very bytes
 * `pfin convert --raw-names` writes (pfin-bench checks that it does): fields split by RFC 4180
 * (quotes, doubled quotes, line breaks in quotes), the date read and written as ISO 8601, the
 * amount read as an exact decimal and written at two digits or more, the activity id (SipHash-2-4
 * of the row's fields under pfin's key, identical rows on a day numbered), the JSON Lines record
 * with its strings escaped, written in 1 MiB blocks. No encodings, no dialect detection, no
 * diagnostics, no payee cleaning, one layout: what is left is what any program must do with the
 * bytes, written plainly in C and compiled with -O2.
 *
 *   csv-jsonl-floor FILE DATE NAME AMOUNT MEMO    writes to stdout; the columns are 0-based, the
 *                                                 date month/day/year, the first line a header
 *   csv-jsonl-floor FILE DATE NAME AMOUNT MEMO FROM TO
 *                                                 only the records that start in the bytes
 *                                                 FROM..<TO (a part of the file, for two of these
 *                                                 to run at once; a part's lines count from 1 and
 *                                                 its identical rows from its start: for timing)
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- output ---------------------------------------------------------------------------------- */

enum { BLOCK = 1 << 20 };
static unsigned char out[BLOCK + 4096];
static size_t used;

static void flush_out(void) {
    size_t done = 0;
    while (done < used) {
        ssize_t n = write(1, out + done, used - done);
        if (n <= 0) { perror("write"); exit(1); }
        done += (size_t)n;
    }
    used = 0;
}

static inline void put(const void *bytes, size_t count) {
    if (used + count > BLOCK) flush_out();
    while (count > BLOCK) { /* longer than a block: through the block, a part at a time */
        memcpy(out, bytes, BLOCK);
        used = BLOCK;
        flush_out();
        bytes = (const unsigned char *)bytes + BLOCK;
        count -= BLOCK;
    }
    memcpy(out + used, bytes, count);
    used += count;
}

#define PUT_LITERAL(s) put(s, sizeof(s) - 1)

/* The bytes a JSON string escapes: quote, backslash and the control characters. */
static unsigned char escaped[256];

/* A JSON string's contents, escaped. */
static inline void put_escaped(const unsigned char *s, size_t n) {
    static const char hex[] = "0123456789abcdef";
    size_t start = 0, i = 0;
    /* Eight bytes at a time while none is below 0x20, a quote or a backslash. */
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        uint64_t quote = w ^ (ones * '"'), backslash = w ^ (ones * '\\');
        uint64_t zero = ((quote - ones) & ~quote) | ((backslash - ones) & ~backslash) | ((w - ones * 0x20) & ~w);
        if (zero & highs) break;
    }
    for (; i < n; i++) {
        unsigned char c = s[i];
        if (!escaped[c]) continue;
        put(s + start, i - start);
        char e[6] = {'\\', 0, 0, 0, 0, 0};
        size_t len = 2;
        switch (c) {
        case '"': e[1] = '"'; break;
        case '\\': e[1] = '\\'; break;
        case '\n': e[1] = 'n'; break;
        case '\r': e[1] = 'r'; break;
        case '\t': e[1] = 't'; break;
        default: e[1] = 'u'; e[2] = '0'; e[3] = '0'; e[4] = hex[c >> 4]; e[5] = hex[c & 15]; len = 6;
        }
        put(e, len);
        start = i + 1;
    }
    put(s + start, n - start);
}

static size_t write_uint(uint64_t v, unsigned char *to) {
    unsigned char digits[20];
    size_t n = 0;
    do { digits[n++] = (unsigned char)('0' + v % 10); v /= 10; } while (v);
    for (size_t i = 0; i < n; i++) to[i] = digits[n - 1 - i];
    return n;
}

/* ---- SipHash-2-4, from the published description ----------------------------------------------- */

#define ROTL(x, b) (((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND                                                                                   \
    do {                                                                                           \
        v0 += v1; v1 = ROTL(v1, 13); v1 ^= v0; v0 = ROTL(v0, 32);                                  \
        v2 += v3; v3 = ROTL(v3, 16); v3 ^= v2;                                                     \
        v0 += v3; v3 = ROTL(v3, 21); v3 ^= v0;                                                     \
        v2 += v1; v1 = ROTL(v1, 17); v1 ^= v2; v2 = ROTL(v2, 32);                                  \
    } while (0)

static uint64_t k0, k1;

static uint64_t siphash(const unsigned char *m, size_t n) {
    uint64_t v0 = 0x736f6d6570736575ULL ^ k0, v1 = 0x646f72616e646f6dULL ^ k1;
    uint64_t v2 = 0x6c7967656e657261ULL ^ k0, v3 = 0x7465646279746573ULL ^ k1;
    size_t whole = n & ~(size_t)7;
    for (size_t i = 0; i < whole; i += 8) {
        uint64_t w;
        memcpy(&w, m + i, 8); /* little-endian machine */
        v3 ^= w; SIPROUND; SIPROUND; v0 ^= w;
    }
    uint64_t last = (uint64_t)n << 56;
    for (size_t i = 0; i < (n & 7); i++) last |= (uint64_t)m[whole + i] << (8 * i);
    v3 ^= last; SIPROUND; SIPROUND; v0 ^= last;
    v2 ^= 0xff;
    SIPROUND; SIPROUND; SIPROUND; SIPROUND;
    return v0 ^ v1 ^ v2 ^ v3;
}

/* ---- identical rows: a counter per id text, the days more than a week old released ------------- */

typedef struct { uint64_t hash; int32_t day; uint32_t count; } Slot;
static Slot *slots;
static size_t slot_mask, slot_used;
static int32_t newest_day = INT32_MIN;

static void table_init(size_t size) {
    slots = calloc(size, sizeof(Slot));
    slot_mask = size - 1;
    slot_used = 0;
}

static uint32_t *counter(uint64_t hash, int32_t day) {
    size_t i = (size_t)hash & slot_mask;
    while (slots[i].count && slots[i].hash != hash) i = (i + 1) & slot_mask;
    if (!slots[i].count) {
        slots[i].hash = hash;
        slots[i].day = day;
        slot_used++;
    }
    return &slots[i].count;
}

/* Keeps only the last week's counters (the file is in date order), or doubles the table. */
static void table_release(void) {
    Slot *old = slots;
    size_t size = slot_mask + 1;
    size_t kept = 0;
    for (size_t i = 0; i < size; i++) kept += old[i].count && old[i].day >= newest_day - 7;
    table_init(kept * 4 > size ? size * 2 : size);
    for (size_t i = 0; i < size; i++) {
        if (old[i].count && old[i].day >= newest_day - 7) *counter(old[i].hash, old[i].day) = old[i].count;
    }
    free(old);
}

/* ---- fields ---------------------------------------------------------------------------------- */

enum { MAX_FIELDS = 64 };
typedef struct { const unsigned char *start; size_t count; } Field;
static unsigned char unquoted[1 << 16];

/* Appends a byte of a quoted field to `to` (in `unquoted`, after `copied` bytes of the record's
 * earlier fields); a record whose quoted text outgrows the buffer is cut short, never overrun. */
static inline void unquote(unsigned char *to, size_t *count, size_t copied, unsigned char byte) {
    if (copied + *count < sizeof unquoted) to[(*count)++] = byte;
}

/* Spaces and tabs around an unquoted field are not part of it. */
static inline void trim(Field *f) {
    while (f->count && (f->start[0] == ' ' || f->start[0] == '\t')) { f->start++; f->count--; }
    while (f->count && (f->start[f->count - 1] == ' ' || f->start[f->count - 1] == '\t')) f->count--;
}

/* Splits the record at `p` into fields; returns the end of the record (past its line break).
 * Quoted fields are copied into `unquoted` with their doubled quotes undone. */
static const unsigned char *split(const unsigned char *p, const unsigned char *end, Field *fields, int *count, long *lines) {
    size_t copied = 0;
    *count = 0;
    const unsigned char *line_end = memchr(p, '\n', (size_t)(end - p));
    if (!line_end) line_end = end;
    if (!memchr(p, '"', (size_t)(line_end - p))) {
        /* No quote on the line: the fields lie between its commas. */
        for (;;) {
            const unsigned char *comma = memchr(p, ',', (size_t)(line_end - p));
            const unsigned char *stop = comma ? comma : line_end;
            Field f = {p, (size_t)(stop - p)};
            if (!comma && f.count && p[f.count - 1] == '\r') f.count--;
            trim(&f);
            if (*count < MAX_FIELDS) fields[(*count)++] = f;
            if (!comma) return line_end < end ? line_end + 1 : end;
            p = comma + 1;
        }
    }
    for (;;) {
        Field f = {p, 0};
        if (p < end && *p == '"') {
            unsigned char *to = unquoted + copied;
            p++;
            while (p < end) {
                if (*p == '"') {
                    if (p + 1 < end && p[1] == '"') { unquote(to, &f.count, copied, '"'); p += 2; continue; }
                    p++;
                    break;
                }
                if (*p == '\n') (*lines)++;
                unquote(to, &f.count, copied, *p++);
            }
            f.start = to;
            copied += f.count;
            while (p < end && *p != ',' && *p != '\n') p++; /* text after the closing quote */
        } else {
            const unsigned char *stop = p;
            while (stop < end && *stop != ',' && *stop != '\n') stop++;
            f.count = (size_t)(stop - p);
            p = stop;
            if (f.count && f.start[f.count - 1] == '\r' && (p >= end || *p == '\n')) f.count--;
            trim(&f);
        }
        if (*count < MAX_FIELDS) fields[(*count)++] = f;
        if (p >= end) return end;
        if (*p++ == '\n') return p;
    }
}

/* ---- values ---------------------------------------------------------------------------------- */

static int digits(const unsigned char *s, size_t n, int *value) {
    *value = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return 0;
        *value = *value * 10 + (s[i] - '0');
    }
    return n > 0;
}

static int32_t days_from_civil(int y, int m, int d) {
    y -= m <= 2;
    int era = (y >= 0 ? y : y - 399) / 400;
    int yoe = y - era * 400;
    int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* month/day/year into "YYYY-MM-DD"; 0 when it is no date. */
static int parse_date(Field f, unsigned char iso[10], int32_t *day) {
    const unsigned char *s = f.start;
    if (f.count != 10 || s[2] != '/' || s[5] != '/') return 0;
    int m, d, y;
    if (!digits(s, 2, &m) || !digits(s + 3, 2, &d) || !digits(s + 6, 4, &y)) return 0;
    static const int month_days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12 || d < 1 || d > month_days[m - 1]) return 0;
    if (m == 2 && d == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))) return 0;
    memcpy(iso, s + 6, 4);
    iso[4] = '-'; iso[5] = s[0]; iso[6] = s[1]; iso[7] = '-'; iso[8] = s[3]; iso[9] = s[4];
    *day = days_from_civil(y, m, d);
    return 1;
}

/* An exact decimal, written with at least two digits after the point (and no trailing zeros
 * beyond two in `canonical`); returns the length written, 0 when it is no amount. */
static size_t parse_amount(Field f, unsigned char *shown, int *negative) {
    const unsigned char *s = f.start, *end = f.start + f.count;
    *negative = 0;
    if (s < end && (*s == '-' || *s == '+')) { *negative = *s == '-'; s++; }
    uint64_t units = 0;
    int scale = 0, seen_point = 0, any = 0;
    for (; s < end; s++) {
        if (*s == '.' && !seen_point) { seen_point = 1; continue; }
        if (*s < '0' || *s > '9' || units > 100000000000000000ULL) return 0;
        units = units * 10 + (uint64_t)(*s - '0');
        scale += seen_point;
        any = 1;
    }
    if (!any || scale > 18) return 0;
    while (scale > 2 && units % 10 == 0) { units /= 10; scale--; }
    if (units == 0) *negative = 0;
    int shown_scale = scale < 2 ? 2 : scale;
    uint64_t power = 1;
    for (int i = 0; i < scale; i++) power *= 10;
    size_t n = 0;
    if (*negative) shown[n++] = '-';
    n += write_uint(units / power, shown + n);
    shown[n++] = '.';
    uint64_t fraction = units % power;
    for (int i = scale - 1; i >= 0; i--) {
        uint64_t p = 1;
        for (int j = 0; j < i; j++) p *= 10;
        shown[n++] = (unsigned char)('0' + fraction / p % 10);
    }
    for (int i = scale; i < shown_scale; i++) shown[n++] = '0';
    return n;
}

int main(int argc, char **argv) {
    if (argc != 6 && argc != 8) { fprintf(stderr, "usage: csv-jsonl-floor FILE DATE NAME AMOUNT MEMO [FROM TO]\n"); return 2; }
    int fd = open(argv[1], O_RDONLY);
    if (fd < 0) { perror(argv[1]); return 1; }
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_size == 0) { fprintf(stderr, "empty or unreadable\n"); return 1; }
    const unsigned char *data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (data == MAP_FAILED) { perror("mmap"); return 1; }
    madvise((void *)data, (size_t)st.st_size, MADV_SEQUENTIAL);
    const int date_col = atoi(argv[2]), name_col = atoi(argv[3]), amount_col = atoi(argv[4]), memo_col = atoi(argv[5]);
    const char *file = argv[1];
    const size_t file_len = strlen(file);
    static const char key[] = "pfin activity id";
    memcpy(&k0, key, 8);
    memcpy(&k1, key + 8, 8);
    table_init(1 << 16);
    for (int c = 0; c < 0x20; c++) escaped[c] = 1;
    escaped['"'] = escaped['\\'] = 1;

    const unsigned char *p = data, *end = data + st.st_size, *stop = end;
    if (argc == 8) {
        long from = atol(argv[6]), to = atol(argv[7]);
        if (from < 0 || to < from || to > st.st_size) { fprintf(stderr, "FROM..<TO is not within the file\n"); return 2; }
        stop = data + to;
        if (from > 0) {
            /* A part after the first starts at the first line that starts in it. */
            const unsigned char *nl = memchr(data + from - 1, '\n', (size_t)(end - (data + from - 1)));
            p = nl ? nl + 1 : end;
        }
    }
    Field fields[MAX_FIELDS];
    int count;
    long line = 1, next_line = 1;
    if (p == data) {
        p = split(p, end, fields, &count, &next_line); /* the header */
        next_line++;
    }
    int top = date_col > name_col ? date_col : name_col; /* the last column a row needs */
    top = top > amount_col ? top : amount_col;
    top = top > memo_col ? top : memo_col;
    unsigned char id_text[1 << 16];
    while (p < stop) {
        line = next_line;
        p = split(p, end, fields, &count, &next_line);
        next_line++;
        if (count <= top) continue;
        unsigned char iso[10], amount[48];
        int32_t day;
        int negative;
        size_t amount_len;
        if (!parse_date(fields[date_col], iso, &day) || !(amount_len = parse_amount(fields[amount_col], amount, &negative))) continue;
        Field name = fields[name_col], memo = fields[memo_col];
        if (name.count > sizeof id_text - 64) continue;

        /* The id: "r", the account (none), the date, the amount, the currency (none), the name. */
        size_t n = 0;
        id_text[n++] = 'r'; id_text[n++] = 0x1f; id_text[n++] = 0x1f;
        memcpy(id_text + n, iso, 10); n += 10;
        id_text[n++] = 0x1f;
        memcpy(id_text + n, amount, amount_len); n += amount_len;
        id_text[n++] = 0x1f; id_text[n++] = 0x1f;
        memcpy(id_text + n, name.start, name.count); n += name.count;
        uint64_t id = siphash(id_text, n);
        if (day > newest_day) newest_day = day;
        uint32_t *seen = counter(id, day);
        uint32_t occurrence = (*seen)++;
        if (slot_used * 2 > slot_mask) table_release();
        if (occurrence > 0) {
            id_text[n++] = 0x1f; id_text[n++] = '#';
            n += write_uint(occurrence, id_text + n);
            id = siphash(id_text, n);
        }

        static const char hex[] = "0123456789abcdef";
        unsigned char id_hex[16];
        for (int i = 0; i < 16; i++) id_hex[i] = (unsigned char)hex[(id >> (60 - 4 * i)) & 15];
        PUT_LITERAL("{\"id\":\"");
        put(id_hex, 16);
        PUT_LITERAL("\",\"account\":null,\"date\":\"");
        put(iso, 10);
        PUT_LITERAL("\",\"name\":\"");
        put_escaped(name.start, name.count);
        PUT_LITERAL("\",\"address\":null,\"amount\":\"");
        put(amount, amount_len);
        PUT_LITERAL("\",\"currency\":null,\"memo\":");
        if (memo.count) {
            PUT_LITERAL("\"");
            put_escaped(memo.start, memo.count);
            PUT_LITERAL("\"");
        } else {
            PUT_LITERAL("null");
        }
        if (negative) PUT_LITERAL(",\"type\":\"expense\""); else PUT_LITERAL(",\"type\":\"income\"");
        PUT_LITERAL(",\"category\":null,\"fitid\":null,\"checkNumber\":null,\"source\":\"");
        put_escaped((const unsigned char *)file, file_len);
        unsigned char number[24];
        number[0] = ':';
        put(number, 1 + write_uint((uint64_t)line, number + 1));
        PUT_LITERAL("\"}\n");
    }
    flush_out();
    return 0;
}

// zlib for the ZIP members of XLSX workbooks (raw DEFLATE, RFC 1951) and their CRC-32.
//
// `inflateInit2` is a macro, which Swift does not import; the shim gives it a function, with the
// size check zlib's macro passes.
#include <zlib.h>

static inline int czlib_inflate_init_raw(z_stream *stream) {
    return inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, (int)sizeof(z_stream));
}

// libxml2 for the XML statement formats (OFX 2.x, CAMT.053) and HTML tables.
//
// Debian builds libxml2 with ICU, and encoding.h then includes <unicode/ucnv.h>, whose UErrorCode
// clashes with Foundation's own ICU module in any file that imports both. Undefining the macro
// before the other headers keeps the ICU declarations out; only trailing fields of
// xmlCharEncodingHandler change, which we never touch.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>

// xmlFree is a global function-pointer variable, which Swift 6 will not call (not concurrency-safe).
static inline void cxml_free(void *p) { xmlFree(p); }

// libxml2 reports some errors without a parser context (a byte sequence the declared encoding
// cannot convert, "I/O error : encoder error"), through its per-thread channels, which print on
// standard error by default. pfin never prints from the library: the XML driver routes those
// channels to its own handler for the length of a parse, then puts the previous ones back.
static void cxml_ignore_generic(void *context, const char *message, ...) __attribute__((unused));
static void cxml_ignore_generic(void *context, const char *message, ...) { (void)context; (void)message; }

typedef struct {
    xmlStructuredErrorFunc structured;
    void *structuredContext;
    xmlGenericErrorFunc generic;
    void *genericContext;
} cxml_error_channels;

/// Sends this thread's structured errors to `handler` (with `context`), drops its generic ones,
/// and returns the channels as they were.
static inline cxml_error_channels cxml_capture_errors(xmlStructuredErrorFunc handler, void *context) {
    cxml_error_channels previous = { xmlStructuredError, xmlStructuredErrorContext, xmlGenericError, xmlGenericErrorContext };
    xmlSetStructuredErrorFunc(context, handler);
    xmlSetGenericErrorFunc(NULL, cxml_ignore_generic);
    return previous;
}

/// Puts back the channels `cxml_capture_errors` returned.
static inline void cxml_restore_errors(cxml_error_channels previous) {
    xmlSetStructuredErrorFunc(previous.structuredContext, previous.structured);
    xmlSetGenericErrorFunc(previous.genericContext, previous.generic);
}

// libxml2 for the XML statement formats (OFX 2.x, CAMT.053).
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

// xmlFree is a global function-pointer variable, which Swift 6 will not call (not concurrency-safe).
static inline void cxml_free(void *p) { xmlFree(p); }

/* The floor for reading an XML statement (OFX 2.x, CAMT): libxml2's SAX2 push parser over the
 * file in 64 KiB chunks with no callbacks at all, so every byte is tokenised and nothing is
 * built. pfin-bench builds it against the system's libxml2 and times it beside pfin on the same
 * file: the ratio is what pfin's reading costs on top of the parser it uses.
 *
 *   xml-sax-floor FILE    prints "ok" and the bytes parsed, or the parser's error
 */
#include <libxml/parser.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: xml-sax-floor FILE\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    static char chunk[65536];
    size_t n = fread(chunk, 1, sizeof chunk, f);
    xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, NULL, chunk, (int)n, argv[1]);
    if (!ctxt) { fprintf(stderr, "no parser\n"); return 1; }
    /* The options pfin uses: no network, no entity expansion, quiet. */
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    long total = (long)n;
    int status = 0;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && status == 0) {
        status = xmlParseChunk(ctxt, chunk, (int)n, 0);
        total += (long)n;
    }
    if (status == 0) status = xmlParseChunk(ctxt, NULL, 0, 1);
    int wellFormed = ctxt->wellFormed;
    xmlFreeParserCtxt(ctxt);
    fclose(f);
    if (status != 0 || !wellFormed) { fprintf(stderr, "not well-formed (%d)\n", status); return 1; }
    printf("ok, %ld bytes\n", total);
    return 0;
}

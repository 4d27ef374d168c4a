#ifndef PFIN_CSQLITE_SHIM_H
#define PFIN_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_STATIC and SQLITE_TRANSIENT are casts of 0 and -1 to a function pointer: macros Swift
// cannot import. These give LedgerStore the same values.
static inline sqlite3_destructor_type csqlite_static(void) { return SQLITE_STATIC; }
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif

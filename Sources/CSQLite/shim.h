// The only C entry point of ReadingsStore: SQLite's public header (Debian package libsqlite3-dev, SQLite 3.40).
#ifndef BODYREADINGS_CSQLITE_SHIM_H
#define BODYREADINGS_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import: bound text is copied by
// SQLite before the bind call returns, so Swift's temporary C string may go away afterwards.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif

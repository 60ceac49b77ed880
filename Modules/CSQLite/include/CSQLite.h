#ifndef KUMIKI_CSQLITE_H
#define KUMIKI_CSQLITE_H

// SQLite settings Swift cannot reach: `sqlite3_db_config` is variadic. Only PersistenceSQLite (and its tests) import
// this module.
// The connection is passed untyped (GRDB's `Database.sqliteConnection`), so this header does not include
// <sqlite3.h> a second time beside GRDB's module.

/// Whether the connection `db` (an `sqlite3 *`) leaves its write-ahead log as it is when it closes (`keep` non-zero)
/// or, as by default, copies it into the file (syncing both) and deletes it with the index when it is the file's last
/// connection: `SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`. Returns SQLite's result code (`SQLITE_OK`, 0, on success).
int kumiki_sqlite3_keep_log_at_close(void *db, int keep);

#endif

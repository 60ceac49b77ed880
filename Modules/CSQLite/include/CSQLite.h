#ifndef KUMIKI_CSQLITE_H
#define KUMIKI_CSQLITE_H

// SQLite settings Swift cannot reach: `sqlite3_db_config` is variadic. Only PersistenceSQLite imports this module.
// The connection is passed untyped (GRDB's `Database.sqliteConnection`), so this header does not include
// <sqlite3.h> a second time beside GRDB's module.

/// Makes the connection `db` (an `sqlite3 *`) leave its write-ahead log as it is when it closes:
/// `SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`. Without it, the close of a file's last connection copies the log into the
/// file (syncing both) and deletes it. Returns SQLite's result code (`SQLITE_OK`, 0, on success).
int kumiki_sqlite3_keep_log_at_close(void *db);

#endif

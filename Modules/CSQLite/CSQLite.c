// See include/CSQLite.h.

#include "CSQLite.h"

#include <sqlite3.h>

int kumiki_sqlite3_keep_log_at_close(void *db, int keep) {
  return sqlite3_db_config((sqlite3 *)db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, keep ? 1 : 0, (int *)0);
}

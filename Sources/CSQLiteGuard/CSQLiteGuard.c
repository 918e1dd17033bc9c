#include "CSQLiteGuard.h"
#include <sqlite3.h>

static int coach_set(sqlite3 *db, int op, int value) {
    int readBack = -1;
    int rc = sqlite3_db_config(db, op, value, &readBack);
    if (rc != SQLITE_OK) return rc;
    return readBack == value ? SQLITE_OK : -1;
}

int coach_sqlite_harden(struct sqlite3 *db) {
    int rc;
    if ((rc = coach_set(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0)) != SQLITE_OK) return rc;
    if ((rc = coach_set(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0)) != SQLITE_OK) return rc;
    if ((rc = coach_set(db, SQLITE_DBCONFIG_DEFENSIVE, 1)) != SQLITE_OK) return rc;
    if ((rc = coach_set(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0)) != SQLITE_OK) return rc;
    return SQLITE_OK;
}

#ifndef COACH_CSQLITEGUARD_H
#define COACH_CSQLITEGUARD_H

struct sqlite3;

/// Hardens one SQLite connection against a database file written by someone else: triggers and
/// views are not run, defensive mode forbids writes that could corrupt the file, and the
/// schema is not trusted to call functions with side effects. Returns 0 (SQLITE_OK) when every
/// setting took and reads back as set, else the first failing SQLite result code (or -1).
int coach_sqlite_harden(struct sqlite3 *db);

#endif

// Placeholder while PersistenceSQLiteTests is written; replaced before landing.

// Placeholder while PersistenceSQLite is written; replaced before landing.

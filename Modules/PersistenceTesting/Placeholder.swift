// Placeholder while PersistenceTesting is written; replaced before landing.

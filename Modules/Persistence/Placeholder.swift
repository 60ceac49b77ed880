// Placeholder while Persistence is written; replaced before landing.

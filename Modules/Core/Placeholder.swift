// Placeholder while Core is written; replaced before landing.

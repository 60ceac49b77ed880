// Placeholder while Registry is written; replaced before landing.

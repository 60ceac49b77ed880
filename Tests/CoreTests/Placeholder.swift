// Placeholder while CoreTests is written; replaced before landing.

// Placeholder while Terminal is written; replaced before landing.

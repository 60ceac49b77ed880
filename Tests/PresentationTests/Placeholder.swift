// Placeholder while PresentationTests is written; replaced before landing.

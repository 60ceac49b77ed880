// Placeholder while CoreTestingTests is written; replaced before landing.

// Placeholder while NetworkingTests is written; replaced before landing.

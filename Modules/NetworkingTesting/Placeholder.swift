// Placeholder while NetworkingTesting is written; replaced before landing.

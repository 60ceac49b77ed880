// Placeholder while FixtureServer is written; replaced before landing.

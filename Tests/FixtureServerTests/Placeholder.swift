// Placeholder while FixtureServerTests is written; replaced before landing.

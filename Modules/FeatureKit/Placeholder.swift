// Placeholder while FeatureKit is written; replaced before landing.

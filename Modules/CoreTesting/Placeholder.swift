// Placeholder while CoreTesting is written; replaced before landing.

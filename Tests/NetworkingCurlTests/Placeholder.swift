// Placeholder while NetworkingCurlTests is written; replaced before landing.

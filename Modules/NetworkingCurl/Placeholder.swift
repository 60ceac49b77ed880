// Placeholder while NetworkingCurl is written; replaced before landing.

// Placeholder while Networking is written; replaced before landing.

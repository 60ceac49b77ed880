// Placeholder while Presentation is written; replaced before landing.

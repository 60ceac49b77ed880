// Placeholder while TerminalTests is written; replaced before landing.

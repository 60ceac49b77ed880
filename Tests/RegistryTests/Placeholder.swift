// Placeholder while RegistryTests is written; replaced before landing.

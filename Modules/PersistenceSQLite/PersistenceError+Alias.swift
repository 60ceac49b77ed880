import Persistence

/// GRDB also declares a `PersistenceError` (for record persistence). Inside this module the name means Kumiki's
/// error, which is the only error this module's API throws.
typealias PersistenceError = Persistence.PersistenceError

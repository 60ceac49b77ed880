/// A fixture value that did not have the shape a test expected.
struct UnexpectedShape: Error {}

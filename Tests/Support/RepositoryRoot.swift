import Foundation

/// The cvsite checkout the tests run from: `Tests/Support/` is two folders below it.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// `Tests/Fixtures/`: themes and sites on disk that several test targets read.
public let testFixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures")

/// The themes that ship with cvsite (`themes/`).
public let builtInThemes = repositoryRoot.appendingPathComponent("themes")

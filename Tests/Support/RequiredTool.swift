import Foundation

/// A program a test needs that is not installed: the test fails with this one line,
/// which names the script that installs it. Tests never install anything themselves.
public struct MissingTool: Error, CustomStringConvertible {
  public let description: String
}

/// The program at `path`, installed by `scripts/install-test-deps.sh`.
/// - Throws: ``MissingTool`` when it is not there.
public func requiredTool(_ path: String) throws -> URL {
  guard FileManager.default.isExecutableFile(atPath: path) else {
    throw MissingTool(
      description: "\(path) is not installed: run `bash scripts/install-test-deps.sh` (it installs what the tests use)")
  }
  return URL(fileURLWithPath: path)
}

import Foundation

/// The bytes last written to each output path, as a number: a rebuild writes only the
/// files whose bytes changed.
struct WrittenFiles: Sendable {
  private var hashes: [String: Int] = [:]

  /// A number for `data`: two writes with the same number wrote the same bytes.
  static func hash(_ data: Data) -> Int {
    var hasher = Hasher()
    hasher.combine(data.count)
    data.withUnsafeBytes { hasher.combine(bytes: $0) }
    return hasher.finalize()
  }

  /// Whether `path` holds the bytes whose number is `hash`.
  func holds(_ hash: Int, at path: String) -> Bool { hashes[path] == hash }

  /// Records that `path` now holds the bytes whose number is `hash`.
  mutating func record(_ hash: Int, at path: String) { hashes[path] = hash }

  /// Forgets `path` (a file removed, or one whose write failed).
  mutating func forget(_ path: String) { hashes[path] = nil }

  /// Whether no file has been written yet.
  var isEmpty: Bool { hashes.isEmpty }

  /// The paths of the files written.
  var paths: Set<String> { Set(hashes.keys) }

  /// Forgets every file.
  mutating func forgetAll() { hashes = [:] }
}

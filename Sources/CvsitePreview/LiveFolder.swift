import CvsiteSite
import Foundation

/// The folder `serve` serves from. Each file is written to a temporary name and renamed
/// into place, so a request made during a rebuild gets the old file or the new one,
/// never half of one.
struct LiveFolder: OutputSink {
  let url: URL

  init(url: URL) { self.url = url }

  /// A fresh folder under the system's temporary folder.
  static func temporary() throws -> LiveFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cvsite-serve-\(getpid())-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return LiveFolder(url: url)
  }

  func write(_ data: Data, to relativePath: String) throws {
    guard let target = OutputFolder.resolve(relativePath, in: url) else {
      throw OutputError(message: "refusing to write outside the served folder: \(relativePath)")
    }
    let folder = target.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
    // Creates the folder as needed, and does not flush each file to disk as
    // `Data.write(to:)` does: readers see the rename, which is atomic either way.
    try OutputFolder.writeFile(data, to: temporary)
    guard rename(temporary.path, target.path) == 0 else {
      try? FileManager.default.removeItem(at: temporary)
      throw OutputError(message: "cannot move \(relativePath) into place: errno \(errno)")
    }
  }

  func remove(_ relativePath: String) throws {
    guard let target = OutputFolder.resolve(relativePath, in: url) else { return }
    try? FileManager.default.removeItem(at: target)
  }

  /// Removes the folder.
  func delete() { try? FileManager.default.removeItem(at: url) }
}

import Foundation
import Synchronization

/// Where a build's files go: a staging folder for `build`, nowhere for `check`, the
/// served files for `serve`.
public protocol OutputSink: Sendable {
  func write(_ data: Data, to relativePath: String) throws
  func remove(_ relativePath: String) throws
}

extension OutputFolder: OutputSink {
  /// Does nothing: nothing was written.
  public func remove(_ relativePath: String) throws {
    guard let target = Self.resolve(relativePath, in: staging) else { return }
    try? FileManager.default.removeItem(at: target)
  }
}

/// Discards everything: for `cvsite check`.
struct DiscardingSink: OutputSink {
  init() {}
  func write(_ data: Data, to relativePath: String) throws {}
  func remove(_ relativePath: String) throws {}
}

/// Keeps written files in memory until the whole rebuild is known to be good.
final class MemorySink: OutputSink, Sendable {
  private let files = Mutex<[(String, Data)]>([])

  func write(_ data: Data, to relativePath: String) throws {
    files.withLock { $0.append((relativePath, data)) }
  }

  func remove(_ relativePath: String) throws {}

  /// Writes the files kept into `sink`, those whose bytes `known` says the path holds
  /// already excepted; returns the paths written, in order.
  func flush(into sink: any OutputSink, known: inout WrittenFiles) throws -> [String] {
    let kept = files.withLock { files in
      defer { files = [] }
      return files
    }
    var written: [String] = []
    for (path, data) in kept {
      let hash = WrittenFiles.hash(data)
      guard !known.holds(hash, at: path) else { continue }
      known.forget(path)
      try sink.write(data, to: path)
      known.record(hash, at: path)
      written.append(path)
    }
    return written
  }
}

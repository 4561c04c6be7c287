import CvsiteCore
import Foundation

/// The state the preview announces: which build is served and whether the last one failed.
struct PreviewStatus: Sendable, Equatable {
  /// Increases each time a build succeeds and its output is complete.
  var generation: Int
  /// Whether the last build succeeded.
  var ok: Bool
  /// The last build's diagnostics (errors and warnings).
  var diagnostics: [Diagnostic]

  init(generation: Int, ok: Bool, diagnostics: [Diagnostic]) {
    self.generation = generation
    self.ok = ok
    self.diagnostics = diagnostics
  }

  /// One Server-Sent Events message.
  var eventText: String {
    let list: [[String: Any]] = diagnostics.map { d in
      var object: [String: Any] = ["severity": d.severity.rawValue, "message": d.message]
      if let location = d.location {
        object["file"] = location.path
        object["line"] = location.line
        object["column"] = location.column
      }
      if let source = d.sourceLine { object["source"] = source }
      return object
    }
    let payload: [String: Any] = ["generation": generation, "ok": ok, "diagnostics": list]
    let data = (try? JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])) ?? Data("{}".utf8)
    return "event: status\ndata: \(String(decoding: data, as: UTF8.self))\n\n"
  }
}

/// Keeps the current status and the connected browsers' event streams.
public actor ReloadHub {
  private(set) var status = PreviewStatus(generation: 0, ok: true, diagnostics: [])
  private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
  private var closed = false

  /// An SSE comment: browsers ignore it, but writing it finds connections whose browser
  /// has gone, so their streams end instead of piling up.
  static let heartbeatText = ": ping\n\n"

  /// A hub with no listeners, at generation 0.
  public init() {}

  /// A stream of event texts, starting with the current status. After `close()` the
  /// stream ends at once.
  func subscribe() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
    guard !closed else {
      continuation.finish()
      return stream
    }
    let id = UUID()
    listeners[id] = continuation
    continuation.yield(status.eventText)
    continuation.onTermination = { _ in Task { await self.remove(id) } }
    return stream
  }

  private func remove(_ id: UUID) { listeners[id] = nil }

  /// Announces a completed build: browsers reload.
  func buildSucceeded(diagnostics: [Diagnostic]) {
    status = PreviewStatus(generation: status.generation + 1, ok: true, diagnostics: diagnostics)
    broadcast(status.eventText)
  }

  /// Announces a failed build: browsers keep the page and show the overlay.
  func buildFailed(diagnostics: [Diagnostic]) {
    status = PreviewStatus(generation: status.generation, ok: false, diagnostics: diagnostics)
    broadcast(status.eventText)
  }

  /// Sends a comment to every browser, so streams of closed connections end.
  func heartbeat() { broadcast(Self.heartbeatText) }

  /// Ends every event stream and refuses new ones, so the server can shut down: an open
  /// stream would otherwise keep its connection, and the server, alive.
  public func close() {
    closed = true
    for continuation in listeners.values { continuation.finish() }
    listeners.removeAll()
  }

  /// Number of connected browsers.
  var listenerCount: Int { listeners.count }

  private func broadcast(_ text: String) {
    for continuation in listeners.values { continuation.yield(text) }
  }
}

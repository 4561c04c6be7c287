import CvsiteCore

/// Collects the diagnostics that callbacks report (a rebuild, a watcher), from any
/// thread, for assertions after the fact.
public final class DiagnosticRecorder: Sendable {
  private let recorded = Locked<[Diagnostic]>([])

  public init() {}

  /// Records `diagnostics`.
  public func record(_ diagnostics: [Diagnostic]) { recorded.update { $0 += diagnostics } }

  /// Everything recorded so far, in order.
  public var diagnostics: [Diagnostic] { recorded.value }
}

extension Array where Element == Diagnostic {
  /// The errors only.
  public var errors: [Diagnostic] { filter { $0.severity == .error } }

  /// `path:line:col: error: message` lines (no source line or caret), for compact assertions.
  public var summaries: [String] {
    map { "\($0.location.map { "\($0): " } ?? "")\($0.severity.rawValue): \($0.message)" }
  }
}

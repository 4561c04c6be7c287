/// What renders a fenced or indented code block: given its code and info string, its HTML
/// and the problems found (the Markdown module places them in the page). The site passes
/// one in; without it, libcmark's `<pre><code>` stays.
public protocol CodeBlockRendering: Sendable {
  /// The block's HTML (a block element) and its problems.
  func renderCodeBlock(code: String, info: String) -> CodeBlockOutput
}

/// A rendered code block.
public struct CodeBlockOutput: Sendable {
  /// A problem with its byte offset in the info string (`nil`: the block as a whole).
  public struct Problem: Sendable {
    public var severity: Diagnostic.Severity
    public var message: String
    public var infoOffset: Int?
    public var suggestion: String?

    public init(_ severity: Diagnostic.Severity, _ message: String, infoOffset: Int?, suggestion: String? = nil) {
      self.severity = severity
      self.message = message
      self.infoOffset = infoOffset
      self.suggestion = suggestion
    }
  }

  public var html: String
  public var problems: [Problem]

  public init(html: String, problems: [Problem]) {
    self.html = html
    self.problems = problems
  }
}

/// What renders a fenced or indented code block: given its code and info string, its HTML
/// and the problems found (the Markdown module places them in the page). The site passes
/// one in; without it, libcmark's `<pre><code>` stays.
public protocol CodeBlockRendering: Sendable {
  /// The block's HTML (a block element) and its problems.
  func renderCodeBlock(code: String, info: String) -> CodeBlockOutput
  /// The values the renderer reads itself (`title`, `mark`…), for did-you-mean hints when
  /// an info string's value is neither one of these nor a container value.
  var valueNames: [String] { get }
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

  /// A value written in the info string that the renderer does not read (`label=npm`,
  /// `default`): a container value for the block's subview, typed by the Markdown module.
  public struct Value: Sendable, Equatable {
    public var name: String
    /// `nil` for a bare flag.
    public var value: String?
    /// The byte offset of the name in the info string.
    public var infoOffset: Int

    public init(name: String, value: String?, infoOffset: Int) {
      self.name = name
      self.value = value
      self.infoOffset = infoOffset
    }
  }

  public var html: String
  public var problems: [Problem]
  /// The block's title: its subview's title when the block is a container's child, so a
  /// tab bar labels its tab with it.
  public var title: String?
  public var values: [Value]
  /// The URLs and ids ``html`` holds, when the renderer knows them; nil when the page
  /// must read them from it.
  public var facts: BodyFacts?

  public init(
    html: String, problems: [Problem], title: String? = nil, values: [Value] = [], facts: BodyFacts? = nil
  ) {
    self.html = html
    self.problems = problems
    self.title = title
    self.values = values
    self.facts = facts
  }
}

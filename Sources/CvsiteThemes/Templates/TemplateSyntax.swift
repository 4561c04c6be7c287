/// What a `{{…}}` tag reads: `.` (the top of the context stack), `a.b.c` (the first
/// object on the stack that has `a`, then its `b`, then `c`), or `.a.b` (only the top).
struct TemplateName: Hashable, Sendable {
  /// The name as written, trimmed.
  let text: String
  let parts: [String]
  /// Looks only at the top of the stack (`.` itself, or a leading dot).
  let topOnly: Bool

  init(_ text: String) {
    self.text = text
    self.topOnly = text.hasPrefix(".")
    self.parts = text.split(separator: ".").map(String.init)
  }
}

/// A compiled template: text and tags, sections holding their own nodes.
indirect enum TemplateNode: Sendable {
  case text(String)
  case variable(TemplateName, escaped: Bool)
  case section(TemplateName, [TemplateNode])
  case inverted(TemplateName, [TemplateNode])
  /// `{{> name}}`, or `{{< name}}…{{/name}}` with its block overrides. `indentation`
  /// is set for a partial alone on its line: it starts every line the partial renders.
  /// `at` is where the tag is written, for the diagnostic of a partial that never ends.
  case partial(String, indentation: String?, overrides: [String: [TemplateNode]]?, at: TemplatePosition)
  /// `{{$name}}default{{/name}}`: replaced by an inheriting template's override.
  case block(String, defaultNodes: [TemplateNode], indentation: String)
}

/// A 1-based line and column in a template's text.
struct TemplatePosition: Sendable, Hashable {
  var line: Int
  var column: Int
}

/// One tag of a template with where it starts, for checks beyond syntax (missing
/// partials, values a component does not read).
struct TemplateTag: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    case variable, raw, section, inverted, close, partial, parent, block
  }

  var kind: Kind
  /// The name inside the tag, trimmed (`values.badge`, `partials/head`).
  var name: String
  var line: Int
  var column: Int
}

/// A template that does not parse: what is wrong and where (1-based line and column).
struct TemplateSyntaxError: Error, Equatable, Sendable {
  var message: String
  var line: Int
  var column: Int
}

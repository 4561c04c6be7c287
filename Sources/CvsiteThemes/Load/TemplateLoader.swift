import CvsiteCore
import Foundation

/// Parses every `layouts/**/*.mustache` file of a theme into one template library,
/// turning syntax errors into diagnostics with line and column.
struct TemplateLoader {
  let files: ThemeFiles
  var diagnostics: [Diagnostic] = []
  /// Template name (`containers/cards`) → theme-relative path, text and tags.
  var sources: [String: (path: String, text: String, tags: [TemplateTag])] = [:]

  init(files: ThemeFiles) { self.files = files }

  mutating func load() -> TemplateLibrary {
    var library = TemplateLibrary()
    for path in files.paths(under: "layouts/") where path.hasSuffix(".mustache") {
      let name = String(path.dropFirst("layouts/".count).dropLast(".mustache".count))
      guard let data = files.contents(path) else {
        diagnostics.append(Diagnostic(.error, "cannot read the template", at: location(path, 1, 1)))
        continue
      }
      if var problem = invalidUTF8Diagnostic([UInt8](data), path: path, what: "the template") {
        problem.location = location(path, problem.location?.line ?? 1, problem.location?.column ?? 1)
        diagnostics.append(problem)
        continue
      }
      let text = String(decoding: data, as: UTF8.self)
      switch TemplateParser.parse(text) {
      case .success(let parsed):
        sources[name] = (path, text, parsed.tags)
        library.register(parsed.nodes, named: name)
      case .failure(let error):
        sources[name] = (path, text, [])
        diagnostics.append(
          Diagnostic(
            .error, "Mustache: \(error.message)", at: location(path, error.line, error.column),
            sourceLine: sourceLine(name, error.line)))
      }
    }
    return library
  }

  func location(_ path: String, _ line: Int, _ column: Int) -> SourceLocation {
    SourceLocation(path: files.display(path), line: line, column: column)
  }

  func sourceLine(_ name: String, _ line: Int) -> String? {
    guard let text = sources[name]?.text else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return line >= 1 && line <= lines.count ? String(lines[line - 1]) : nil
  }

  /// Reports `{{> name}}` and `{{< name}}` that name no template.
  mutating func checkPartials() {
    for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
      for tag in source.tags where tag.kind == .partial || tag.kind == .parent {
        guard sources[tag.name] == nil else { continue }
        diagnostics.append(
          Diagnostic(
            .error, "missing partial `\(tag.name)` (no layouts/\(tag.name).mustache in the theme or its overrides)",
            at: location(source.path, tag.line, tag.column), sourceLine: sourceLine(name, tag.line),
            suggestion: closest(tag.name, Array(sources.keys))))
      }
    }
  }

  /// Reports value names a component template uses that its component does not read
  /// (`values.x`, `is.x.case`, `layout.x`, `split.x`), unknown enum cases, and unknown
  /// container attributes (`container.attrs.x`).
  mutating func checkReferences(of component: ComponentSpec, values: [String: ValueDeclaration]) {
    guard let template = component.template, let source = sources[template] else { return }
    let reads = Set(component.declaration.reads)
    let attributes = Dictionary(
      component.declaration.attributes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for tag in source.tags where tag.kind != .close {
      let path = tag.name.split(separator: ".").map(String.init)
      guard path.count >= 2 else { continue }
      var problem: (String, String?)?
      if ["values", "is", "layout", "split"].contains(path[0]) {
        if !reads.contains(path[1]) {
          problem = (
            "`\(component.name)` does not read `\(path[1])` (add it to `reads`)", closest(path[1], Array(reads))
          )
        } else if path[0] == "is", path.count >= 3, case .enumeration(let cases)? = values[path[1]]?.type,
          !cases.contains(path[2])
        {
          problem = ("`\(path[2])` is not a case of `\(path[1])`", closest(path[2], cases))
        }
      } else if path[0] == "container", path.count >= 3, ["attrs", "is", "split"].contains(path[1]) {
        if attributes[path[2]] == nil {
          problem = (
            "`\(component.name)` has no attribute `\(path[2])` (declare it under `attributes`)",
            closest(path[2], Array(attributes.keys))
          )
        } else if path[1] == "is", path.count >= 4, case .enumeration(let cases) = attributes[path[2]]?.type,
          !cases.contains(path[3])
        {
          problem = ("`\(path[3])` is not a case of `\(path[2])`", closest(path[3], cases))
        }
      }
      if let (message, suggestion) = problem {
        diagnostics.append(
          Diagnostic(
            .error, message, at: location(source.path, tag.line, tag.column),
            sourceLine: sourceLine(template, tag.line),
            suggestion: suggestion))
      }
    }
  }
}

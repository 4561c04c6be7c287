import CvsiteCore
import CvsiteMarkdown
import Yams

/// A Zensical project's `zensical.toml` read as the site's settings: its `[project]`
/// table holds `mkdocs.yml`'s keys, read as ``MkDocsSettings`` reads them (same keys,
/// same warnings), with Zensical's tables for `markdown_extensions` and `plugins`
/// (`[project.markdown_extensions.toc]`, `pymdownx.*` written without quotes).
enum ZensicalSettings {
  static let fileName = "zensical.toml"

  static func read(
    _ text: String, path: String, environment: [String: String], files: @escaping (String) -> String?
  ) -> (SiteConfig, [Diagnostic]) {
    let source = SourceText(path: path, bytes: Array(text.utf8))
    switch TOMLReader.read(text) {
    case .failure(let problem):
      // Read as a YAML file that does not parse: the defaults, and the error.
      let error = source.diagnostic(
        .error, "invalid TOML: \(problem.message)", line: problem.line, column: problem.column)
      return MkDocsSettings.read(
        (YAMLDocument(path: path, source: source, root: nil), [error]), environment: environment, files: files)
    case .success(let table):
      var marks = MarkMaker()
      let project: TOMLValue
      if let written = table["project"], case .table = written.kind {
        project = written
      } else {
        project = TOMLValue(kind: .table(table), line: 1, column: 1)
      }
      let root = marks.node(project, key: nil)
      return MkDocsSettings.read(
        (YAMLDocument(path: path, source: source, root: root), []), environment: environment, files: files)
    }
  }

  /// Whether the places of values are made directly (in constant time each), not by
  /// parsing a scalar at each place.
  static var makesMarksDirectly: Bool { MarkMaker.markIsTwoIntegers }

  /// Makes YAML's nodes of TOML values, each with the place it was written.
  private struct MarkMaker {
    private var made: [Int: Mark] = [:]
    static let markIsTwoIntegers =
      MemoryLayout<Mark>.size == MemoryLayout<(Int, Int)>.size
      && MemoryLayout<Mark>.alignment == MemoryLayout<(Int, Int)>.alignment

    /// The mark of `line` and `column`. Yams' `Mark` is two integers, line then column,
    /// with no public initializer: it is made from them directly, in constant time.
    /// Should its layout ever differ, a scalar is parsed at that place instead (once per
    /// place; a cost that grows with the line number).
    mutating func mark(line: Int, column: Int) -> Mark? {
      if Self.markIsTwoIntegers {
        let mark = unsafeBitCast((line, column), to: Mark.self)
        if mark.line == line, mark.column == column { return mark }
      }
      let key = line << 20 | min(column, 1 << 20 - 1)
      if let known = made[key] { return known }
      let text =
        String(repeating: "\n", count: max(0, line - 1)) + String(repeating: " ", count: max(0, column - 1)) + "x"
      let mark = (try? Yams.compose(yaml: text))??.mark
      made[key] = mark
      return mark
    }

    /// `value` as a node; `key` names the table it sits under, for the tables that
    /// Zensical writes where `mkdocs.yml` has lists.
    mutating func node(_ value: TOMLValue, key: String?) -> Node {
      let mark = self.mark(line: value.line, column: value.column)
      func scalar(_ text: String, _ name: Tag.Name) -> Node { .scalar(.init(text, Tag(name), .any, mark)) }
      switch value.kind {
      case .string(let text): return scalar(text, .str)
      case .integer(let number): return scalar(String(number), .int)
      case .float(let number): return scalar(String(number), .float)
      case .bool(let flag): return scalar(flag ? "true" : "false", .bool)
      case .dateTime(let text): return scalar(text, .str)
      case .array(let items): return .sequence(.init(items.map { node($0, key: nil) }, .implicit, .any, mark))
      case .table(let table):
        if key == "markdown_extensions" || key == "plugins" {
          return .sequence(.init(named(table).map { .mapping(.init([$0])) }, .implicit, .any, mark))
        }
        let pairs = table.pairs.map { entry -> (Node, Node) in
          let place = table.keyPlaces[entry.key] ?? (entry.value.line, entry.value.column)
          let keyMark = self.mark(line: place.line, column: place.column)
          return (.scalar(.init(entry.key, Tag(.str), .any, keyMark)), node(entry.value, key: entry.key))
        }
        return .mapping(.init(pairs, .implicit, .any, mark))
      }
    }

    /// The entries of a table of extensions or plugins as name–options pairs, in order:
    /// `pymdownx = { tabbed = {…} }` (unquoted dotted names) is `pymdownx.tabbed`, and
    /// `pymdownx.blocks` one level further.
    private mutating func named(_ table: TOMLTable, prefix: String = "") -> [(Node, Node)] {
      var pairs: [(Node, Node)] = []
      for (name, value) in table.pairs {
        let full = prefix + name
        if case .table(let inner) = value.kind, full == "pymdownx" || full == "pymdownx.blocks" {
          pairs += named(inner, prefix: full + ".")
          continue
        }
        let place = table.keyPlaces[name] ?? (value.line, value.column)
        let mark = self.mark(line: place.line, column: place.column)
        pairs.append((.scalar(.init(full, Tag(.str), .any, mark)), node(value, key: nil)))
      }
      return pairs
    }
  }
}

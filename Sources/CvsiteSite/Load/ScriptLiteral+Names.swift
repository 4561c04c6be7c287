import Foundation

extension ScriptLiteralReader {
  /// How many files deep a name is followed through imports.
  static let maxImportDepth = 4

  /// The object a settings program gives `key`, read and never run: written in place
  /// (`locales: {…}`), or named (`locales: localesConfig`, or `locales,` for a variable
  /// of that name) and found as a `const`, `let` or `var` of the program, or imported
  /// from a file of the project (`import locales from './locales.json'`,
  /// `import { localesConfig } from './config/locales'`). `file` is the program's path
  /// in `root`; the project files read for it are added to `inputs`.
  static func object(named key: String, in text: String, file: String, root: URL, inputs: inout [String])
    -> ScriptLiteral?
  {
    if let written = object(named: key, in: text) { return written }
    guard let name = valueName(of: key, in: text) else { return nil }
    return definition(of: name, in: text, file: file, root: root, depth: 0, inputs: &inputs)
  }

  /// The variable `key`'s value names: `key: name`, or `key` alone (`{ locales }`,
  /// `locales,`) for a variable of its own name.
  static func valueName(of key: String, in text: String) -> String? {
    let escaped = NSRegularExpression.escapedPattern(for: key)
    if let match = firstMatch(#"[{,\s]['"]?\#(escaped)['"]?\s*:\s*([A-Za-z_$][\w$]*)\s*[,}\n]"#, in: text) {
      return match[1]
    }
    if firstMatch(#"[{,]\s*\#(escaped)\s*[,}]"#, in: text) != nil { return key }
    return nil
  }

  /// The object literal the program gives the variable `name`, declared in it or imported.
  private static func definition(
    of name: String, in text: String, file: String, root: URL, depth: Int, inputs: inout [String]
  ) -> ScriptLiteral? {
    let escaped = NSRegularExpression.escapedPattern(for: name)
    let declaration = #"\b(?:const|let|var)\s+\#(escaped)\s*(?::[^=\n]*)?=\s*\{"#
    if let range = text.range(of: declaration, options: .regularExpression) {
      let bytes = Array(text.utf8)
      let offset = text.utf8.distance(from: text.utf8.startIndex, to: range.upperBound) - 1
      var reader = ScriptLiteralReader(bytes: bytes, at: offset)
      return reader.value(depth: 0)
    }
    guard depth < maxImportDepth, let (exported, path) = importSource(of: name, in: text),
      let (module, moduleText) = moduleFile(path, from: file, root: root)
    else { return nil }
    inputs.append(module)
    guard let exported else { return exportedObject(in: moduleText) }
    return definition(of: exported, in: moduleText, file: module, root: root, depth: depth + 1, inputs: &inputs)
  }

  /// Where the program imports `name` from: the name the module exports it under (nil
  /// for its default export) and the module's path as written.
  private static func importSource(of name: String, in text: String) -> (exported: String?, path: String)? {
    let escaped = NSRegularExpression.escapedPattern(for: name)
    if let match = firstMatch(#"\bimport\s+\#(escaped)\s+from\s*['"]([^'"]+)['"]"#, in: text) {
      return (nil, match[1])
    }
    let named = #"\bimport\s*(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]"#
    guard let regex = try? NSRegularExpression(pattern: named) else { return nil }
    for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      guard let list = Range(match.range(at: 1), in: text), let path = Range(match.range(at: 2), in: text) else {
        continue
      }
      for item in text[list].split(separator: ",") {
        let words = item.split(whereSeparator: \.isWhitespace).map(String.init)
        if words == [name] { return (name, String(text[path])) }
        if words.count == 3, words[1] == "as", words[2] == name { return (words[0], String(text[path])) }
      }
    }
    return nil
  }

  /// The project file a relative import names from `file` (with the extensions a
  /// bundler tries), and its text; nil for a package, or a path outside `root`.
  private static func moduleFile(_ written: String, from file: String, root: URL) -> (String, String)? {
    guard written.hasPrefix("./") || written.hasPrefix("../") else { return nil }
    var parts = file.split(separator: "/").dropLast().map(String.init)
    for part in written.split(separator: "/") where part != "." {
      if part == ".." {
        // Above the project's folder: not the project's.
        guard parts.popLast() != nil else { return nil }
      } else {
        parts.append(String(part))
      }
    }
    let joined = parts.joined(separator: "/")
    let project = root.resolvingSymlinksInPath().path + "/"
    let suffixes = ["", ".ts", ".mts", ".mjs", ".js", ".json", "/index.ts", "/index.mjs", "/index.js"]
    for suffix in suffixes {
      let path = joined + suffix
      let url = root.appendingPathComponent(path)
      // (A link that leads out of the project is not followed.)
      guard FileKind(following: url.path) == .file, url.resolvingSymlinksInPath().path.hasPrefix(project),
        let text = try? String(contentsOf: url, encoding: .utf8)
      else {
        continue
      }
      return (path, text)
    }
    return nil
  }

  /// The groups of the first match of `pattern` in `text` (0: the whole match).
  static func firstMatch(_ pattern: String, in text: String) -> [String]? {
    guard let regex = try? NSRegularExpression(pattern: pattern),
      let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    else { return nil }
    return (0..<match.numberOfRanges).map { index in
      Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
    }
  }
}

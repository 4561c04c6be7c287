import CvsiteCore
import Foundation
import SymbolKit

/// Reads the symbol graphs the Swift toolchain writes (`swift package
/// dump-symbol-graph`, `swift-symbolgraph-extract`: `Module.symbols.json`, and
/// `Module@Other.symbols.json` for its extensions of another module's types) into
/// ``APIModule`` values, keeping public and open symbols only.
public enum SymbolGraphReader {
  /// A graph file larger than this is refused: the toolchain writes a few megabytes for
  /// the largest packages.
  public static let maximumBytes = 64 * 1_024 * 1_024

  /// The modules the graph files hold (`files`: each file's path as diagnostics show
  /// it, and its bytes), in name order, and a located error for each file that is not a
  /// symbol graph.
  public static func read(_ files: [(path: String, bytes: [UInt8])]) -> ([APIModule], [Diagnostic]) {
    var modules: [String: APIModule] = [:]
    var diagnostics: [Diagnostic] = []
    for (path, bytes) in files {
      guard bytes.count <= maximumBytes else {
        diagnostics.append(
          Diagnostic(
            .error, "\(bytes.count / 1_048_576) MB is more than a symbol graph holds (at most 64 MB): not read",
            at: SourceLocation(path: path, line: 1, column: 1)))
        continue
      }
      let graph: SymbolGraph
      do {
        graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(bytes))
      } catch {
        diagnostics.append(
          Diagnostic(
            .error, "not a symbol graph: \(describe(error))", at: SourceLocation(path: path, line: 1, column: 1)))
        continue
      }
      // Extensions of another module's types are that module's symbols: documented here.
      // What such a graph synthesizes (a protocol's default implementations on the other
      // module's types) is not, as DocC leaves it out.
      let extending = path.split(separator: "/").last?.contains("@") == true
      let name = graph.module.name
      var module = modules[name] ?? APIModule(name: name)
      for symbol in graph.symbols.values
      where symbol.accessLevel.rawValue == "public" || symbol.accessLevel.rawValue == "open" {
        // A name with a leading underscore is an implementation detail, as DocC hides it.
        guard !symbol.pathComponents.isEmpty, !symbol.pathComponents.contains(where: { $0.hasPrefix("_") }),
          !(extending && symbol.identifier.precise.contains("::SYNTHESIZED::")),
          module.symbols[symbol.identifier.precise] == nil
        else { continue }
        module.symbols[symbol.identifier.precise] = read(symbol)
      }
      for relation in graph.relationships {
        module.relationships.append(
          APIRelationship(
            kind: relation.kind.rawValue, source: relation.source, target: relation.target,
            targetName: relation.targetFallback))
      }
      modules[name] = module
    }
    return (modules.keys.sorted().compactMap { modules[$0] }, diagnostics)
  }

  /// What a page needs of `symbol`.
  static func read(_ symbol: SymbolGraph.Symbol) -> APISymbol {
    let identifier = symbol.kind.identifier.identifier
    let kind = identifier.hasPrefix("swift.") ? String(identifier.dropFirst("swift.".count)) : identifier
    var made = APISymbol(
      id: symbol.identifier.precise, kind: kind, kindName: symbol.kind.displayName, title: symbol.names.title,
      pathComponents: symbol.pathComponents)
    if let fragments = symbol[mixin: SymbolGraph.Symbol.DeclarationFragments.self]?.declarationFragments {
      made.declaration = fragments.map {
        APIFragment(kind: $0.kind.rawValue, text: $0.spelling, symbol: $0.preciseIdentifier)
      }
    }
    if let comment = symbol.docComment {
      made.docLines = comment.lines.map(\.text)
      made.docFile = comment.uri
      made.docPositions = comment.lines.map { line in
        line.range.map { (line: $0.start.line + 1, column: $0.start.character + 1) }
      }
    }
    if let location = symbol[mixin: SymbolGraph.Symbol.Location.self] {
      (made.sourceFile, made.sourceLine) = (location.uri, location.position.line + 1)
    }
    for item in symbol[mixin: SymbolGraph.Symbol.Availability.self]?.availability ?? [] {
      let domain = item.domain?.rawValue ?? "*"
      if item.isUnconditionallyDeprecated {
        made.availability.append("Deprecated" + (item.message.map { ": " + $0 } ?? ""))
      } else if let introduced = item.introducedVersion {
        made.availability.append("\(domain) \(introduced.major).\(introduced.minor)+")
      } else if let deprecated = item.deprecatedVersion {
        made.availability.append("Deprecated in \(domain) \(deprecated.major).\(deprecated.minor)")
      }
    }
    return made
  }

  /// A decoding error in a sentence: what was expected, and where in the JSON.
  static func describe(_ error: any Error) -> String {
    func place(_ path: [any CodingKey]) -> String {
      path.isEmpty
        ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
    switch error as? DecodingError {
    case .typeMismatch(let type, let context)?: return "expected \(type) at \(place(context.codingPath))"
    case .valueNotFound(let type, let context)?: return "no \(type) at \(place(context.codingPath))"
    case .keyNotFound(let key, let context)?:
      return "`\(key.stringValue)` is missing at \(place(context.codingPath))"
    case .dataCorrupted(let context)?:
      return context.codingPath.isEmpty ? "not JSON" : "a wrong value at \(place(context.codingPath))"
    default: return "\(error)"
    }
  }
}

/// A module's API as its symbol graphs describe it: what the reference pages are made
/// from. Plain values, read once from the graphs (``SymbolGraphReader``).
public struct APIModule: Sendable {
  /// The module's name (`ContainerViews`).
  public var name: String
  /// Its public symbols, by precise identifier.
  public var symbols: [String: APISymbol] = [:]
  /// What the graphs say of symbols' relations.
  public var relationships: [APIRelationship] = []

  /// A module named `name` with no symbols yet.
  public init(name: String) { self.name = name }
}

/// One declaration of a module.
public struct APISymbol: Sendable {
  /// The compiler's unique identifier (a USR for Swift).
  public var id: String
  /// The kind without its language (`struct`, `method`, `property`).
  public var kind: String
  /// The kind as DocC names it (`Structure`, `Instance Method`).
  public var kindName: String
  /// The name shown as the page's title (`on(_:method:use:)`).
  public var title: String
  /// Its path from the module: the names of its scopes and its own.
  public var pathComponents: [String]
  /// The declaration, in pieces the compiler classified.
  public var declaration: [APIFragment] = []
  /// The lines of its documentation comment, without the `///`.
  public var docLines: [String] = []
  /// The source file of the documentation comment, and where each of its lines' text
  /// starts there (line and column from 1), when the graph has them.
  public var docFile: String?
  public var docPositions: [(line: Int, column: Int)?] = []
  /// Where it is declared (`file:///…/View.swift`, line from 1), when known.
  public var sourceFile: String?
  public var sourceLine: Int?
  /// Platforms and versions: `macOS 14.0+`, or a deprecation.
  public var availability: [String] = []

  /// A symbol with nothing but its identity.
  public init(id: String, kind: String, kindName: String, title: String, pathComponents: [String]) {
    (self.id, self.kind, self.kindName, self.title, self.pathComponents) = (
      id, kind, kindName, title, pathComponents
    )
  }
}

/// A piece of a declaration: its text, what it is, and the symbol it names.
public struct APIFragment: Sendable, Hashable {
  /// `keyword`, `identifier`, `typeIdentifier`, `externalParam`, `text`…
  public var kind: String
  public var text: String
  /// The symbol a type's name refers to.
  public var symbol: String?

  /// A fragment of `kind` spelling `text`.
  public init(kind: String, text: String, symbol: String? = nil) {
    (self.kind, self.text, self.symbol) = (kind, text, symbol)
  }
}

/// A relation between two symbols (`source` conforms to `target`…).
public struct APIRelationship: Sendable, Hashable {
  /// `memberOf`, `conformsTo`, `inheritsFrom`, `defaultImplementationOf`,
  /// `requirementOf`, `optionalRequirementOf`, `overrides`.
  public var kind: String
  public var source: String
  public var target: String
  /// The target's name when it is outside the graphs (`Swift.Equatable`).
  public var targetName: String?

  /// `source` is `kind` of `target`.
  public init(kind: String, source: String, target: String, targetName: String? = nil) {
    (self.kind, self.source, self.target, self.targetName) = (kind, source, target, targetName)
  }
}

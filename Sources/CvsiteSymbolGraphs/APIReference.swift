/// The reference pages of modules, at DocC's paths: `/documentation/<module>/` for the
/// module, `/documentation/<module>/<type>/<member>/` for a symbol, lowercased. Symbols
/// whose paths differ only by case, or overloads, get DocC's disambiguation: the kind
/// (`-swift.property`) when it tells them apart, else a hash of the symbol's identifier
/// (`-1if00`).
public struct APIReference: Sendable {
  /// A page: a module (no symbol), a symbol, or a type the module extends but does not
  /// declare.
  public struct Node: Sendable {
    /// The module's or symbol's name: a path component as written (`View`, `init(_:)`).
    public var name: String
    public var symbol: APISymbol?
    /// The module, for a module's page.
    public var module: String
    /// The page's URL, from the site's root (`/documentation/containerviews/view/`).
    public var url: String
    /// The disambiguation a link may write after the name (`swift.property`, `1if00`),
    /// when the name alone is shared.
    public var disambiguations: [String] = []
    public var parent: Int?
    public var children: [Int] = []
  }

  public private(set) var nodes: [Node] = []
  /// Each symbol's node, by precise identifier.
  public private(set) var nodeOfSymbol: [String: Int] = [:]
  /// The modules' nodes.
  public private(set) var moduleNodes: [Int] = []
  private(set) var relationships: [APIRelationship] = []
  /// Positions in ``relationships`` by their source's identifier, and by their
  /// target's: a page looks up its own, not every relation of the graphs.
  private(set) var relationsFrom: [String: [Int]] = [:]
  private(set) var relationsTo: [String: [Int]] = [:]
  /// Nodes a link that also names another leaves aside, as DocC does: a protocol's
  /// default implementations give way to its requirements.
  private(set) var disfavored: Set<Int> = []
  /// Every symbol's path as a link writes it from its module (`View/body`), for a
  /// did-you-mean.
  private(set) var linkPaths: [String] = []
  /// Each node's documentation comment, read once: a page's topics show every member's
  /// abstract.
  private(set) var comments: [DocComment] = []

  /// The reference of `modules`.
  public init(_ modules: [APIModule]) {
    for module in modules {
      let root = nodes.count
      nodes.append(
        Node(name: module.name, module: module.name, url: "/documentation/\(Self.urlComponent(module.name))/"))
      moduleNodes.append(root)
      // Parents before children: by path length, then by path and identifier.
      let symbols = module.symbols.values.sorted {
        ($0.pathComponents.count, $0.pathComponents.joined(separator: "/"), $0.id)
          < ($1.pathComponents.count, $1.pathComponents.joined(separator: "/"), $1.id)
      }
      var byPath: [[String]: Int] = [[]: root]
      for symbol in symbols {
        var parent = root
        // A scope the graph does not declare (a type of another module it extends)
        // gets a page of its own.
        for depth in 0..<(symbol.pathComponents.count - 1) {
          let path = Array(symbol.pathComponents[...depth])
          if let known = byPath[path] {
            parent = known
          } else {
            let made = add(Node(name: path[depth], module: module.name, url: "", parent: parent))
            byPath[path] = made
            parent = made
          }
        }
        let made = add(Node(name: symbol.title, symbol: symbol, module: module.name, url: "", parent: parent))
        nodeOfSymbol[symbol.id] = made
        if byPath[symbol.pathComponents] == nil { byPath[symbol.pathComponents] = made }
      }
      relationships += module.relationships
      assignURLs(from: root)
    }
    for (position, relation) in relationships.enumerated() {
      relationsFrom[relation.source, default: []].append(position)
      relationsTo[relation.target, default: []].append(position)
      if relation.kind == "defaultImplementationOf", let node = nodeOfSymbol[relation.source] {
        disfavored.insert(node)
      }
    }
    comments = nodes.map { DocComment($0.symbol?.docLines ?? []) }
    linkPaths = nodes.indices.filter { nodes[$0].parent != nil }.map(linkPath(of:))
  }

  private mutating func add(_ node: Node) -> Int {
    let index = nodes.count
    nodes.append(node)
    if let parent = node.parent { nodes[parent].children.append(index) }
    return index
  }

  /// Gives the children of `node` (and theirs) their URLs, disambiguated among siblings.
  private mutating func assignURLs(from node: Int) {
    var stack = [node]
    while let current = stack.popLast() {
      let base = nodes[current].url
      var groups: [String: [Int]] = [:]
      // Names that make the same component (`<` and `>` operators both `_(_:_:)`) are
      // told apart as overloads are.
      for child in nodes[current].children {
        groups[Self.urlComponent(nodes[child].name), default: []].append(child)
      }
      for (component, members) in groups {
        let kinds = members.map { nodes[$0].symbol?.kind ?? "extension" }
        for (member, kind) in zip(members, kinds) {
          var component = component
          if members.count > 1 {
            let hash = stableHash(nodes[member].symbol?.id ?? nodes[member].name)
            let suffix = kinds.filter { $0 == kind }.count == 1 ? "swift." + kind : hash
            component += "-" + suffix
            nodes[member].disambiguations = ["swift." + kind, kind, hash]
          }
          nodes[member].url = base + component + "/"
        }
      }
      stack += nodes[current].children
    }
  }

  /// A name as a URL path component, as DocC makes it: lowercased, spaces as hyphens,
  /// and each character a URL path cannot hold as it is (the `/` and `?` of operators
  /// such as `??(_:_:)`, `#`, `%`, `<`, `>`, `|`…) as `_`.
  ///
  /// A name of only dots (`..`, which no Swift symbol has but a symbol graph may say)
  /// becomes underscores, and one longer than a file name may be is cut, its hash after
  /// it: a URL of the reference stays a folder inside it.
  static func urlComponent(_ name: String) -> String {
    var component = name.lowercased().replacingASCII(Self.pathReplacements)
    if component.allSatisfy({ $0 == "." }) { component = String(repeating: "_", count: max(1, component.count)) }
    if component.utf8.count > 200 {
      var cut = ""
      for character in component {
        guard cut.utf8.count + character.utf8.count <= 180 else { break }
        cut.append(character)
      }
      component = cut + "-" + stableHash(name)
    }
    return component
  }

  private static let pathReplacements: KeyValuePairs<UInt8, String> = [
    0x20: "-", UInt8(ascii: "/"): "_", UInt8(ascii: "?"): "_", UInt8(ascii: "#"): "_", UInt8(ascii: "%"): "_",
    UInt8(ascii: "\""): "_", UInt8(ascii: "<"): "_", UInt8(ascii: ">"): "_", UInt8(ascii: "["): "_",
    UInt8(ascii: "\\"): "_", UInt8(ascii: "]"): "_", UInt8(ascii: "^"): "_", UInt8(ascii: "`"): "_",
    UInt8(ascii: "{"): "_", UInt8(ascii: "|"): "_", UInt8(ascii: "}"): "_",
  ]

  /// The path of `node` as a link writes it from the module: `View/body`.
  public func linkPath(of node: Int) -> String {
    var names: [String] = []
    var current: Int? = node
    while let index = current, nodes[index].parent != nil {
      names.append(nodes[index].name)
      current = nodes[index].parent
    }
    return names.reversed().joined(separator: "/")
  }
}

/// DocC's hash of a symbol's identifier, as its URLs disambiguate overloads: FNV-1 over
/// the UTF-8 bytes, folded to 24 bits, in base 36.
func stableHash(_ text: String) -> String {
  let full = text.utf8.reduce(UInt32(2_166_136_261)) { ($0 &* 16_777_619) ^ UInt32($1) }
  return String((full >> 24) ^ (full & 0x00FF_FFFF), radix: 36)
}

import ContainerViews
import CvsiteCore

extension APIReference {
  /// One reference page as Markdown: where it goes among the site's pages (relative to
  /// its pages folder: `documentation/containerviews/view/_index.md` for a page with
  /// members) and its text, which the site's Markdown pipeline renders like any page.
  public struct Page: Sendable {
    public var relativePath: String
    public var markdown: String
    /// The node the page is for.
    public var node: Int
  }

  /// Every page of the reference, with the catalog's extensions of them (by node).
  public func pages(extensions: [Int: APIExtension] = [:]) -> [Page] {
    nodes.indices.map { page(of: $0, extension: extensions[$0]) }
  }

  /// The page of `node`, with a catalog's extension of it.
  public func page(of node: Int, extension: APIExtension? = nil) -> Page {
    Page(relativePath: relativePath(of: node), markdown: markdown(of: node, extension: `extension`), node: node)
  }

  /// The page that lists the modules, at `/documentation/`, for a site whose pages are
  /// not a DocC catalog's (a catalog's own page for its module is the way in there).
  public func indexPage(title: String = "API reference") -> (relativePath: String, markdown: String) {
    var text = "---\ntitle: \(jsonStringLiteral(title))\nweight: 1000\nlist: false\neditURL: false\n---\n\n"
    for module in moduleNodes {
      text += "- [\(codeSpan(nodes[module].name))](\(nodes[module].url))"
      let abstract = comments[module].abstract
      text += abstract.isEmpty ? "\n" : "\\\n  " + plain(abstract) + "\n"
    }
    return ("documentation/_index.md", text)
  }

  /// Where the page of `node` goes: a page with members is its folder's page.
  func relativePath(of node: Int) -> String {
    let path = String(nodes[node].url.dropFirst().dropLast())
    return nodes[node].children.isEmpty ? path + ".md" : path + "/_index.md"
  }

  /// The page of `node` in Markdown (DocC's syntax, for its symbol links), with what a
  /// catalog's `extension` of it says.
  func markdown(of index: Int, extension: APIExtension? = nil) -> String {
    let node = nodes[index]
    let written = `extension`?.sections
    // An extension that overrides the comment gives the page its abstract too.
    let comment =
      `extension`?.overrides == true
      ? DocComment(written?.before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? [])
      : comments[index]
    let kind = node.symbol?.kindName ?? (node.parent == nil ? "Framework" : "Extended Type")
    var text = "---\n"
    text += "title: \(jsonStringLiteral(node.symbol?.title ?? node.name))\n"
    if !comment.abstract.isEmpty { text += "description: \(jsonStringLiteral(plain(comment.abstract)))\n" }
    text += "weight: \(Self.kindOrder(node.symbol?.kind ?? "extension"))\n"
    // Made from the graphs: no file of the site's to edit.
    text += "syntax: docc\neditURL: false\n---\n\n"
    // The kind goes above the title; the abstract is the page's description, which the
    // layout shows under it.
    text += "@Metadata {\n  @TitleHeading(\(jsonStringLiteral(kind)))\n}\n\n"
    if let symbol = node.symbol, !symbol.declaration.isEmpty {
      text += "## Declaration\n\n" + declarationHTML(symbol.declaration) + "\n\n"
    }
    if !comment.parameters.isEmpty {
      text += "## Parameters\n\n"
      for (name, description) in comment.parameters { text += "- `\(name)`: " + indent(description) + "\n" }
      text += "\n"
    }
    if let returns = comment.returns { text += "## Return Value\n\n" + returns + "\n\n" }
    if let throwing = comment.throwing { text += "## Throws\n\n" + throwing + "\n\n" }
    if !comment.discussion.isEmpty { text += "## Discussion\n\n" + comment.discussion + "\n\n" }
    if `extension`?.overrides == false, let before = written?.before, !before.allSatisfy(\.isWhitespace) {
      text += before.trimmingEnds(of: "\n") + "\n\n"
    }
    if let symbol = node.symbol, !symbol.availability.isEmpty {
      text += "## Availability\n\n" + symbol.availability.map { "- " + $0 }.joined(separator: "\n") + "\n\n"
    }
    if let topics = written?.topics, let written = `extension` {
      text += topics.trimmingEnds(of: "\n") + "\n\n"
      text += self.topics(of: index, excluding: curated(by: written, at: index), heading: false)
    } else {
      text += topics(of: index)
    }
    text += relationships(of: index)
    return text
  }

  /// DocC's automatic topic groups of the page's members, by kind, each member with its
  /// abstract.
  /// Without `heading`, the groups only (after a catalog's own `## Topics`); members in
  /// `excluding` (curated there) are left out.
  public func topics(of index: Int, excluding curated: Set<Int> = [], heading: Bool = true) -> String {
    let children = nodes[index].children.filter { !curated.contains($0) }
    guard !children.isEmpty else { return "" }
    var groups: [String: [Int]] = [:]
    for child in children {
      groups[Self.groupTitle(nodes[child].symbol?.kind ?? "extension"), default: []].append(child)
    }
    var text = heading ? "## Topics\n\n" : ""
    for title in groups.keys.sorted(by: { Self.groupOrder($0) < Self.groupOrder($1) }) {
      text += "### \(title)\n\n"
      let members = (groups[title] ?? []).sorted { (nodes[$0].name, nodes[$0].url) < (nodes[$1].name, nodes[$1].url) }
      for member in members {
        text += "- [\(codeSpan(nodes[member].symbol?.title ?? nodes[member].name))](\(nodes[member].url))"
        let abstract = comments[member].abstract
        text += abstract.isEmpty ? "\n" : "\\\n  " + plain(abstract) + "\n"
      }
      text += "\n"
    }
    return text
  }

  /// What the page's symbol conforms to, inherits from, implements by default, and
  /// (for a protocol) the types that conform to it.
  func relationships(of index: Int) -> String {
    guard let id = nodes[index].symbol?.id else { return "" }
    var sections: [(String, [String])] = []
    func link(_ target: String, _ name: String?) -> String {
      if let node = nodeOfSymbol[target] { return "[\(codeSpan(nodes[node].symbol?.title ?? ""))](\(nodes[node].url))" }
      return codeSpan(name ?? target)
    }
    let from = (relationsFrom[id] ?? []).map { relationships[$0] }
    let to = (relationsTo[id] ?? []).map { relationships[$0] }
    for (kind, title) in [("inheritsFrom", "Inherits From"), ("conformsTo", "Conforms To")] {
      let targets = from.filter { $0.kind == kind }
      if !targets.isEmpty { sections.append((title, targets.map { link($0.target, $0.targetName) })) }
    }
    let conforming = to.filter { $0.kind == "conformsTo" }
    if !conforming.isEmpty { sections.append(("Conforming Types", conforming.map { link($0.source, nil) })) }
    let implementations = to.filter { $0.kind == "defaultImplementationOf" }
    if !implementations.isEmpty {
      sections.append(("Default Implementations", implementations.map { link($0.source, nil) }))
    }
    let implemented = from.filter { $0.kind == "defaultImplementationOf" }
    if !implemented.isEmpty {
      sections.append(("Default Implementation Of", implemented.map { link($0.target, $0.targetName) }))
    }
    guard !sections.isEmpty else { return "" }
    var text = "## Relationships\n\n"
    for (title, items) in sections {
      text += "### \(title)\n\n" + Set(items).sorted().map { "- " + $0 }.joined(separator: "\n") + "\n\n"
    }
    return text
  }

  /// The declaration as the site's code blocks show Swift: keywords, types (linked to
  /// their pages when the reference has them), names and parameters coloured.
  func declarationHTML(_ fragments: [APIFragment]) -> String {
    var html = "<div class=\"cv-code cv-declaration\"><pre class=\"cv-pre\"><code class=\"language-swift\">"
    for fragment in fragments {
      let text = escapeHTML(fragment.text).replacingASCII([0x0A: "&#10;"])
      let style: String? =
        switch fragment.kind {
        case "keyword": "k"
        case "attribute": "na"
        case "number": "m"
        case "string": "s"
        case "typeIdentifier", "genericParameter": "t"
        case "identifier": "nf"
        case "externalParam", "internalParam": "v"
        default: nil
        }
      var piece = style.map { "<span class=\"\($0)\">\(text)</span>" } ?? text
      if let symbol = fragment.symbol, let node = nodeOfSymbol[symbol] {
        piece = "<a href=\"\(escapeHTML(nodes[node].url))\">\(piece)</a>"
      }
      html += piece
    }
    return html + "</code></pre></div>"
  }

  /// DocC's automatic group for a kind of member.
  public static func groupTitle(_ kind: String) -> String {
    switch kind {
    case "class": "Classes"
    case "protocol": "Protocols"
    case "struct": "Structures"
    case "enum": "Enumerations"
    case "typealias": "Type Aliases"
    case "associatedtype": "Associated Types"
    case "init": "Initializers"
    case "deinit": "Deinitializers"
    case "property": "Instance Properties"
    case "method": "Instance Methods"
    case "subscript": "Subscripts"
    case "type.property": "Type Properties"
    case "type.method": "Type Methods"
    case "type.subscript": "Type Subscripts"
    case "func.op", "op": "Operators"
    case "enum.case": "Enumeration Cases"
    case "func": "Functions"
    case "var": "Variables"
    case "macro": "Macros"
    default: "Extended Types"
    }
  }

  /// The groups in DocC's order.
  static let groupsInOrder = [
    "Classes", "Protocols", "Structures", "Enumerations", "Initializers", "Deinitializers", "Enumeration Cases",
    "Instance Properties", "Instance Methods", "Subscripts", "Type Properties", "Type Methods", "Type Subscripts",
    "Operators", "Type Aliases", "Associated Types", "Functions", "Variables", "Macros", "Extended Types",
  ]

  public static func groupOrder(_ title: String) -> Int { groupsInOrder.firstIndex(of: title) ?? groupsInOrder.count }

  /// A page's place in the navigation among its siblings: by its group's order.
  static func kindOrder(_ kind: String) -> Int { groupOrder(groupTitle(kind)) + 1 }
}

/// `text` as a Markdown code span, whatever backticks it holds.
func codeSpan(_ text: String) -> String {
  // One backtick more than the longest run of them in the text.
  var (longest, run) = (0, 0)
  for byte in text.utf8 {
    run = byte == UInt8(ascii: "`") ? run + 1 : 0
    longest = max(longest, run)
  }
  let fence = String(repeating: "`", count: longest + 1)
  let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " " + text + " " : text
  return fence + padded + fence
}

/// Markdown text without its code marks and emphasis, for a description.
func plain(_ markdown: String) -> String {
  markdown.replacingASCII([UInt8(ascii: "`"): "", 0x0A: " "])
}

/// `text` with its lines after the first indented two spaces, to stay in a list item.
func indent(_ text: String) -> String {
  text.replacingASCII([0x0A: "\n  "])
}

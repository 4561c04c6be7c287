import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

@Suite("API reference pages in a site")
struct APIReferenceSiteTests {
  static let article = """
    ---
    title: Using the shop
    syntax: docc
    ---
    A cart is a ``Cart``; add to it with ``Cart/add(_:)-4oqq3``.

    """

  func site(article: String = Self.article) throws -> TemporarySite {
    try TemporarySite(
      site: ["content/using.md": article, "graphs/Shop.symbols.json": ShopGraph.json],
      config:
        "title: Shop\nbaseURL: https://example.com/docs/\nsymbolGraphs: graphs\neditURL: https://example.com/edit/\n")
  }

  @Test("the symbol graphs' pages are built at DocC's paths, linked from articles, in search and navigation")
  func built() throws {
    let site = try site()
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.map(\.message))")
    for path in [
      "documentation/shop/index.html", "documentation/shop/cart/index.html",
      "documentation/shop/cart/add(_:)-4oqq3/index.html", "documentation/shop/cart/total-swift.property/index.html",
    ] {
      #expect(site.exists(path), "\(path)")
    }
    let index = try #require(site.read("documentation/index.html"))
    #expect(index.contains("API reference") && index.contains(#"href="/docs/documentation/shop/""#), "the modules")
    let using = try #require(site.read("using/index.html"))
    #expect(using.contains(#"<a href="/docs/documentation/shop/cart/"><code>Cart</code></a>"#))
    #expect(using.contains(#"<a href="/docs/documentation/shop/cart/add(_:)-4oqq3/"><code>add(_:)</code></a>"#))
    let cart = try #require(site.read("documentation/shop/cart/index.html"))
    #expect(
      cart.contains(#"<a href="/docs/documentation/shop/cart/add(_:)-4oqq3/"><code>add(_:)</code></a>"#),
      "a link in a comment")
    #expect(cart.contains("Instance Methods") && cart.contains("Conforms To"))
    let add = try #require(site.read("documentation/shop/cart/add(_:)-4oqq3/index.html"))
    #expect(add.contains(#"<a href="/docs/documentation/shop/item/"><span class="t">Item</span></a>"#))
    #expect(add.contains("The item to add."))
    #expect(!add.contains("https://example.com/edit/") && using.contains("https://example.com/edit/using.md"))
    #expect(add.contains("Instance Method") && !add.contains("@Metadata"), "the kind above the title")
    let bundles = try FileManager.default.contentsOfDirectory(
      atPath: site.output.appendingPathComponent("search/p").path)
    let records = bundles.compactMap { site.read("search/p/" + $0) }.joined()
    #expect(records.contains(#""u":"/docs/documentation/shop/cart/""#), "the reference is searchable")
    #expect(records.contains(#""t":"add(_:) · Instance Method""#), "a result says the symbol's kind")
  }

  @Test("search: a symbol's name marks its page above a page that has the word in its title and headings")
  func symbolNamesInSearch() throws {
    let guide = "---\ntitle: Cart cart\n---\n## Cart\n\n" + String(repeating: "The cart and add. ", count: 40) + "\n"
    let site = try TemporarySite(
      site: ["content/carts.md": guide, "graphs/Shop.symbols.json": ShopGraph.json],
      config: "title: Shop\nsymbolGraphs: graphs\n")
    #expect(site.build().result.succeeded)
    let index = try SearchIndexTests.index(of: site)
    func bytes(_ term: String) -> [String: UInt8] {
      Dictionary((index.terms[term] ?? []).map { (index.pages[$0.0].u, $0.1) }, uniquingKeysWith: max)
    }
    let cart = bytes("cart")
    #expect(cart["/documentation/shop/cart/"] == 255, "the symbol's own name")
    #expect(cart["/carts/"].map { $0 >= 0xC0 && $0 < 255 } == true, "title and heading, not a name")
    let add = bytes("add")
    #expect(add.filter { $0.key.hasPrefix("/documentation/shop/cart/add(_:)-") && $0.value == 255 }.count == 2)
    #expect(add["/documentation/shop/cart/"].map { $0 < 255 } == true, "a member's name on its type's page")
    #expect(bytes("item")["/documentation/shop/cart/init(items:)/"].map { $0 < 255 } == true, "an argument label")
    #expect(bytes("init")["/documentation/shop/cart/init(items:)/"] == 255)
  }

  @Test("the navigation made from the folders shows a module's symbols and a type's members under their kind")
  func navigationByKind() throws {
    let site = try site()
    #expect(site.build().result.succeeded)
    let page = try #require(site.read("documentation/shop/cart/total-swift.property/index.html"))
    func slice(_ text: String, from start: String, to end: String) -> String? {
      guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex)
      else { return nil }
      return String(text[from.lowerBound..<to.upperBound])
    }
    let nav = try #require(slice(page, from: "<nav", to: "</nav>"))
    let headings = nav.components(separatedBy: #"<span class="cv-nav-heading">"#).dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
    // Cart's members (a nested structure first, as DocC orders the groups) inside its
    // entry under the module's Structures.
    #expect(
      headings == ["Protocols", "Structures", "Structures", "Initializers", "Instance Properties", "Instance Methods"])
    // Each heading holds its own group: the two overloads under Instance Methods.
    let methods = try #require(slice(nav, from: "Instance Methods</span>", to: "</ul>"))
    #expect(methods.components(separatedBy: "<li").count - 1 == 2 && methods.contains("add(_:)"))
    #expect(nav.contains(#"<li class="cv-nav-open"><span class="cv-nav-heading">Instance Properties</span>"#))
    #expect(!nav.contains(#"<li class="cv-nav-open"><span class="cv-nav-heading">Instance Methods</span>"#))
  }

  @Test("a symbol's name for search: without arguments or generic parameters; none for an operator")
  func symbolName() {
    #expect(PageParser.symbolName("containerValue(_:_:)") == "containerValue")
    #expect(PageParser.symbolName("Group<Content>") == "Group")
    #expect(PageParser.symbolName("Cart") == "Cart")
    #expect(PageParser.symbolName("+(_:_:)") == nil)
    #expect(PageParser.symbolName("==(_:_:)") == nil)
  }

  @Test("a symbol link to nothing is an error at its line, with the nearest symbol")
  func unknownLink() throws {
    let site = try site(article: Self.article + "Also ``Crat``.\n")
    let built = site.build()
    #expect(!built.result.succeeded)
    let problem = try #require(built.result.diagnostics.first { $0.message.contains("Crat") })
    #expect(problem.message == "``Crat`` leads to no symbol of the symbol graphs")
    #expect(problem.location == SourceLocation(path: "content/using.md", line: 6, column: 6))
    #expect(problem.suggestion == "Cart")
  }

  @Test("a site of several languages publishes the reference once, in its default language")
  func severalLanguages() throws {
    let site = try TemporarySite(
      site: [
        "graphs/Shop.symbols.json": ShopGraph.json,
        "content/index.md": "---\nsyntax: docc\n---\n# Home\n\nSee ``Cart``.\n",
        "content/index.es.md": "# Inicio\n",
      ],
      config: "title: Shop\nsymbolGraphs: graphs\nlanguages:\n  - code: en\n  - code: es\n")
    let built = site.build().result
    #expect(built.succeeded, "\(built.diagnostics.summaries)")
    #expect(site.exists("documentation/shop/cart/index.html"))
    #expect(site.read("index.html")?.contains(#"href="/documentation/shop/cart/""#) == true)
    #expect(!site.exists("es/documentation/shop/cart/index.html"), "no copy per language")
  }

  @Test("a graph that is not one is a located error; a folder not made yet, a located warning")
  func badGraphs() throws {
    let site = try TemporarySite(
      site: ["content/index.md": "# Home\n", "graphs/Bad.symbols.json": "{\"module\": 3"],
      config: "title: Shop\nsymbolGraphs: graphs\n")
    let bad = site.build().result
    #expect(bad.diagnostics.errors.map(\.message) == ["not a symbol graph: the JSON ends inside an object"])
    #expect(
      bad.diagnostics.errors.first?.location == SourceLocation(path: "graphs/Bad.symbols.json", line: 1, column: 13))
    try site.write("cvsite.yml", "title: Shop\nsymbolGraphs: grahps\n")
    let missing = site.build().result
    #expect(missing.succeeded, "the site builds without its reference")
    let warning = try #require(
      missing.diagnostics.first { $0.message.hasPrefix("no folder of symbol graphs at grahps") })
    #expect(warning.severity == .warning)
    #expect(warning.location == SourceLocation(path: "cvsite.yml", line: 2, column: 15))
  }
}

@Suite("API reference pages extended by the site's own")
struct APIExtensionTests {
  @Test("a page titled with a symbol link joins that symbol's page: its text, its curated topics first")
  func extensions() throws {
    let site = try TemporarySite(
      site: [
        "graphs/Shop.symbols.json": ShopGraph.json,
        "content/cart.md": """
        # ``Shop/Cart``

        Carts in depth.

        ## Topics

        ### Essentials

        - ``Cart/add(_:)-4oqq3``

        """,
        "content/item.md": """
        # ``Item``

        @Metadata {
          @DocumentationExtension(mergeBehavior: override)
        }

        An item, as the catalog says.

        """,
        "content/shop.md": "# ``Shop``\n\nThe shop module.\n",
      ],
      config: "title: Shop\nsymbolGraphs: graphs\n")
    let built = site.build()
    #expect(built.result.succeeded, "\(built.result.diagnostics.map(\.message))")
    #expect(!site.exists("cart/index.html") && !site.exists("item/index.html"), "extensions are no pages")
    let cart = try #require(site.read("documentation/shop/cart/index.html"))
    #expect(cart.contains("Carts in depth.") && cart.contains("A cart of"))
    let essentials = try #require(cart.range(of: "Essentials")).lowerBound
    let methods = try #require(cart.range(of: "id=\"instance-methods\""))
    #expect(essentials < methods.lowerBound, "curated groups come before the automatic ones")
    let list = cart[methods.upperBound...]
    let group = list[..<(try #require(list.range(of: "</ul>")).lowerBound)]
    #expect(
      !group.contains("add(_:)-4oqq3/") && group.contains("add(_:)-4oqq0/"), "a curated member is not listed again")
    let item = try #require(site.read("documentation/shop/item/index.html"))
    #expect(item.contains("An item, as the catalog says.") && !item.contains("An item.<"))
    #expect(!item.contains("@Metadata") && !item.contains("mergeBehavior"))
    let shop = try #require(site.read("shop/index.html"))
    #expect(shop.contains("The shop module.") && shop.contains("Structures"), "the module's page gets its topics")
  }

  @Test("a page that extends a symbol the graphs lack is a page of its own, and a warning")
  func unknownExtension() throws {
    let site = try TemporarySite(
      site: ["graphs/Shop.symbols.json": ShopGraph.json, "content/kart.md": "# ``Kart``\n\nText.\n"],
      config: "title: Shop\nsymbolGraphs: graphs\n")
    let built = site.build().result
    #expect(built.succeeded)
    let warning = try #require(built.diagnostics.first { $0.message.contains("Kart") })
    #expect(warning.severity == .warning && warning.suggestion == "Cart")
    #expect(site.exists("kart/index.html"))
  }
}

@Suite("API reference pages in serve")
struct APIReferenceServeTests {
  @Test("an extension's edit and a graph's change rebuild the reference")
  func serve() throws {
    let site = try TemporarySite(
      site: [
        "graphs/Shop.symbols.json": ShopGraph.json,
        "content/cart.md": "# ``Shop/Cart``\n\nCarts in depth.\n",
        "content/index.md": "# Home\n",
      ],
      config: "title: Shop\nsymbolGraphs: graphs\n")
    var session = ServedSite(options: site.options)
    let served = StoringSink()
    #expect(session.update(changed: ["cvsite.yml"], into: served).succeeded)
    func page(_ path: String) -> String { served.files[path].map { String(decoding: $0, as: UTF8.self) } ?? "" }
    #expect(page("documentation/shop/cart/index.html").contains("Carts in depth."))
    try site.write("content/cart.md", "# ``Shop/Cart``\n\nCarts, revised.\n")
    #expect(session.update(changed: ["content/cart.md"], into: served).succeeded)
    #expect(page("documentation/shop/cart/index.html").contains("Carts, revised."))
    #expect(served.files["cart/index.html"] == nil, "the extension stays no page of its own")
    try site.write("graphs/Shop.symbols.json", ShopGraph.json.replacingOccurrences(of: "The total.", with: "The sum."))
    #expect(session.update(changed: ["graphs/Shop.symbols.json"], into: served).succeeded)
    #expect(page("documentation/shop/cart/total-swift.property/index.html").contains("The sum."))
  }
}

@Suite("API reference problems where they are written")
struct APIReferenceSourceTests {
  @Test("a bad symbol link in a documentation comment is reported at the Swift source line")
  func locatedInSwift() throws {
    let site = try TemporarySite(
      site: [
        "content/index.md": "# Home\n",
        "Sources/Shop/Cart.swift": "import Foundation\n\n/// A cart.\n///\n/// See ``Crat``.\npublic struct Cart {}\n",
      ],
      config: "title: Shop\nsymbolGraphs: graphs\n")
    let file = site.root.appendingPathComponent("Sources/Shop/Cart.swift").path
    func line(_ text: String, _ number: Int) -> String {
      #"{"text": "\#(text)", "range": {"start": {"line": \#(number), "character": 4}, "end": {"line": \#(number), "character": 40}}}"#
    }
    try site.write(
      "graphs/Shop.symbols.json",
      """
      {"metadata": {"formatVersion": {"major": 0, "minor": 6, "patch": 0}, "generator": "test"},
       "module": {"name": "Shop", "platform": {}},
       "symbols": [{"kind": {"identifier": "swift.struct", "displayName": "Structure"},
         "identifier": {"precise": "s:Cart", "interfaceLanguage": "swift"}, "pathComponents": ["Cart"],
         "names": {"title": "Cart"}, "accessLevel": "public",
         "docComment": {"uri": "file://\(file)", "lines": [\(line("A cart.", 2)), \(line("", 3)), \(line("See ``Crat``.", 4))]}}],
       "relationships": []}
      """)
    let built = site.build().result
    let problem = try #require(built.diagnostics.first { $0.message.contains("Crat") })
    #expect(problem.location == SourceLocation(path: file, line: 5, column: 9))
    #expect(problem.sourceLine == "/// See ``Crat``.")
    #expect(problem.suggestion == "Cart")
  }
}

@Suite("API reference links on hostile pages")
struct APIReferenceHostileTests {
  @Test("thousands of symbol links on one line: each one resolved or placed at its own column")
  func manyLinks() throws {
    let count = 3_000
    let line = (0..<count).map { $0 % 2 == 0 ? "``Cart``" : "``Crat``" }.joined(separator: " ")
    let site = try TemporarySite(
      site: [
        "graphs/Shop.symbols.json": ShopGraph.json,
        "content/index.md": "---\nsyntax: docc\n---\n# Home\n\n" + line + "\n",
      ],
      config: "title: Shop\nsymbolGraphs: graphs\n")
    // Rendered into memory: a build with errors leaves no output behind.
    let sink = StoringSink()
    let built = SiteBuild.once(site.options, into: sink)
    let problems = built.diagnostics.filter { $0.message.contains("Crat") }
    #expect(!problems.isEmpty)
    let columns = problems.compactMap(\.location?.column)
    #expect(Set(columns).count == columns.count, "each at its own column")
    #expect(problems.allSatisfy { $0.location?.line == 6 })
    let page = String(decoding: try #require(sink.files["index.html"]), as: UTF8.self)
    #expect(page.components(separatedBy: #"href="/documentation/shop/cart/""#).count - 1 == count / 2)
  }
}

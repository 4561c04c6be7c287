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
      config: "title: Shop\nbaseURL: https://example.com/docs/\nsymbolGraphs: graphs\n")
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
    let bundles = try FileManager.default.contentsOfDirectory(
      atPath: site.output.appendingPathComponent("search/p").path)
    let records = bundles.compactMap { site.read("search/p/" + $0) }.joined()
    #expect(records.contains(#""u":"/docs/documentation/shop/cart/""#), "the reference is searchable")
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

  @Test("a graph that is not one, and a missing folder, are located errors")
  func badGraphs() throws {
    let site = try TemporarySite(
      site: ["content/index.md": "# Home\n", "graphs/Bad.symbols.json": "{\"module\": 3"],
      config: "title: Shop\nsymbolGraphs: graphs\n")
    let bad = site.build().result
    #expect(bad.diagnostics.errors.map(\.message) == ["not a symbol graph: not JSON"])
    #expect(bad.diagnostics.errors.first?.location?.path == "graphs/Bad.symbols.json")
    try site.write("cvsite.yml", "title: Shop\nsymbolGraphs: grahps\n")
    let missing = site.build().result
    #expect(missing.diagnostics.errors.first?.message.hasPrefix("no folder of symbol graphs at ") == true)
    #expect(missing.diagnostics.errors.first?.location == SourceLocation(path: "cvsite.yml", line: 2, column: 15))
  }
}

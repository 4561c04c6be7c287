import CvsiteCore
import CvsiteTestSupport
import Testing

@testable import CvsiteSymbolGraphs

@Suite("API reference from symbol graphs")
struct APIReferenceTests {
  func reference() throws -> APIReference {
    let (modules, problems) = SymbolGraphReader.read([("Shop.symbols.json", Array(ShopGraph.json.utf8))])
    #expect(problems.isEmpty, "\(problems.map(\.message))")
    return APIReference(try #require(modules.first.map { [$0] }))
  }

  func url(_ reference: APIReference, _ id: String) -> String? {
    reference.nodeOfSymbol[id].map { reference.nodes[$0].url }
  }

  @Test("DocC's hash of an identifier")
  func hash() {
    #expect(stableHash("") == "146ys")
    #expect(stableHash("Hello") == "1if00")
  }

  @Test("pages at DocC's paths: lowercased, overloads by hash, names alike but for case by kind; public only")
  func paths() throws {
    let reference = try reference()
    #expect(reference.nodes[reference.moduleNodes[0]].url == "/documentation/shop/")
    #expect(url(reference, "s:Cart") == "/documentation/shop/cart/")
    #expect(url(reference, "s:Cart.init") == "/documentation/shop/cart/init(items:)/")
    #expect(url(reference, "s:Cart.add1") == "/documentation/shop/cart/add(_:)-4oqq3/")
    #expect(url(reference, "s:Cart.add2") == "/documentation/shop/cart/add(_:)-4oqq0/")
    #expect(url(reference, "s:Cart.total") == "/documentation/shop/cart/total-swift.property/")
    #expect(url(reference, "s:Cart.Total") == "/documentation/shop/cart/total-swift.struct/")
    #expect(url(reference, "s:Cart.hidden") == nil, "internal symbols have no page")
  }

  @Test("operators' names are paths a URL can hold, as DocC makes them; names alike once made so are told apart")
  func operatorPaths() throws {
    #expect(APIReference.urlComponent("??(_:_:)") == "__(_:_:)", "`?` would start a query")
    #expect(APIReference.urlComponent("==(_:_:)") == "==(_:_:)")
    #expect(APIReference.urlComponent("/(_:_:)") == "_(_:_:)")
    #expect(APIReference.urlComponent("..") == "__", "a name of dots is not a step up")
    let long = String(repeating: "a", count: 300)
    #expect(APIReference.urlComponent(long).utf8.count <= 255)
    var module = APIModule(name: "Ops")
    for (id, name) in [("s:less", "<(_:_:)"), ("s:greater", ">(_:_:)"), ("s:coalesce", "??(_:_:)")] {
      module.symbols[id] = APISymbol(
        id: id, kind: "func.op", kindName: "Operator", title: name, pathComponents: [name])
    }
    let reference = APIReference([module])
    let urls = ["s:less", "s:greater", "s:coalesce"].compactMap { url(reference, $0) }
    #expect(urls.count == 3 && Set(urls).count == 3, "\(urls)")
    #expect(urls.allSatisfy { !$0.contains("?") && !$0.contains("<") && !$0.contains(">") }, "\(urls)")
    #expect(url(reference, "s:coalesce") == "/documentation/ops/__(_:_:)/")
  }

  @Test("symbol links resolve from the page's scope, from the module, absolutely, and with disambiguation")
  func links() throws {
    let reference = try reference()
    let cart = try #require(reference.nodeOfSymbol["s:Cart"])
    let initializer = try #require(reference.nodeOfSymbol["s:Cart.init"])
    func resolved(_ link: String, from scope: Int?) -> String? {
      if case .found(let node) = reference.resolve(link, from: scope) { return reference.nodes[node].url }
      return nil
    }
    #expect(resolved("init(items:)", from: cart) == "/documentation/shop/cart/init(items:)/", "a member, by its name")
    #expect(resolved("Item", from: initializer) == "/documentation/shop/item/", "a scope around the page")
    #expect(resolved("Cart/total-swift.property", from: nil) == "/documentation/shop/cart/total-swift.property/")
    #expect(resolved("Cart/Total-struct", from: nil) == "/documentation/shop/cart/total-swift.struct/")
    #expect(resolved("Shop/Cart/add(_:)-4oqq0", from: nil) == "/documentation/shop/cart/add(_:)-4oqq0/")
    #expect(resolved("Shop", from: nil) == "/documentation/shop/", "the module itself")
    #expect(
      reference.resolve("Cart/add(_:)", from: nil) == .ambiguous(["Cart/add(_:)-4oqq3", "Cart/add(_:)-4oqq0"]))
    #expect(reference.resolve("Crat", from: nil) == .notFound(suggestion: "Cart"))
  }

  @Test("a documentation comment: abstract, parameters, returns, discussion with its asides")
  func docComment() {
    let comment = DocComment([
      "  Adds an item.", "", "  - Parameter item: The item", "    to add.", "  - Returns: The new count.", "",
      "  More about adding.", "  - Note: Carts grow.", "  - Parameters:", "    - a: First.", "    - b: Second.",
      "  - Throws: `CartError`.",
    ])
    #expect(comment.abstract == "Adds an item.")
    #expect(comment.parameters.map(\.name) == ["item", "a", "b"])
    #expect(comment.parameters.first?.description == "The item\nto add.")
    #expect(comment.returns == "The new count.")
    #expect(comment.throwing == "`CartError`.")
    #expect(comment.discussion == "More about adding.\n> Note: Carts grow.")
  }

  @Test("a page: its kind, declaration with types linked, parameters, topics by kind, relationships")
  func page() throws {
    let reference = try reference()
    let add = try #require(reference.nodeOfSymbol["s:Cart.add1"])
    let text = reference.markdown(of: add)
    #expect(text.hasPrefix("---\ntitle: \"add(_:)\"\ndescription: \"Adds an item.\"\n"))
    #expect(text.contains("@Metadata {\n  @TitleHeading(\"Instance Method\")\n}"))
    #expect(text.contains(#"<a href="/documentation/shop/item/"><span class="t">Item</span></a>"#))
    #expect(text.contains(#"<span class="t">Int</span>"#) && !text.contains("s:Si"), "a type outside stays text")
    #expect(text.contains("## Parameters\n\n- `item`: The item to add.\n"))
    #expect(text.contains("## Return Value\n\nThe new count."))
    #expect(text.contains("## Discussion\n\nMore about adding.\n> Note: Carts grow."))
    let cart = reference.markdown(of: try #require(reference.nodeOfSymbol["s:Cart"]))
    let topics = try #require(cart.range(of: "## Topics")).lowerBound
    let order = ["### Structures", "### Initializers", "### Instance Properties", "### Instance Methods"].map {
      cart.range(of: $0)?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil && $0! > topics })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "DocC's order of groups")
    #expect(cart.contains("- [`init(items:)`](/documentation/shop/cart/init(items:)/)\\\n  Makes a cart.\n"))
    #expect(cart.contains("### Conforms To\n\n- [`Priced`](/documentation/shop/priced/)\n- `Swift.Equatable`"))
    let priced = reference.markdown(of: try #require(reference.nodeOfSymbol["s:Priced"]))
    #expect(priced.contains("### Conforming Types\n\n- [`Cart`](/documentation/shop/cart/)"))
  }

  @Test(
    "graphs that are not graphs are located errors, read in bounded time",
    arguments: [
      ("{", "not a symbol graph: the JSON ends inside an object", 2),
      (#"{"metadata": 3}"#, "not a symbol graph: expected an object at `metadata`, found a number", 14),
      (#"[1, 2]"#, "not a symbol graph: expected an object at the top level, found an array", 1),
    ])
  func badGraphs(json: String, message: String, column: Int) {
    let (modules, problems) = SymbolGraphReader.read([("bad.symbols.json", Array(json.utf8))])
    #expect(modules.isEmpty)
    #expect(problems.map(\.message) == [message])
    #expect(problems.first?.location == SourceLocation(path: "bad.symbols.json", line: 1, column: column))
  }

  @Test("an extension graph's own symbols are read, not what it synthesizes from protocols")
  func extensionGraphs() {
    let graph = """
      {"metadata": {"formatVersion": {"major": 0, "minor": 6, "patch": 0}, "generator": "test"},
       "module": {"name": "Shop", "platform": {}},
       "symbols": [
         \(ShopGraph.symbol("s:Si4ShopE5priceSivp", "property", "Instance Property", ["Int", "price"])),
         \(ShopGraph.symbol("s:Shop.Priced.label::SYNTHESIZED::s:Si", "property", "Instance Property", ["Int", "label"]))
       ],
       "relationships": []}
      """
    let (modules, problems) = SymbolGraphReader.read([("graphs/Shop@Swift.symbols.json", Array(graph.utf8))])
    #expect(problems.isEmpty)
    #expect(modules.first?.symbols.keys.sorted() == ["s:Si4ShopE5priceSivp"])
    let reference = APIReference(modules)
    #expect(url(reference, "s:Si4ShopE5priceSivp") == "/documentation/shop/int/price/", "under the extended type")
  }

  @Test("relationships in a cycle, or naming symbols that do not exist, make pages all the same")
  func cycles() throws {
    let json = ShopGraph.json.replacingOccurrences(
      of: #""relationships": ["#,
      with:
        #""relationships": [{"kind": "inheritsFrom", "source": "s:Cart", "target": "s:Cart"}, {"kind": "conformsTo", "source": "s:Priced", "target": "s:Cart"}, {"kind": "memberOf", "source": "s:Cart", "target": "s:Cart.init"}, {"kind": "defaultImplementationOf", "source": "s:Nowhere", "target": "s:Elsewhere"},"#
    )
    let (modules, problems) = SymbolGraphReader.read([("Shop.symbols.json", Array(json.utf8))])
    #expect(problems.isEmpty)
    let reference = APIReference(modules)
    let pages = reference.pages()
    #expect(pages.count == reference.nodes.count)
    let cart = reference.markdown(of: try #require(reference.nodeOfSymbol["s:Cart"]))
    #expect(cart.contains("### Inherits From\n\n- [`Cart`](/documentation/shop/cart/)"))
    #expect(url(reference, "s:Cart") == "/documentation/shop/cart/", "paths come from the symbols' own path")
  }

  @Test("a graph over 64 MB is refused before it is read")
  func hugeGraph() {
    let (_, problems) = SymbolGraphReader.read([("big.symbols.json", [UInt8](repeating: 0x20, count: 65 << 20))])
    #expect(problems.first?.message.contains("more than a symbol graph holds") == true)
  }

  @Test("markup in names reaches the page escaped")
  func hostileNames() throws {
    let json = ShopGraph.json.replacingOccurrences(
      of: #""identifier", "spelling": "Cart""#, with: #""identifier", "spelling": "<script>x</script>""#)
    let (modules, _) = SymbolGraphReader.read([("Shop.symbols.json", Array(json.utf8))])
    let reference = APIReference(modules)
    let text = reference.markdown(of: try #require(reference.nodeOfSymbol["s:Cart"]))
    #expect(text.contains("&lt;script&gt;x&lt;/script&gt;") && !text.contains("<script>"))
  }
}

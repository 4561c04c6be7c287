/// A small symbol graph as the toolchain writes one: a structure with an initializer,
/// two overloads of a method, a property whose name differs from a nested type's only
/// by case, a protocol it conforms to, and documentation comments.
public enum ShopGraph {
  public static func symbol(
    _ id: String, _ kind: String, _ kindName: String, _ path: [String], doc: [String] = [],
    declaration: String = "", access: String = "public"
  ) -> String {
    let lines = doc.map { #"{"text": "\#($0)"}"# }.joined(separator: ",")
    let names = path.map { "\"\($0)\"" }.joined(separator: ",")
    return """
      {"kind": {"identifier": "swift.\(kind)", "displayName": "\(kindName)"},
       "identifier": {"precise": "\(id)", "interfaceLanguage": "swift"},
       "pathComponents": [\(names)], "names": {"title": "\(path.last ?? "")"},
       "docComment": {"lines": [\(lines)]}, "accessLevel": "\(access)",
       "declarationFragments": [\(declaration)]}
      """
  }

  public static let json = """
    {"metadata": {"formatVersion": {"major": 0, "minor": 6, "patch": 0}, "generator": "test"},
     "module": {"name": "Shop", "platform": {"operatingSystem": {"name": "linux"}}},
     "symbols": [
       \(symbol("s:Cart", "struct", "Structure", ["Cart"], doc: ["A cart of ``Item``s.", "", "Add with ``add(_:)-4oqq3``."],
         declaration: #"{"kind": "keyword", "spelling": "struct"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "Cart"}"#)),
       \(symbol("s:Item", "struct", "Structure", ["Item"], doc: ["An item."])),
       \(symbol("s:Priced", "protocol", "Protocol", ["Priced"], doc: ["Something with a price."])),
       \(symbol("s:Cart.init", "init", "Initializer", ["Cart", "init(items:)"], doc: ["Makes a cart."])),
       \(symbol("s:Cart.add1", "method", "Instance Method", ["Cart", "add(_:)"],
         doc: ["Adds an item.", "", "- Parameter item: The item to add.", "- Returns: The new count.", "", "More about adding.", "- Note: Carts grow."],
         declaration: #"{"kind": "keyword", "spelling": "func"}, {"kind": "text", "spelling": " "}, {"kind": "identifier", "spelling": "add"}, {"kind": "text", "spelling": "("}, {"kind": "externalParam", "spelling": "_"}, {"kind": "text", "spelling": " "}, {"kind": "internalParam", "spelling": "item"}, {"kind": "text", "spelling": ": "}, {"kind": "typeIdentifier", "spelling": "Item", "preciseIdentifier": "s:Item"}, {"kind": "text", "spelling": ") -> "}, {"kind": "typeIdentifier", "spelling": "Int", "preciseIdentifier": "s:Si"}"#)),
       \(symbol("s:Cart.add2", "method", "Instance Method", ["Cart", "add(_:)"], doc: ["Adds items.", "", "- Parameters:", "  - items: The items.", "  - note: Why."])),
       \(symbol("s:Cart.total", "property", "Instance Property", ["Cart", "total"], doc: ["The total."])),
       \(symbol("s:Cart.Total", "struct", "Structure", ["Cart", "Total"], doc: ["A total."])),
       \(symbol("s:Cart.hidden", "property", "Instance Property", ["Cart", "hidden"], access: "internal"))
     ],
     "relationships": [
       {"kind": "memberOf", "source": "s:Cart.init", "target": "s:Cart"},
       {"kind": "conformsTo", "source": "s:Cart", "target": "s:Priced"},
       {"kind": "conformsTo", "source": "s:Cart", "target": "s:SQ", "targetFallback": "Swift.Equatable"}
     ]}
    """
}

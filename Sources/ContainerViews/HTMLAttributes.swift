/// HTML attributes in the order they were first set.
///
/// Merging follows what modifiers mean: `class` values accumulate (space-separated),
/// `style` declarations accumulate (`;`-separated), any other attribute is replaced.
public struct HTMLAttributes: Sendable, Hashable, ExpressibleByDictionaryLiteral, Sequence {
  private var pairs: [Pair] = []

  struct Pair: Sendable, Hashable {
    var name: String
    var value: String
  }

  /// No attributes.
  public init() {}

  /// Attributes in the given order; later duplicates merge into earlier ones.
  public init(dictionaryLiteral elements: (String, String)...) {
    for (name, value) in elements { merge(name, value) }
  }

  /// Whether no attribute is set.
  public var isEmpty: Bool { pairs.isEmpty }

  /// The value of an attribute, if set.
  public subscript(name: String) -> String? {
    pairs.first { $0.name == name }?.value
  }

  /// Adds one attribute with the merge rules above.
  public mutating func merge(_ name: String, _ value: String) {
    guard let index = pairs.firstIndex(where: { $0.name == name }) else {
      pairs.append(Pair(name: name, value: value))
      return
    }
    switch name {
    case "class":
      let existing = pairs[index].value.split(separator: " ")
      for token in value.split(separator: " ") where !existing.contains(token) {
        pairs[index].value += pairs[index].value.isEmpty ? String(token) : " " + token
      }
    case "style":
      let current = pairs[index].value
      pairs[index].value = current.isEmpty || current.hasSuffix(";") ? current + value : current + ";" + value
    default:
      pairs[index].value = value
    }
  }

  /// Adds every attribute of `other`, in its order.
  public mutating func merge(_ other: HTMLAttributes) {
    for pair in other.pairs { merge(pair.name, pair.value) }
  }

  /// These attributes with `other` merged on top.
  public func merging(_ other: HTMLAttributes) -> HTMLAttributes {
    var copy = self
    copy.merge(other)
    return copy
  }

  /// Iterates the attributes as name-value pairs, in the order they were first set.
  public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
    pairs.lazy.map { (name: $0.name, value: $0.value) }.makeIterator()
  }
}

/// An element name with its attributes: what a container or a layout opens.
public struct HTMLTag: Sendable, Hashable {
  /// The element name, such as `div` or `ol`.
  public var name: String
  /// The element's own attributes.
  public var attributes: HTMLAttributes

  /// A tag with the element name `name` and the given attributes.
  public init(_ name: String, attributes: HTMLAttributes = HTMLAttributes()) {
    self.name = name
    self.attributes = attributes
  }
}

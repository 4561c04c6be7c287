/// The members of a template object: names and values in the order they were first set.
///
/// Template contexts are many small objects (a page, each navigation entry, each
/// subview: a handful of keys each), built once and read a few times. A flat list
/// suits them better than a hash table: building one is an append per member, with no
/// hashing and one allocation, and a lookup compares lengths before it compares text.
/// Setting a name that is already present replaces its value, as a dictionary would.
struct TemplateObject: Sendable {
  /// One member. A struct rather than a tuple: arrays of tuples are destroyed through
  /// the runtime's generic value witnesses, arrays of structs by specialized code.
  struct Member: Sendable {
    var name: String
    var value: TemplateValue

    init(_ name: String, _ value: TemplateValue) {
      self.name = name
      self.value = value
    }
  }

  private(set) var entries: [Member]
  /// Where each member is, for an object too large for a scan to be cheap (a theme's
  /// words: some hundred members, looked up many times per page); nil for small ones.
  private var index: [String: Int]?

  /// Objects with more members than this keep an ``index``.
  static let indexedCount = 24

  /// An empty object.
  init() { entries = [] }

  /// An empty object with room for `capacity` members.
  init(minimumCapacity capacity: Int) {
    entries = []
    entries.reserveCapacity(capacity)
  }

  /// An object from members whose names are known to differ (a dictionary's, say):
  /// no member is compared with another.
  init(uniqueNamesWithValues members: some Sequence<(String, TemplateValue)>) {
    entries = members.map { Member($0.0, $0.1) }
    if entries.count > Self.indexedCount {
      index = Dictionary(entries.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// The number of members.
  var count: Int { entries.count }
  /// Whether the object has no members.
  var isEmpty: Bool { entries.isEmpty }
  /// The names of the members, in the order they were first set.
  var names: [String] { entries.map(\.name) }

  /// The value of member `name`; setting `nil` removes the member.
  subscript(name: String) -> TemplateValue? {
    get {
      guard let position = position(of: name) else { return nil }
      return entries[position].value
    }
    set {
      let position = position(of: name)
      switch (position, newValue) {
      case (let position?, let value?): entries[position].value = value
      case (let position?, nil):
        entries.remove(at: position)
        index = nil
      case (nil, let value?): append(new: name, value)
      case (nil, nil): break
      }
    }
  }

  /// Adds member `name`, known not to be there yet (a context builder's own names):
  /// appended with no search.
  mutating func append(new name: String, _ value: TemplateValue) {
    assert(position(of: name) == nil, "\(name) is already a member")
    index?[name] = entries.count
    entries.append(Member(name, value))
  }

  /// Removes member `name` and returns its value.
  mutating func removeValue(forName name: String) -> TemplateValue? {
    guard let position = position(of: name) else { return nil }
    index = nil
    return entries.remove(at: position).value
  }

  func position(of name: String) -> Int? {
    if let index { return index[name] }
    let length = name.utf8.count
    for position in entries.indices {
      let candidate = entries[position].name
      if candidate.utf8.count == length && candidate == name { return position }
    }
    return nil
  }
}

extension TemplateObject: Sequence {
  /// The members in the order they were first set.
  func makeIterator() -> IndexingIterator<[Member]> { entries.makeIterator() }
}

extension TemplateObject: Equatable {
  /// The same members with equal values, in any order.
  static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
    lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.name] == $0.value }
  }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
  /// A repeated name keeps its last value.
  init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self.init(minimumCapacity: elements.count)
    for (name, value) in elements { self[name] = value }
  }
}

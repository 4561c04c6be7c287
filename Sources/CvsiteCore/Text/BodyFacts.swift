/// What a page's body holds besides its text, taken while the body is written: every
/// `href`, `src` and `action` value and every `id`, each list in the order of the body,
/// as its HTML has them (`&amp;` for `&`). The same lists as ``AttributeValues`` finds in
/// the finished body: what a writer knows it wrote (a link's URL, a code block's none)
/// is recorded as it is written, and HTML taken as it is (what a pass made, a heading's
/// decorations) is read as it goes.
public struct BodyFacts: Sendable, Equatable {
  public var hrefs: [String] = []
  public var sources: [String] = []
  public var actions: [String] = []
  public var ids: [String] = []
  /// Where each of ``hrefs`` is written in the page's source, when the writer knew (a
  /// Markdown link); the list may be shorter than ``hrefs``, the rest not known.
  public var hrefPlaces: [SourcePlace] = []
  /// Where each of ``sources`` is written (a Markdown image), as ``hrefPlaces``.
  public var sourcePlaces: [SourcePlace] = []

  public init() {}

  /// A link's URL, written at `place` of the source.
  public mutating func addHref(_ url: String, at place: SourcePlace) {
    Self.pad(&hrefPlaces, to: hrefs.count)
    hrefs.append(url)
    hrefPlaces.append(place)
  }

  /// An image's URL, written at `place` of the source.
  public mutating func addSource(_ url: String, at place: SourcePlace) {
    Self.pad(&sourcePlaces, to: sources.count)
    sources.append(url)
    sourcePlaces.append(place)
  }

  /// `places` made as long as `count` with places not known.
  private static func pad(_ places: inout [SourcePlace], to count: Int) {
    if places.count < count { places += repeatElement(.unknown, count: count - places.count) }
  }

  /// Takes in the attributes of `html`, UTF-8 written into the body as it is.
  public mutating func take(html: UnsafeBufferPointer<UInt8>) {
    // The lists moved out and back, so that each is changed in place.
    var lists = [hrefs, sources, actions, ids]
    (hrefs, sources, actions, ids) = ([], [], [], [])
    AttributeValues.of(Self.names, in: html, appendingTo: &lists)
    (hrefs, sources, actions, ids) = (lists[0], lists[1], lists[2], lists[3])
  }

  /// ``take(html:)-(UnsafeBufferPointer<UInt8>)`` on a string.
  public mutating func take(html: String) {
    var html = html
    html.withUTF8 { take(html: $0) }
  }

  /// Takes in the facts of HTML written after what these hold.
  public mutating func append(_ other: BodyFacts) {
    if !other.hrefPlaces.isEmpty {
      Self.pad(&hrefPlaces, to: hrefs.count)
      hrefPlaces += other.hrefPlaces
    }
    if !other.sourcePlaces.isEmpty {
      Self.pad(&sourcePlaces, to: sources.count)
      sourcePlaces += other.sourcePlaces
    }
    hrefs += other.hrefs
    sources += other.sources
    actions += other.actions
    ids += other.ids
  }

  /// `href`, `src`, `action` and `id`, in the order of ``AttributeValues/of(_:in:appendingTo:)``'s lists.
  private static let names = AttributeValues.Names(["href", "src", "action", "id"])
}

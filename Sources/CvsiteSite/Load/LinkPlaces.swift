import CvsiteCore

/// Where a body's Markdown links and images are written in its page's source, by their
/// position in the body's lists of `href` and `src` values; the URLs without a place
/// (raw HTML, a theme's, a heading's own link) are not listed. One list, empty for most
/// of a site's kept links.
struct LinkPlaces: Sendable, Equatable {
  /// The position in its list of each URL placed, an image's with ``imageFlag`` set,
  /// in order (links before images), and its place.
  private var entries: [Entry] = []

  private struct Entry: Sendable, Equatable {
    var key: UInt32
    var place: SourcePlace
  }

  private static let imageFlag: UInt32 = 1 << 31

  init() {}

  /// The places of the hrefs and then the images of a body's facts (``BodyFacts``), each
  /// list as long as the start of its URL list, `unknown` where no place was taken.
  init(hrefs: [SourcePlace], sources: [SourcePlace]) {
    for (index, place) in hrefs.enumerated() where place.isKnown { add(place, of: index, image: false) }
    for (index, place) in sources.enumerated() where place.isKnown { add(place, of: index, image: true) }
  }

  /// Places the URL at `index` of the links (or images), after every one placed so far.
  mutating func add(_ place: SourcePlace, of index: Int, image: Bool) {
    guard index < Int(Self.imageFlag) else { return }
    entries.append(Entry(key: UInt32(index) | (image ? Self.imageFlag : 0), place: place))
  }

  /// Where the URL at `index` of the links (or images) is written, when placed.
  func place(of index: Int, image: Bool) -> SourcePlace? {
    guard index < Int(Self.imageFlag), !entries.isEmpty else { return nil }
    let key = UInt32(index) | (image ? Self.imageFlag : 0)
    var (low, high) = (0, entries.count)
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].key < key { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low].key == key ? entries[low].place : nil
  }
}

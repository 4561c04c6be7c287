import CvsiteCore
import CvsiteMarkdown

/// A button under a page's title: where it leads and what it says.
struct CallToAction: Sendable, Hashable {
  var url: String
  var label: String
}

/// What the site needs to know about a page from its front matter.
///
/// A site keeps every page's metadata until it is built. The fields most pages set are
/// stored here; the others (a slug, a layout, DocC's page settings…) are kept out of
/// line in ``RarePageFields`` and read through properties of the same names, so that a
/// page that sets none of them pays 8 bytes for them instead of about 300.
struct PageMetadata: Sendable, Hashable {
  var title: String
  /// `YYYY-MM-DD` or a full RFC 3339 timestamp.
  var date: String?
  var draft: Bool = false
  var weight: Int = 0
  /// Whether the navigation shows the page (a page an MkDocs `nav` leaves out: no).
  var inNavigation = true
  var description: String?
  /// The page's language when it is not the site's (`fr`, `pt-BR`): its `<html lang>`,
  /// and how search cuts its words.
  var language: String?
  var tags: [String] = []
  /// The page's terms in each of the site's taxonomies (`tags`, and any `cvsite.yml` adds).
  var terms: [String: [String]] = [:]
  /// `prev: false` / `next: false`: no link to the previous or next page.
  var showsPrevious = true
  var showsNext = true
  /// `search: false` keeps the page out of the site's search index.
  var searchable = true
  /// The fields most pages leave unset.
  var rare = OutOfLine<RarePageFields>()

  init(title: String) { self.title = title }

  /// Where a page's edit link goes.
  enum EditLink: Sendable, Hashable {
    case site
    case none
    case url(String)
  }

  /// The front-matter keys cvsite reads itself; any other key must be a value the theme
  /// declares, or it is probably misspelt.
  static let keys = [
    "title", "date", "draft", "slug", "aliases", "weight", "description", "layout", "list", "tags", "prev", "next",
    "editURL", "image", "lastmod", "paginate", "search", "language", "linkTitle", "syntax",
    // Other generators' spellings: Docusaurus' sidebar, Starlight's, Pagefind's.
    "sidebar_position", "sidebar_label", "sidebar", "pagefind", "id",
  ]

  /// Reads and checks the page settings of `matter`; a wrong type is an error at the
  /// key's line. `list` must name one of `containers` and `layout` one of `layouts`
  /// (when given), with a did-you-mean; a problem is placed on the key's line, which the
  /// front matter noted when it was read. With `declared` (the names of the theme's
  /// values), any other key is a warning with the closest known key.
  static func read(
    _ matter: FrontMatter, fallbackTitle: String, path: String, containers: [String]? = nil,
    layouts: [String]? = nil, foreignLayouts: Set<String> = [], declared: Set<String>? = nil,
    taxonomies: [String] = ["tags"]
  ) -> (PageMetadata, [Diagnostic]) {
    var reader = PageMetadataReader(matter: matter, path: path, title: fallbackTitle)
    if let declared { reader.warnUnknownKeys(declared: declared, taxonomies: taxonomies) }
    reader.readNamesAndPlace()
    reader.readSwitches()
    reader.readDescription()
    reader.readLayout(layouts: layouts, foreignLayouts: foreignLayouts)
    reader.readListing(containers: containers)
    reader.readTermsAndAliases(taxonomies: taxonomies)
    return (reader.metadata, reader.diagnostics)
  }

  /// Why `text` is no date of the calendar (`YYYY-MM-DD`, then optionally a time
  /// `THH:MM`, seconds, a fraction and a zone, `Z` or `±HH:MM`); nil when it is one.
  static func dateProblem(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count, bytes[range].allSatisfy(isASCIIDigit) else { return nil }
      return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    guard bytes.count >= 10, let year = number(0..<4), bytes[4] == 0x2D, let month = number(5..<7), bytes[7] == 0x2D,
      let day = number(8..<10)
    else { return "is not written as a date such as 2024-05-01" }
    guard (1...12).contains(month) else { return "has no month \(month) (months go from 01 to 12)" }
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    guard (1...days).contains(day) else {
      let name = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
      ][month - 1]
      return "is no day of the calendar: \(name) \(year) has \(days) days"
    }
    guard bytes.count > 10 else { return nil }
    let timeProblem =
      "has no such time of day (hours 00 to 23, minutes and seconds 00 to 59, then a zone such as Z or +02:00)"
    guard [0x54, 0x74, 0x20].contains(bytes[10]), let hour = number(11..<13), bytes.count > 13, bytes[13] == 0x3A,
      let minute = number(14..<16), hour <= 23, minute <= 59
    else { return timeProblem }
    var index = 16
    if index < bytes.count, bytes[index] == 0x3A {
      guard let second = number((index + 1)..<(index + 3)), second <= 60 else { return timeProblem }
      index += 3
      if index < bytes.count, bytes[index] == 0x2E {
        index += 1
        let digits = bytes[index...].prefix(while: isASCIIDigit).count
        guard digits > 0 else { return timeProblem }
        index += digits
      }
    }
    if index < bytes.count, bytes[index] == 0x20 { index += 1 }
    guard index < bytes.count else { return nil }
    if bytes[index] == 0x5A || bytes[index] == 0x7A { return index + 1 == bytes.count ? nil : timeProblem }
    guard bytes[index] == 0x2B || bytes[index] == 0x2D, let hours = number((index + 1)..<(index + 3)), hours <= 23
    else { return timeProblem }
    index += 3
    if index < bytes.count, bytes[index] == 0x3A { index += 1 }
    guard index == bytes.count || (index + 2 == bytes.count && (number(index..<(index + 2)) ?? 60) <= 59) else {
      return timeProblem
    }
    return nil
  }
}

/// A language tag as `<html lang>` takes it: a 2–3 letter language, then subtags of 2–8
/// letters or digits (`en`, `pt-BR`, `zh-Hant`).
func isLanguageTag(_ text: String) -> Bool {
  let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
  guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(isASCIILetter) else {
    return false
  }
  return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy(isASCIIAlphanumeric) }
}

extension PageMetadata {
  /// The sidebar settings of other generators, where cvsite's own keys are not written:
  /// Docusaurus' `sidebar_position` (the weight, in thousandths) and `sidebar_label` (the navigation
  /// title), Starlight's `sidebar: {order, label, hidden}`.
  static func readSidebar(
    _ matter: FrontMatter, into metadata: inout PageMetadata,
    problem: (String, String, Diagnostic.Severity) -> Void
  ) {
    // Positions may be fractions (`1.5` between 1 and 2): a thousandth is kept.
    func weight(_ value: FrontMatterValue, key: String) -> Int? {
      switch value {
      case .int(let number) where abs(number) < Int.max / 1000: return number * 1000
      case .number(let number) where number.isFinite && abs(number) < 1e12: return Int((number * 1000).rounded(.down))
      default:
        problem(key, "`\(key)` must be a number", .error)
        return nil
      }
    }
    let ownWeight = matter.fields["weight"] != nil
    let ownTitle = matter.fields["linkTitle"] != nil
    if !ownWeight, let value = matter.fields["sidebar_position"], let number = weight(value, key: "sidebar_position") {
      metadata.weight = number
    }
    if !ownTitle, let label = matter.fields["sidebar_label"]?.text { metadata.navTitle = label }
    guard let sidebar = matter.fields["sidebar"] else { return }
    // VitePress' `sidebar: false`: the page without the sidebar, which cvsite's layouts
    // always show.
    if case .bool(let shown) = sidebar {
      if !shown {
        problem(
          "sidebar", "`sidebar: false` (VitePress: this page without its sidebar) is not read: the page shows it",
          .warning)
      }
      return
    }
    // VuePress' and early VitePress' `sidebar: auto`: a sidebar of the page's headings,
    // which the page's table of contents shows.
    if case .string(let written) = sidebar {
      problem(
        "sidebar",
        "`sidebar: \(written)` (VuePress: a sidebar of this page's headings) is not read: the table of contents shows them",
        .warning)
      return
    }
    guard case .map(let fields) = sidebar else {
      problem("sidebar", "`sidebar` must be a mapping such as `{order: 2, label: Setup, hidden: false}`", .error)
      return
    }
    if !ownWeight, let value = fields["order"], let number = weight(value, key: "sidebar") { metadata.weight = number }
    if !ownTitle, let label = fields["label"]?.text { metadata.navTitle = label }
    if fields["hidden"] == .bool(true) { metadata.inNavigation = false }
  }
}

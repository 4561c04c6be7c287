/// What a section page lists, and where the parts of a paginated listing go: the index
/// knows them to name every output before the render.
enum Listings {
  /// The site path of part `number` (from 1) of a section page's listing: the page's own
  /// for the first, `page/N/` below it for the others.
  static func partURL(of page: SitePage, part number: Int) -> String {
    number == 1 ? page.url : page.url + "page/\(number)/"
  }

  /// The pages a section page lists, as positions in `site`: newest first when every one
  /// has a date, else by weight and title.
  static func positions(of page: SitePage, in site: [SitePage], navigation index: Navigation.Index) -> [Int] {
    // The index is made from `site`, so its positions are positions in `site`.
    let positions =
      index.count == site.count
      ? index.listed(in: page.sectionPath)
      : site.indices.filter { site[$0].parentSection == page.sectionPath && site[$0].sitePath != page.sitePath }
    let newestFirst = !positions.isEmpty && positions.allSatisfy { site[$0].metadata.date != nil }
    return positions.sorted {
      let (a, b) = (site[$0].metadata, site[$1].metadata)
      if newestFirst, a.date != b.date { return (a.date ?? "") > (b.date ?? "") }
      return (a.weight, a.title, $0) < (b.weight, b.title, $1)
    }
  }
}

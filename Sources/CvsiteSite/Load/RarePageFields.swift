/// The front-matter fields of ``PageMetadata`` that most pages leave unset, each read
/// and written through the property of the same name on ``PageMetadata``.
struct RarePageFields: Sendable, Hashable {
  var slug: String?
  var aliases: [String] = []
  /// `linkTitle`: the page's title in the navigation, when shorter than its own.
  var navTitle: String?
  /// The heading the navigation shows the page under among its siblings, when the
  /// navigation is made from the folders: an API symbol's group of kind (`Instance
  /// Methods`).
  var navGroup: String?
  /// A layout of the theme to render this page with instead of `page`.
  var layout: String?
  /// On a section page: the container that lists the section's pages (`cards`).
  var list: String?
  /// `list: false`: the section page lists nothing (a section lists its pages by default).
  var listsNothing = false
  /// `paginate: N`: the listing shows N pages at a time, the rest on `page/2/` and on.
  var paginate: Int?
  /// The names of a blog post's authors (Docusaurus' `authors`).
  var authors: [String] = []
  /// `editURL: false` leaves the edit link out; a URL replaces the site's.
  var editURL: PageMetadata.EditLink = .site
  /// The picture for link previews: a URL, or a path (relative to the page or the site).
  var image: String?
  /// `lastmod`: when the page last changed, over any date from git.
  var lastmod: String?
  /// A line shown above the title (DocC's `@TitleHeading`).
  var eyebrow: String?
  /// A call to action shown under the title (DocC's `@CallToAction`).
  var callToAction: CallToAction?
  /// The platforms and versions the page's subject is available on (DocC's
  /// `@Available`): `iOS 17.0+`.
  var availability: [String] = []
  /// The image a card linking to the page shows: a DocC catalog's image name
  /// (`@PageImage(purpose: card)`, else its icon).
  var cardImage: String?
  var cardImageAlt: String?
  /// The page's colour (DocC's `@PageColor`): `blue`, `gray`, `green`, `orange`,
  /// `purple`, `red` or `yellow`.
  var color: String?
  /// The lines of `slug:` and `aliases:` when the page has them: where a URL that two
  /// outputs claim is pointed at.
  var slugLine: Int?
  var aliasesLine: Int?

  init() {}
}

extension RarePageFields: DefaultInitializable {}

extension PageMetadata {
  var slug: String? {
    get { rare.read(\.slug) }
    set { rare.value.slug = newValue }
  }
  var aliases: [String] {
    get { rare.read(\.aliases) }
    set { rare.value.aliases = newValue }
  }
  /// `linkTitle`: the page's title in the navigation, when shorter than its own.
  var navTitle: String? {
    get { rare.read(\.navTitle) }
    set { rare.value.navTitle = newValue }
  }
  /// The heading the navigation shows the page under among its siblings (an API
  /// symbol's group of kind), when the navigation is made from the folders.
  var navGroup: String? {
    get { rare.read(\.navGroup) }
    set { rare.value.navGroup = newValue }
  }
  /// A layout of the theme to render this page with instead of `page`.
  var layout: String? {
    get { rare.read(\.layout) }
    set { rare.value.layout = newValue }
  }
  /// On a section page: the container that lists the section's pages (`cards`).
  var list: String? {
    get { rare.read(\.list) }
    set { rare.value.list = newValue }
  }
  /// `list: false`: the section page lists nothing.
  var listsNothing: Bool {
    get { rare.read(\.listsNothing) }
    set { rare.value.listsNothing = newValue }
  }
  /// `paginate: N`: the listing shows N pages at a time.
  var paginate: Int? {
    get { rare.read(\.paginate) }
    set { rare.value.paginate = newValue }
  }
  /// The names of a blog post's authors.
  var authors: [String] {
    get { rare.read(\.authors) }
    set { rare.value.authors = newValue }
  }
  /// `editURL: false` leaves the edit link out; a URL replaces the site's.
  var editURL: EditLink {
    get { rare.read(\.editURL) }
    set { rare.value.editURL = newValue }
  }
  /// The picture for link previews.
  var image: String? {
    get { rare.read(\.image) }
    set { rare.value.image = newValue }
  }
  /// `lastmod`: when the page last changed, over any date from git.
  var lastmod: String? {
    get { rare.read(\.lastmod) }
    set { rare.value.lastmod = newValue }
  }
  /// A line shown above the title (DocC's `@TitleHeading`).
  var eyebrow: String? {
    get { rare.read(\.eyebrow) }
    set { rare.value.eyebrow = newValue }
  }
  /// A call to action shown under the title (DocC's `@CallToAction`).
  var callToAction: CallToAction? {
    get { rare.read(\.callToAction) }
    set { rare.value.callToAction = newValue }
  }
  /// The platforms and versions the page's subject is available on (DocC's `@Available`).
  var availability: [String] {
    get { rare.read(\.availability) }
    set { rare.value.availability = newValue }
  }
  /// The image a card linking to the page shows.
  var cardImage: String? {
    get { rare.read(\.cardImage) }
    set { rare.value.cardImage = newValue }
  }
  var cardImageAlt: String? {
    get { rare.read(\.cardImageAlt) }
    set { rare.value.cardImageAlt = newValue }
  }
  /// The page's colour (DocC's `@PageColor`).
  var color: String? {
    get { rare.read(\.color) }
    set { rare.value.color = newValue }
  }
  /// The line of `slug:`, when the page has one.
  var slugLine: Int? {
    get { rare.read(\.slugLine) }
    set { rare.value.slugLine = newValue }
  }
  /// The line of `aliases:`, when the page has them.
  var aliasesLine: Int? {
    get { rare.read(\.aliasesLine) }
    set { rare.value.aliasesLine = newValue }
  }
}

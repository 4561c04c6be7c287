import ContainerViews
import CvsiteThemes

/// `text` escaped for XML text or a quoted attribute, as ``escapeHTML(_:)`` does,
/// with every character XML 1.0 forbids (C0 controls but tab, line feed and carriage
/// return; U+FFFE and U+FFFF) replaced by U+FFFD: a page's title or a file name that
/// holds one must not make the sitemap or the feed unreadable.
func escapeXML(_ text: String) -> String {
  func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE
      || scalar.value == 0xFFFF
  }
  guard text.unicodeScalars.contains(where: isForbidden) else { return escapeHTML(text) }
  var kept = String.UnicodeScalarView()
  for scalar in text.unicodeScalars { kept.append(isForbidden(scalar) ? "\u{FFFD}" : scalar) }
  return escapeHTML(String(kept))
}

/// `sitemap.xml`: every published page, with the date it last changed when known
/// (`lastmod`, else its last commit with `lastUpdated: git`, else its `date`).
func sitemapXML(
  _ pages: [SitePage], config: SiteConfig, gitDates: [String: String] = [:], extraURLs: [String] = []
) -> String {
  var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
  xml += #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"# + "\n"
  // Sorted by URL, pages with one URL in their given order (as a stable sort of the
  // pages leaves them); only the fields written are moved around.
  // The pages a build adds (a taxonomy's) come after any page at the same URL.
  let entries =
    (pages.enumerated().map {
      (url: $0.element.url, date: $0.element.lastUpdated(gitDates) ?? $0.element.metadata.date, index: $0.offset)
    } + extraURLs.map { (url: $0, date: nil as String?, index: Int.max) })
    .sorted { ($0.url, $0.index) < ($1.url, $1.index) }
  for entry in entries {
    xml += "  <url><loc>\(escapeXML(config.absoluteURL(entry.url)))</loc>"
    if let date = entry.date { xml += "<lastmod>\(escapeXML(date))</lastmod>" }
    xml += "</url>\n"
  }
  return xml + "</urlset>\n"
}

/// The sitemap of a site of several languages: every language's published pages (with
/// the extra pages each adds), each page with its translations as `xhtml:link`
/// alternates, as search engines read them.
func multilingualSitemapXML(
  _ languages: [(pages: [SitePage], extraURLs: [String], gitDates: [String: String])], config: SiteConfig,
  translations: Translations
) -> String {
  var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
  xml += #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">"#
  xml += "\n"
  for language in languages {
    let entries =
      (language.pages.map { page in
        (
          url: page.url, date: page.lastUpdated(language.gitDates) ?? page.metadata.date,
          alternates: translations.alternates(of: page, config: config)
        )
      } + language.extraURLs.map { (url: $0, date: nil as String?, alternates: [Alternate]()) })
      .sorted { $0.url < $1.url }
    for entry in entries {
      xml += "  <url><loc>\(escapeXML(config.absoluteURL(entry.url)))</loc>"
      if let date = entry.date { xml += "<lastmod>\(escapeXML(date))</lastmod>" }
      for alternate in entry.alternates {
        xml +=
          #"<xhtml:link rel="alternate" hreflang="\#(escapeXML(alternate.hreflang))" href="\#(escapeXML(alternate.url))"/>"#
      }
      xml += "</url>\n"
    }
  }
  return xml + "</urlset>\n"
}

/// `atom.xml`: the ``Feeds/entries`` newest dated pages, newest first.
/// `title`, `home` and `path` name another feed of the site: a blog's, at its own place.
func atomFeed(
  _ pages: [SitePage], config: SiteConfig, gitDates: [String: String] = [:], title: String? = nil,
  home: String? = nil, path: String = "atom.xml"
) -> String? {
  let dated = newestDatedPages(pages, count: Feeds.entries)
  guard let newest = dated.first?.metadata.date else { return nil }
  let home = home ?? config.homePath
  var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
  xml += #"<feed xmlns="http://www.w3.org/2005/Atom">"# + "\n"
  xml += "  <title>\(escapeXML(title ?? config.title))</title>\n"
  xml += "  <id>\(escapeXML(config.absoluteURL(home)))</id>\n"
  xml += #"  <link href="\#(escapeXML(config.absoluteURL(home)))"/>"# + "\n"
  xml += #"  <link rel="self" href="\#(escapeXML(config.absoluteURL(home + path)))"/>"# + "\n"
  xml += "  <updated>\(atomDate(newest))</updated>\n"
  xml += "  <author><name>\(escapeXML(config.author.isEmpty ? config.title : config.author))</name></author>\n"
  for page in dated {
    let url = escapeXML(config.absoluteURL(page.url))
    xml += "  <entry>\n"
    xml += "    <title>\(escapeXML(page.metadata.title))</title>\n"
    xml += "    <id>\(url)</id>\n"
    xml += #"    <link href="\#(url)"/>"# + "\n"
    xml += "    <updated>\(atomDate(page.lastUpdated(gitDates) ?? page.metadata.date ?? newest))</updated>\n"
    xml += "    <summary>\(escapeXML(page.summary))</summary>\n"
    xml += "  </entry>\n"
  }
  return xml + "</feed>\n"
}

/// An RFC 3339 timestamp for a front-matter date (`2024-05-01` → midnight UTC).
func atomDate(_ date: String) -> String {
  date.count == 10 ? date + "T00:00:00Z" : date
}

/// A redirect page for an alias: works without JavaScript (meta refresh) and tells
/// search engines the canonical address.
func redirectPage(to target: String, config: SiteConfig) -> String {
  let url = escapeHTML(config.absoluteURL(target))
  return """
    <!doctype html>
    <html lang="\(escapeHTML(config.language))">
    <head>
    <meta charset="utf-8">
    <title>Moved</title>
    <link rel="canonical" href="\(url)">
    <meta http-equiv="refresh" content="0; url=\(url)">
    </head>
    <body><p>This page has moved to <a href="\(url)">\(url)</a>.</p></body>
    </html>

    """
}

extension SitePage {
  /// When the page last changed: its `lastmod`, else its source file's last commit.
  func lastUpdated(_ gitDates: [String: String]) -> String? {
    metadata.lastmod ?? (gitDates.isEmpty ? nil : gitDates[contentPath])
  }
}

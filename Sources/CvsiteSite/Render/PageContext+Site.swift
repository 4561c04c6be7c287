import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes

extension PageContext {
  /// The layout context of `page`: site settings, navigation, table of contents.
  init(page: SitePage, bodyHTML: String, navigation: [NavigationLink], config: SiteConfig) {
    var metadata: [String: String] = [:]
    if let date = page.metadata.date {
      metadata["date"] = date
      metadata["dateText"] = config.dates.text(date)
    }
    if !config.author.isEmpty { metadata["author"] = config.author }
    if !page.metadata.authors.isEmpty { metadata["authors"] = page.metadata.authors.joined(separator: ", ") }
    if let eyebrow = page.metadata.eyebrow { metadata["eyebrow"] = eyebrow }
    if let color = page.metadata.color { metadata["color"] = color }
    if !page.metadata.availability.isEmpty {
      metadata["availability"] = page.metadata.availability.joined(separator: " · ")
    }
    if let action = page.metadata.callToAction {
      // A path from the site's root goes under its base path, as links in pages do.
      let url = isSiteAbsolute(action.url) ? config.basePath + action.url.dropFirst() : action.url
      (metadata["actionURL"], metadata["actionLabel"]) = (url, action.label)
    }
    self.init(
      title: page.metadata.title, bodyHTML: bodyHTML, url: config.basePath + page.url.dropFirst(),
      description: page.metadata.description, siteTitle: config.title,
      siteDescription: config.description.isEmpty ? nil : config.description, baseURL: config.baseURL,
      language: page.metadata.language ?? config.language, navigation: navigation,
      tableOfContents: page.headings.filter { $0.level >= 2 }.map {
        TOCLink(level: $0.level, id: $0.id, text: $0.text, tab: page.headingTabs[$0.id])
      },
      isHome: page.url == config.homePath, metadata: metadata, basePath: config.basePath)
    direction =
      page.metadata.language.map { SiteLanguage.isRightToLeft($0) ? "rtl" : "ltr" }
      ?? config.direction
    homeURL = config.basePath + config.treeFolder
    searchURL = config.searchURL
    styles = config.styles.map(config.linkURL)
    scripts = config.scripts.map(config.linkURL)
  }
}

extension PageContext {
  /// What a reader finds around the body: the previous and next pages, the sections
  /// above, the edit link, the date of the last change, and the page's canonical URL,
  /// feed and picture for link previews.
  mutating func addFurniture(
    of page: SitePage, index: Navigation.Index, config: SiteConfig, feedURL: String?, gitDates: [String: String]
  ) {
    if config.prevNext {
      let (previous, next) = index.neighbours(of: page.url)
      self.previous = page.metadata.showsPrevious ? previous : nil
      self.next = page.metadata.showsNext ? next : nil
    }
    breadcrumbs = index.breadcrumbs(of: page.url)
    switch page.metadata.editURL {
    case .site:
      // The file itself (a translation's, not its original's); an older version's
      // pages are not edited.
      let folder = config.contentFolder + "/"
      let file = page.sitePath.hasPrefix(folder) ? String(page.sitePath.dropFirst(folder.count)) : page.contentPath
      editURL =
        config.editURL.isEmpty || !config.isNewestVersion ? nil : config.editURL + percentEncodedPath(file)
    case .none: editURL = nil
    case .url(let url): editURL = url
    }
    lastUpdated = page.lastUpdated(gitDates)
    lastUpdatedText = lastUpdated.map(config.dates.text)
    summary = page.summary.isEmpty ? nil : page.summary
    canonicalURL = config.canonicalURL(page.url)
    self.feedURL = feedURL
    if let image = page.metadata.image ?? (config.image.isEmpty ? nil : config.image) {
      if image.contains("://") {
        imageURL = image
      } else if image.hasPrefix("/") {
        imageURL = config.absoluteURL(image)
      } else {
        // Beside the page's source, as a relative `src` in its body is; the site's own
        // is relative to the root.
        let folder = page.metadata.image == nil ? [] : page.contentPath.split(separator: "/").dropLast()
        var parts: [Substring] = Array(folder)
        for part in image.split(separator: "/") {
          if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
        }
        imageURL = config.absoluteURL("/" + parts.joined(separator: "/"))
      }
    }
  }
}

/// `path` with every byte but letters, digits, `-._~` and `/` percent-encoded (a file
/// name with a space or an accent, in an edit link).
func percentEncodedPath(_ path: String) -> String {
  let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
  var result = ""
  for byte in path.utf8 {
    if kept.contains(byte) {
      result.unicodeScalars.append(Unicode.Scalar(byte))
    } else {
      result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }
  }
  return result
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}

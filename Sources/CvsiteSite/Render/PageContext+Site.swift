import CvsiteCore
import CvsiteMarkdown
import CvsiteThemes

extension PageContext {
  /// The layout context of `page`: site settings, navigation, table of contents.
  init(page: SitePage, bodyHTML: String, navigation: [NavigationLink], config: SiteConfig) {
    var metadata: [String: String] = [:]
    if let date = page.metadata.date { metadata["date"] = date }
    if !config.author.isEmpty { metadata["author"] = config.author }
    self.init(
      title: page.metadata.title, bodyHTML: bodyHTML, url: config.basePath + page.url.dropFirst(),
      description: page.metadata.description, siteTitle: config.title,
      siteDescription: config.description.isEmpty ? nil : config.description, baseURL: config.baseURL,
      language: config.language, navigation: navigation,
      tableOfContents: page.headings.filter { $0.level >= 2 }.map {
        TOCLink(level: $0.level, id: $0.id, text: $0.text, tab: page.headingTabs[$0.id])
      },
      isHome: page.url == "/", metadata: metadata, basePath: config.basePath)
  }
}

import ContainerViews
import CvsiteMarkdown
import Foundation

/// A theme file copied to the output.
public struct ThemeAsset: Sendable, Hashable {
  public var url: URL
  public var outputPath: String
}

/// The theme as the site pipeline uses it.
struct SiteThemeAdapter: Sendable {
  let schema: Schema
  let renderer: any ContainerRenderer
  let assets: [ThemeAsset]

  static func load(name: String, siteRoot: URL, searchPaths: [URL]) -> (SiteThemeAdapter?, [Diagnostic]) {
    (SiteThemeAdapter(schema: Schema(), renderer: PlainContainerRenderer(), assets: []), [])
  }

  func renderPage(_ context: PageLayoutContext) -> String {
    "<!doctype html><html lang=\"\(escapeHTML(context.site.language))\"><head><meta charset=\"utf-8\"><title>"
      + escapeHTML(context.page.metadata.title) + "</title></head><body>" + context.bodyHTML + "</body></html>\n"
  }

  func renderListing(container: String, pages: [SitePage], in section: SitePage) -> String {
    ""
  }
}
